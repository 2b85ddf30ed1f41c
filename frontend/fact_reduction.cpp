#include "frontend/fact_reduction.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <cstdint>
#include <numeric>
#include <unordered_map>
#include <utility>
#include <vector>

namespace galias::frontend {

namespace {

using facts::NodeId;

struct Edge {
    NodeId src;
    NodeId dst;
    friend auto operator<=>(const Edge&, const Edge&) = default;
};

// Sorts, drops duplicates and self loops.
void normalize(std::vector<Edge>& edges) {
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    edges.erase(std::remove_if(edges.begin(), edges.end(), [](const Edge& e) { return e.src == e.dst; }),
                edges.end());
}

// Component representative of every node (the node itself outside cycles).
std::vector<NodeId> component_representatives(std::size_t nodes, const std::vector<Edge>& edges,
                                              ReductionStats& stats) {
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    Graph graph(nodes);
    for (const Edge& e : edges) boost::add_edge(e.src, e.dst, graph);
    std::vector<std::size_t> component(nodes);
    const std::size_t count = nodes == 0 ? 0 : boost::strong_components(graph, &component[0]);
    std::vector<NodeId> smallest(count, facts::kNoNode);
    std::vector<std::uint32_t> size(count, 0);
    for (NodeId n = 0; n < nodes; ++n) {
        smallest[component[n]] = std::min(smallest[component[n]], n);
        ++size[component[n]];
    }
    std::vector<NodeId> rep(nodes);
    for (NodeId n = 0; n < nodes; ++n) {
        rep[n] = smallest[component[n]];
        if (rep[n] != n) ++stats.cycle_members;
    }
    return rep;
}

}  // namespace

ReductionStats reduce_copies(ExtractResult& facts) {
    ReductionStats stats;
    const std::size_t nodes = facts.program.nodes.size();
    const FactRelation& assign = facts.cspa_assign;
    stats.assign_before = assign.size();
    stats.assign_after = assign.size();
    if (assign.size() == 0) return stats;

    // Memory locations, and the pointer of each dereference node (for Andersen's stores).
    std::vector<bool> memory(nodes, false);
    std::vector<NodeId> pointer_of(nodes, facts::kNoNode);
    for (std::size_t i = 0; i < facts.cspa_dereference.size(); ++i) {
        const NodeId pointer = facts.cspa_dereference.cells[2 * i];
        const NodeId target = facts.cspa_dereference.cells[2 * i + 1];
        memory[target] = true;
        if (facts.program.nodes[target].kind == facts::NodeKind::Deref) pointer_of[target] = pointer;
    }

    std::vector<Edge> edges;
    edges.reserve(assign.size());
    for (std::size_t i = 0; i < assign.size(); ++i) {
        edges.push_back(Edge{assign.cells[2 * i], assign.cells[2 * i + 1]});
    }

    // 1. Cycles.
    const std::vector<NodeId> rep = component_representatives(nodes, edges, stats);
    std::vector<Edge> collapsed;
    collapsed.reserve(edges.size());
    for (const Edge& e : edges) collapsed.push_back(Edge{rep[e.src], rep[e.dst]});
    for (NodeId n = 0; n < nodes; ++n) {
        if (rep[n] == n) continue;
        collapsed.push_back(Edge{rep[n], n});
        if (memory[n]) collapsed.push_back(Edge{n, rep[n]});
    }
    normalize(collapsed);

    // 2. Copies: follow single predecessors of non-memory nodes to the node whose values
    // they hold. The graph is acyclic except for the memory members' edges back to their
    // representative, and memory nodes end a chain, so this terminates.
    std::vector<std::uint32_t> predecessors(nodes, 0);
    std::vector<NodeId> only_predecessor(nodes, facts::kNoNode);
    for (const Edge& e : collapsed) {
        ++predecessors[e.dst];
        only_predecessor[e.dst] = e.src;
    }
    std::vector<NodeId> value_of(nodes, facts::kNoNode);
    std::vector<NodeId> chain;
    const auto value_representative = [&](NodeId n) {
        chain.clear();
        while (value_of[n] == facts::kNoNode) {
            if (memory[n] || predecessors[n] != 1) {
                value_of[n] = n;
                break;
            }
            chain.push_back(n);
            value_of[n] = n;  // provisional: ends the walk if it comes back here
            n = only_predecessor[n];
        }
        const NodeId result = value_of[n];
        for (NodeId c : chain) value_of[c] = result;
        return result;
    };
    std::vector<Edge> reduced;
    reduced.reserve(collapsed.size());
    for (const Edge& e : collapsed) reduced.push_back(Edge{value_representative(e.src), e.dst});
    normalize(reduced);
    for (NodeId n = 0; n < nodes; ++n) {
        if (value_of[n] != facts::kNoNode && value_of[n] != n && rep[n] == n) ++stats.substituted;
    }

    // 3. Value classes: a substituted node now has exactly one edge, from the node whose
    // values it holds, and none out. Its answers are that node's, so the edge goes and
    // value_class records whom to ask (the engine then pairs each class once, not each
    // copy). A node whose every edge went this way keeps one, so that CSPA's reflexive
    // ValueFlow/ValueAlias rows of the class still exist (they come from assign facts).
    std::vector<std::uint32_t> edges_of(nodes, 0);
    for (const Edge& e : reduced) {
        ++edges_of[e.src];
        ++edges_of[e.dst];
    }
    const auto is_class_member = [&](const Edge& e) {
        return !memory[e.dst] && value_representative(e.dst) == e.src;
    };
    std::vector<NodeId> representative(nodes);
    std::iota(representative.begin(), representative.end(), NodeId{0});
    std::vector<Edge> kept;
    kept.reserve(reduced.size());
    for (const Edge& e : reduced) {
        if (is_class_member(e) && edges_of[e.src] > 1) {
            --edges_of[e.src];
            representative[e.dst] = e.src;
            ++stats.class_members;
        } else {
            kept.push_back(e);
        }
    }
    for (std::size_t i = 0; i < facts.cspa_dereference.size(); ++i) {
        NodeId& pointer = facts.cspa_dereference.cells[2 * i];
        pointer = representative[pointer];
    }
    for (std::size_t i = 0; i < facts.andersen_load.size(); ++i) {
        NodeId& pointer = facts.andersen_load.cells[2 * i + 1];
        pointer = representative[pointer];
    }

    // Rebuild the assign relations. assign_sites.tsv keeps the edges as emitted: it is the
    // graph witness paths are searched in, and the statements as written explain best.
    facts.cspa_assign.cells.clear();
    facts.andersen_assign.cells.clear();
    facts.andersen_store.cells.clear();
    for (const Edge& e : kept) {
        facts.cspa_assign.add(e.src, e.dst);
        if (pointer_of[e.dst] != facts::kNoNode) {
            facts.andersen_store.add(representative[pointer_of[e.dst]], e.src);
        } else {
            facts.andersen_assign.add(e.dst, e.src);
        }
    }
    stats.assign_after = facts.cspa_assign.size();
    if (stats.class_members != 0) facts.program.value_class = std::move(representative);
    return stats;
}

}  // namespace galias::frontend
