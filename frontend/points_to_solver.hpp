#pragma once
// A small worklist solver for Andersen's analysis (the same four rules as
// analyses/andersen.dl), used before the real analysis runs: to find the targets of calls
// through function pointers (indirect_calls.hpp). Constraints may be added after solving;
// solve() then continues from where it stopped (difference propagation).

#include <llvm/ADT/SparseBitVector.h>

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace galias::frontend {

class PointsToSolver {
public:
    using Node = std::uint32_t;
    using Set = llvm::SparseBitVector<>;

    void add_address_of(Node pointer, Node object);  // pointer = &object
    void add_copy(Node dst, Node src);               // dst = src
    void add_load(Node dst, Node pointer);           // dst = *pointer
    void add_store(Node pointer, Node src);          // *pointer = src
    // Runs to a fixpoint and returns true, or stops after about `max_work` propagation
    // steps (an object moving along an edge) and returns false.
    bool solve(std::uint64_t max_work = UINT64_MAX);
    [[nodiscard]] std::uint64_t work() const { return work_; }

    [[nodiscard]] const Set& points_to(Node n) const;
    [[nodiscard]] std::size_t copy_edges() const { return edges_.size(); }

private:
    void grow(Node n);
    void push(Node n);
    void add_edge(Node src, Node dst);

    std::vector<Set> pts_;
    std::vector<Set> done_;  // the part of pts_ already propagated through loads and stores
    std::vector<std::vector<Node>> copy_to_;
    std::vector<std::vector<Node>> loads_into_;   // n -> dsts with dst = *n
    std::vector<std::vector<Node>> stores_from_;  // n -> srcs with *n = src
    std::unordered_set<std::uint64_t> edges_;
    std::vector<Node> worklist_;
    std::vector<bool> queued_;
    Set empty_;
    std::uint64_t work_ = 0;
};

}  // namespace galias::frontend
