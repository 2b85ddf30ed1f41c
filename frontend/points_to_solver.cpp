#include "frontend/points_to_solver.hpp"

#include <algorithm>

namespace galias::frontend {

void PointsToSolver::grow(Node n) {
    if (n < pts_.size()) return;
    const std::size_t old = pts_.size();
    const std::size_t size = static_cast<std::size_t>(n) + 1;
    pts_.resize(size);
    done_.resize(size);
    copy_to_.resize(size);
    loads_into_.resize(size);
    stores_from_.resize(size);
    queued_.resize(size, false);
    size_bound_.resize(size, 0);
    rep_.resize(size);
    for (std::size_t i = old; i < size; ++i) rep_[i] = static_cast<Node>(i);
}

PointsToSolver::Node PointsToSolver::find(Node n) const {
    while (rep_[n] != n) {
        rep_[n] = rep_[rep_[n]];  // path halving
        n = rep_[n];
    }
    return n;
}

void PointsToSolver::push(Node n) {
    if (queued_[n]) return;
    queued_[n] = true;
    worklist_.push_back(n);
}

void PointsToSolver::add_edge(Node src, Node dst) {
    grow(src > dst ? src : dst);
    src = find(src);
    dst = find(dst);
    if (src == dst || !edges_.insert((static_cast<std::uint64_t>(src) << 32) | dst).second) return;
    copy_to_[src].push_back(dst);
    const bool grew = (pts_[dst] |= pts_[src]);  // |= says whether dst gained objects
    if (grew) push(dst);
}

PointsToSolver::Object PointsToSolver::object_of(Node node) {
    auto [it, added] = object_index_.emplace(node, static_cast<Object>(object_nodes_.size()));
    if (added) object_nodes_.push_back(node);
    return it->second;
}

void PointsToSolver::add_address_of(Node pointer, Node object) {
    grow(pointer > object ? pointer : object);
    const Node p = find(pointer);
    if (pts_[p].test_and_set(object_of(object))) push(p);
}

void PointsToSolver::add_copy(Node dst, Node src) {
    add_edge(src, dst);
}

void PointsToSolver::add_load(Node dst, Node pointer) {
    grow(dst > pointer ? dst : pointer);
    const Node p = find(pointer);
    loads_into_[p].push_back(dst);
    const Set objects = done_[p];  // copy: add_edge may grow the vectors
    for (const unsigned object : objects) add_edge(object_nodes_[object], dst);
}

void PointsToSolver::add_store(Node pointer, Node src) {
    grow(pointer > src ? pointer : src);
    const Node p = find(pointer);
    stores_from_[p].push_back(src);
    const Set objects = done_[p];
    for (const unsigned object : objects) add_edge(src, object_nodes_[object]);
}

// Merges `from` into `into`: one node with the union of both points-to sets and edges.
void PointsToSolver::merge(Node into, Node from) {
    rep_[from] = into;
    ++merged_;
    pts_[into] |= pts_[from];
    size_bound_[into] += size_bound_[from];
    // What either has not propagated yet, the merged node must propagate.
    done_[into] &= done_[from];
    for (auto* lists : {&copy_to_, &loads_into_, &stores_from_}) {
        auto& a = (*lists)[into];
        auto& b = (*lists)[from];
        a.insert(a.end(), b.begin(), b.end());
        std::vector<Node>().swap(b);
    }
    pts_[from].clear();
    done_[from].clear();
    push(into);
}

// Tarjan's algorithm over the copy edges between representatives, iteratively (programs
// have long chains); every strongly connected component is merged into one node.
void PointsToSolver::collapse_cycles() {
    const std::size_t n = pts_.size();
    constexpr std::uint32_t kUnvisited = 0xFFFFFFFFu;
    std::vector<std::uint32_t> index(n, kUnvisited);
    std::vector<std::uint32_t> low(n, 0);
    std::vector<bool> on_stack(n, false);
    std::vector<Node> stack;
    struct Frame {
        Node node;
        std::size_t next_edge;
    };
    std::vector<Frame> frames;
    std::uint32_t counter = 0;
    for (Node root = 0; root < n; ++root) {
        if (find(root) != root || index[root] != kUnvisited) continue;
        frames.push_back(Frame{root, 0});
        index[root] = low[root] = counter++;
        stack.push_back(root);
        on_stack[root] = true;
        while (!frames.empty()) {
            Frame& frame = frames.back();
            const Node v = frame.node;
            if (frame.next_edge < copy_to_[v].size()) {
                const Node w = find(copy_to_[v][frame.next_edge++]);
                if (w == v) continue;
                if (index[w] == kUnvisited) {
                    index[w] = low[w] = counter++;
                    stack.push_back(w);
                    on_stack[w] = true;
                    frames.push_back(Frame{w, 0});
                } else if (on_stack[w]) {
                    low[v] = std::min(low[v], index[w]);
                }
                continue;
            }
            frames.pop_back();
            if (!frames.empty()) low[frames.back().node] = std::min(low[frames.back().node], low[v]);
            if (low[v] != index[v]) continue;
            // v is the root of a component: pop it and merge its members into v.
            while (true) {
                const Node w = stack.back();
                stack.pop_back();
                on_stack[w] = false;
                if (w == v) break;
                merge(v, w);
            }
        }
    }
}

// First in, first out: a node reached by many others (a global that every function writes)
// waits in the queue while they add to it, then passes everything on in one step. Last in,
// first out passed each small addition on at once, and every such step walks the large sets
// it adds to: on generated code with shared globals that took 100 times as long
// (docs/FRONTEND.md, "Complexity of the pre-analysis").
bool PointsToSolver::solve(std::uint64_t max_work) {
    const std::uint64_t limit = max_work == UINT64_MAX ? UINT64_MAX : work_ + max_work;
    while (!worklist_.empty()) {
        if (work_ > next_collapse_) {
            collapse_cycles();
            next_collapse_ = work_ * 2;
        }
        const Node n = worklist_.front();
        worklist_.pop_front();
        queued_[n] = false;
        if (find(n) != n) continue;  // merged into another node since it was queued
        if (max_set_ != 0 && pts_[n].count() > max_set_) {
            push(n);  // still to propagate, should solving go on with other limits
            return false;
        }
        Set delta;
        delta.intersectWithComplement(pts_[n], done_[n]);
        if (delta.empty()) continue;
        const std::uint64_t delta_count = delta.count();
        const std::uint64_t step =
            delta_count * (1 + copy_to_[n].size() + loads_into_[n].size() + stores_from_[n].size());
        if (step > limit - std::min(limit, work_)) {
            push(n);  // the step would pass the budget: not taken
            return false;
        }
        work_ += step;
        done_[n] |= delta;
        // New objects pointed to: loads from them and stores into them become copy edges.
        for (const unsigned object : delta) {
            const Node target = object_nodes_[object];
            for (std::size_t i = 0; i < loads_into_[n].size(); ++i) add_edge(target, loads_into_[n][i]);
            for (std::size_t i = 0; i < stores_from_[n].size(); ++i) add_edge(stores_from_[n][i], target);
        }
        bool too_large = false;
        for (std::size_t i = 0; i < copy_to_[n].size(); ++i) {
            const Node dst = find(copy_to_[n][i]);
            if (dst == n || !(pts_[dst] |= delta)) continue;
            push(dst);
            // A set over the limit stops the solve before it is walked again: every union
            // into it walks it, so one that grew unchecked until its own turn would make
            // each step cost as much as the largest set.
            if (max_set_ != 0 && (size_bound_[dst] += delta_count) > max_set_) {
                size_bound_[dst] = pts_[dst].count();
                too_large = too_large || size_bound_[dst] > max_set_;
            }
        }
        if (too_large) return false;  // n is done; what it reached is queued
    }
    return true;
}

const PointsToSolver::Set& PointsToSolver::points_to(Node n) const {
    return n < pts_.size() ? pts_[find(n)] : empty_;
}

}  // namespace galias::frontend
