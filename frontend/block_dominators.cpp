#include "frontend/block_dominators.hpp"

#include <utility>

namespace galias::frontend {

namespace {

// The successors of every block over the edges taken, by block id.
std::vector<std::vector<unsigned>> taken_successors(const clang::CFG& cfg,
                                                    const BlockDominators::EdgeFilter& taken) {
    std::vector<std::vector<unsigned>> succs(cfg.getNumBlockIDs());
    for (const clang::CFGBlock* block : cfg) {
        for (const clang::CFGBlock::AdjacentBlock& next : block->succs()) {
            const clang::CFGBlock* n = next.getReachableBlock();
            if (n != nullptr && taken(block, n)) succs[block->getBlockID()].push_back(n->getBlockID());
        }
    }
    return succs;
}

// The blocks reachable from `entry` in postorder (iteratively: generated functions nest deep).
std::vector<unsigned> postorder(const std::vector<std::vector<unsigned>>& succs, unsigned entry) {
    std::vector<unsigned> order;
    std::vector<bool> seen(succs.size(), false);
    std::vector<std::pair<unsigned, std::size_t>> stack{{entry, 0}};
    seen[entry] = true;
    while (!stack.empty()) {
        auto& [block, next] = stack.back();
        if (next < succs[block].size()) {
            const unsigned s = succs[block][next++];
            if (!seen[s]) {
                seen[s] = true;
                stack.emplace_back(s, 0);
            }
        } else {
            order.push_back(block);
            stack.pop_back();
        }
    }
    return order;
}

}  // namespace

// Immediate dominators by Cooper, Harvey and Kennedy's iteration over reverse postorder
// ("A Simple, Fast Dominance Algorithm"), then the tree's preorder/postorder intervals.
BlockDominators::BlockDominators(const clang::CFG& cfg, const EdgeFilter& taken)
    : pre_(cfg.getNumBlockIDs(), kUnvisited), post_(cfg.getNumBlockIDs(), kUnvisited) {
    const std::vector<std::vector<unsigned>> succs = taken_successors(cfg, taken);
    const unsigned entry = cfg.getEntry().getBlockID();
    const std::vector<unsigned> order = postorder(succs, entry);
    std::vector<unsigned> rank(succs.size(), kUnvisited);  // postorder number
    for (unsigned i = 0; i < order.size(); ++i) rank[order[i]] = i;
    std::vector<std::vector<unsigned>> preds(succs.size());
    for (const unsigned b : order) {
        for (const unsigned s : succs[b]) preds[s].push_back(b);
    }

    std::vector<unsigned> idom(succs.size(), kUnvisited);
    idom[entry] = entry;
    const auto intersect = [&](unsigned a, unsigned b) {
        while (a != b) {
            while (rank[a] < rank[b]) a = idom[a];
            while (rank[b] < rank[a]) b = idom[b];
        }
        return a;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const unsigned b = *it;
            if (b == entry) continue;
            unsigned found = kUnvisited;
            for (const unsigned p : preds[b]) {
                if (idom[p] == kUnvisited) continue;  // not processed yet
                found = found == kUnvisited ? p : intersect(p, found);
            }
            if (found != idom[b]) {
                idom[b] = found;
                changed = true;
            }
        }
    }

    std::vector<std::vector<unsigned>> children(succs.size());
    for (const unsigned b : order) {
        if (b != entry) children[idom[b]].push_back(b);
    }
    unsigned clock = 0;
    std::vector<std::pair<unsigned, std::size_t>> stack{{entry, 0}};
    pre_[entry] = clock++;
    while (!stack.empty()) {
        auto& [block, next] = stack.back();
        if (next < children[block].size()) {
            const unsigned c = children[block][next++];
            pre_[c] = clock++;
            stack.emplace_back(c, 0);
        } else {
            post_[block] = clock++;
            stack.pop_back();
        }
    }
}

}  // namespace galias::frontend
