#pragma once
// A small worklist solver for Andersen's analysis (the same four rules as
// analyses/andersen.dl), used before the real analysis runs: to find the targets of calls
// through function pointers (indirect_calls.hpp). Constraints may be added after solving;
// solve() then continues from where it stopped (difference propagation).
//
// Cycles of copy edges (x = y; y = x, common once loads and stores are resolved) make every
// member point to the same objects; from time to time they are found (Tarjan) and merged
// into one representative node, which is what keeps this fast on real programs.

#include <llvm/ADT/SparseBitVector.h>

#include <cstdint>
#include <deque>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace galias::frontend {

class PointsToSolver {
public:
    using Node = std::uint32_t;
    // Objects (nodes whose address is taken) are numbered densely in the order they first
    // appear: sets of them are far denser bit vectors than sets of node ids would be.
    using Object = std::uint32_t;
    using Set = llvm::SparseBitVector<>;  // of Objects

    void add_address_of(Node pointer, Node object);  // pointer = &object
    void add_copy(Node dst, Node src);               // dst = src
    void add_load(Node dst, Node pointer);           // dst = *pointer
    void add_store(Node pointer, Node src);          // *pointer = src
    // Runs to a fixpoint and returns true, or stops before it would pass `max_work`
    // propagation steps (an object moving along an edge), or once a node points to more
    // objects than limit_set_size() allows, and returns false. Solving may go on later
    // (with a larger budget) from where it stopped.
    bool solve(std::uint64_t max_work = UINT64_MAX);
    // 0 = no limit (the default). A solve bounded by both limits takes time linear in its
    // work budget: each step then walks sets of at most about this many objects.
    void limit_set_size(std::size_t objects) { max_set_ = objects; }

    [[nodiscard]] const Set& points_to(Node n) const;
    // The node of an object of a points-to set.
    [[nodiscard]] Node object_node(Object object) const { return object_nodes_[object]; }
    [[nodiscard]] std::uint64_t work() const { return work_; }
    [[nodiscard]] std::size_t merged_nodes() const { return merged_; }

private:
    void grow(Node n);
    Object object_of(Node node);
    void push(Node n);
    void add_edge(Node src, Node dst);
    Node find(Node n) const;
    void collapse_cycles();
    void merge(Node into, Node from);

    std::vector<Set> pts_;
    std::vector<Set> done_;  // the part of pts_ already propagated through loads and stores
    std::vector<std::vector<Node>> copy_to_;
    std::vector<std::vector<Node>> loads_into_;   // n -> dsts with dst = *n
    std::vector<std::vector<Node>> stores_from_;  // n -> srcs with *n = src
    mutable std::vector<Node> rep_;               // union-find parent; rep_[n] == n for representatives
    std::unordered_set<std::uint64_t> edges_;
    std::unordered_map<Node, Object> object_index_;
    std::vector<Node> object_nodes_;
    std::deque<Node> worklist_;
    std::vector<bool> queued_;
    std::vector<std::uint64_t> size_bound_;  // at least |pts_| where limit_set_size() applies
    Set empty_;
    std::uint64_t work_ = 0;
    std::size_t max_set_ = 0;
    std::uint64_t next_collapse_ = 1 << 16;  // work at which cycles are looked for next
    std::size_t merged_ = 0;
};

}  // namespace galias::frontend
