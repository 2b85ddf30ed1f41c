#include "frontend/points_to_solver.hpp"

namespace galias::frontend {

void PointsToSolver::grow(Node n) {
    if (n < pts_.size()) return;
    const std::size_t size = static_cast<std::size_t>(n) + 1;
    pts_.resize(size);
    done_.resize(size);
    copy_to_.resize(size);
    loads_into_.resize(size);
    stores_from_.resize(size);
    queued_.resize(size, false);
}

void PointsToSolver::push(Node n) {
    if (queued_[n]) return;
    queued_[n] = true;
    worklist_.push_back(n);
}

void PointsToSolver::add_edge(Node src, Node dst) {
    grow(src > dst ? src : dst);
    if (src == dst || !edges_.insert((static_cast<std::uint64_t>(src) << 32) | dst).second) return;
    copy_to_[src].push_back(dst);
    if (pts_[dst] |= pts_[src]) push(dst);
}

void PointsToSolver::add_address_of(Node pointer, Node object) {
    grow(pointer > object ? pointer : object);
    if (pts_[pointer].test_and_set(object)) push(pointer);
}

void PointsToSolver::add_copy(Node dst, Node src) { add_edge(src, dst); }

void PointsToSolver::add_load(Node dst, Node pointer) {
    grow(dst > pointer ? dst : pointer);
    loads_into_[pointer].push_back(dst);
    const Set objects = done_[pointer];  // copy: add_edge may grow the vectors
    for (const unsigned object : objects) add_edge(object, dst);
}

void PointsToSolver::add_store(Node pointer, Node src) {
    grow(pointer > src ? pointer : src);
    stores_from_[pointer].push_back(src);
    const Set objects = done_[pointer];
    for (const unsigned object : objects) add_edge(src, object);
}

bool PointsToSolver::solve(std::uint64_t max_work) {
    const std::uint64_t limit = max_work == UINT64_MAX ? UINT64_MAX : work_ + max_work;
    while (!worklist_.empty()) {
        if (work_ > limit) return false;
        const Node n = worklist_.back();
        worklist_.pop_back();
        queued_[n] = false;
        Set delta = pts_[n];
        delta.intersectWithComplement(done_[n]);
        if (delta.empty()) continue;
        done_[n] |= delta;
        work_ += static_cast<std::uint64_t>(delta.count()) *
                 (1 + copy_to_[n].size() + loads_into_[n].size() + stores_from_[n].size());
        // New objects pointed to: loads from them and stores into them become copy edges.
        for (const unsigned object : delta) {
            for (std::size_t i = 0; i < loads_into_[n].size(); ++i) add_edge(object, loads_into_[n][i]);
            for (std::size_t i = 0; i < stores_from_[n].size(); ++i) add_edge(stores_from_[n][i], object);
        }
        for (std::size_t i = 0; i < copy_to_[n].size(); ++i) {
            const Node dst = copy_to_[n][i];
            if (pts_[dst] |= delta) push(dst);
        }
    }
    return true;
}

const PointsToSolver::Set& PointsToSolver::points_to(Node n) const { return n < pts_.size() ? pts_[n] : empty_; }

}  // namespace galias::frontend
