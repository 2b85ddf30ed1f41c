#pragma once
// Dominators of the blocks of a function's control-flow graph, over the edges a path may
// take. "Does every path from the entry to this load pass that store?" is asked once per
// store and load of a function; a walk over the graph for each question made one
// 100,000-point function (a parser's generated switch) cost minutes. With the dominator
// tree built once, each question is two comparisons.

#include <clang/Analysis/CFG.h>

#include <functional>
#include <vector>

namespace galias::frontend {

class BlockDominators {
public:
    // `taken(from, to)`: whether a path may take the edge from block `from` to its
    // successor `to` (an edge no execution takes is left out).
    using EdgeFilter = std::function<bool(const clang::CFGBlock* from, const clang::CFGBlock* to)>;
    BlockDominators(const clang::CFG& cfg, const EdgeFilter& taken);

    // Whether some path from the entry reaches block `block` (by block id).
    [[nodiscard]] bool reachable(unsigned block) const { return pre_[block] != kUnvisited; }
    // Whether every path from the entry to block `b` passes block `a` (a block dominates
    // itself). Both must be reachable.
    [[nodiscard]] bool dominates(unsigned a, unsigned b) const {
        return pre_[a] <= pre_[b] && post_[b] <= post_[a];
    }

private:
    static constexpr unsigned kUnvisited = ~0u;
    // By block id: the dominator tree's preorder and postorder numbers (an interval test
    // answers "is an ancestor of").
    std::vector<unsigned> pre_;
    std::vector<unsigned> post_;
};

}  // namespace galias::frontend
