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
    // What normalize() sorts and deduplicates by: source, then destination. Written out, not
    // a defaulted operator<=>: clang-tidy 14 reports the 0 that the defaulted <=> compares
    // against as a null pointer (modernize-use-nullptr), and NOLINT does not silence it.
    friend bool operator==(const Edge&, const Edge&) = default;
    friend bool operator<(const Edge& a, const Edge& b) {
        return a.src != b.src ? a.src < b.src : a.dst < b.dst;
    }
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

// Union-find over nodes merged by equal sources (path halving).
NodeId find(std::vector<NodeId>& parent, NodeId n) {
    while (parent[n] != n) {
        parent[n] = parent[parent[n]];
        n = parent[n];
    }
    return n;
}

struct SourcesHash {
    std::size_t operator()(const std::vector<NodeId>& sources) const {
        std::size_t h = sources.size();
        for (NodeId n : sources) h = h * 0x9E3779B97F4A7C15ULL + n;
        return h;
    }
};

// 4. Equal sources (hash-based value numbering): a node that only receives values by
// assignment holds the union of its sources' values, so two such nodes with the same
// sources (`p` at two joins of one pair of definitions, copies of one phi) hold the same
// values, and a node whose sources all became one node holds that node's. Numbering runs to
// a fixpoint, since a merge can make the sources of later nodes equal. Each merged node
// joins the value class of the node it equals: its edges in go (they are that node's),
// its edges out start from that node. Returns the merged nodes' count.
std::size_t merge_equal_sources(std::vector<Edge>& edges, const std::vector<bool>& eligible,
                                std::vector<NodeId>& representative) {
    const std::size_t nodes = representative.size();
    std::vector<std::vector<NodeId>> sources(nodes);
    for (const Edge& e : edges)
        if (eligible[e.dst]) sources[e.dst].push_back(e.src);
    std::vector<NodeId> parent(nodes);
    std::iota(parent.begin(), parent.end(), NodeId{0});
    std::size_t merged = 0;
    std::vector<NodeId> key;
    for (bool changed = true; changed;) {
        changed = false;
        std::unordered_map<std::vector<NodeId>, NodeId, SourcesHash> numbered;
        for (NodeId v = 0; v < nodes; ++v) {
            if (!eligible[v] || sources[v].empty() || parent[v] != v) continue;
            key.clear();
            for (NodeId s : sources[v]) key.push_back(find(parent, s));
            std::sort(key.begin(), key.end());
            key.erase(std::unique(key.begin(), key.end()), key.end());
            key.erase(std::remove(key.begin(), key.end(), v), key.end());
            if (key.empty()) continue;
            NodeId equal = facts::kNoNode;
            if (key.size() == 1) {
                equal = key.front();
            } else {
                const auto [it, inserted] = numbered.try_emplace(key, v);
                if (!inserted) equal = it->second;
            }
            if (equal == facts::kNoNode) continue;
            parent[v] = equal;
            ++merged;
            changed = true;
        }
    }
    if (merged == 0) return 0;
    std::vector<Edge> rewritten;
    std::vector<Edge> into_merged;  // the edges into merged nodes: their equal's own
    rewritten.reserve(edges.size());
    for (const Edge& e : edges) {
        const Edge moved{find(parent, e.src), e.dst};
        (find(parent, e.dst) != e.dst ? into_merged : rewritten).push_back(moved);
    }
    normalize(rewritten);
    // A node left without an edge keeps one into a node of its class, which then answers
    // for itself (it holds the node's values), so that CSPA's reflexive rows of the class
    // still exist (as in step 3).
    std::vector<bool> has_edge(nodes, false);
    for (const Edge& e : rewritten) has_edge[e.src] = has_edge[e.dst] = true;
    for (const Edge& e : into_merged) {
        if (has_edge[e.src] || e.src == e.dst || find(parent, e.dst) != e.src) continue;
        parent[e.dst] = e.dst;
        --merged;
        rewritten.push_back(e);
        has_edge[e.src] = has_edge[e.dst] = true;
    }
    normalize(rewritten);
    edges = std::move(rewritten);
    for (NodeId n = 0; n < nodes; ++n) representative[n] = find(parent, representative[n]);
    return merged;
}

// The memory locations among the nodes (the targets of dereference facts), and the pointer
// of each dereference node, for Andersen's stores.
struct MemoryNodes {
    std::vector<bool> is_memory;
    std::vector<NodeId> pointer_of;  // kNoNode for a node that is no dereference
};

MemoryNodes memory_nodes(const ExtractResult& facts) {
    const std::size_t nodes = facts.program.nodes.size();
    MemoryNodes memory{std::vector<bool>(nodes, false), std::vector<NodeId>(nodes, facts::kNoNode)};
    for (std::size_t i = 0; i < facts.cspa_dereference.size(); ++i) {
        const NodeId pointer = facts.cspa_dereference.cells[2 * i];
        const NodeId target = facts.cspa_dereference.cells[2 * i + 1];
        memory.is_memory[target] = true;
        if (facts.program.nodes[target].kind == facts::NodeKind::Deref) memory.pointer_of[target] = pointer;
    }
    return memory;
}

// 1. Cycles. An edge into a dereference `*p` is a store for Andersen (into what p points to,
// not into a variable), so a cycle through one holds one set of values for CSPA but not for
// Andersen: such edges make no cycle here. `rep` receives each node's component representative.
std::vector<Edge> collapse_cycles(const std::vector<Edge>& edges, const MemoryNodes& memory,
                                  std::vector<NodeId>& rep, ReductionStats& stats) {
    const std::size_t nodes = memory.is_memory.size();
    std::vector<Edge> copies;
    copies.reserve(edges.size());
    for (const Edge& e : edges)
        if (memory.pointer_of[e.dst] == facts::kNoNode) copies.push_back(e);
    rep = component_representatives(nodes, copies, stats);
    std::vector<Edge> collapsed;
    collapsed.reserve(edges.size());
    for (const Edge& e : edges) collapsed.push_back(Edge{rep[e.src], rep[e.dst]});
    for (NodeId n = 0; n < nodes; ++n) {
        if (rep[n] == n) continue;
        collapsed.push_back(Edge{rep[n], n});
        if (memory.is_memory[n]) collapsed.push_back(Edge{n, rep[n]});
    }
    normalize(collapsed);
    return collapsed;
}

// 2. Copies: the node whose values a node holds, following single predecessors of non-memory
// nodes. The graph is acyclic except for the memory members' edges back to their
// representative, and memory nodes end a chain, so this terminates. Answers are remembered.
class ValueRepresentatives {
public:
    ValueRepresentatives(const std::vector<Edge>& edges, const MemoryNodes& memory)
        : memory_(memory),
          predecessors_(memory.is_memory.size(), 0),
          only_predecessor_(memory.is_memory.size(), facts::kNoNode),
          value_of_(memory.is_memory.size(), facts::kNoNode) {
        for (const Edge& e : edges) {
            ++predecessors_[e.dst];
            only_predecessor_[e.dst] = e.src;
        }
    }

    NodeId of(NodeId n) {
        chain_.clear();
        while (value_of_[n] == facts::kNoNode) {
            if (memory_.is_memory[n] || predecessors_[n] != 1) {
                value_of_[n] = n;
                break;
            }
            chain_.push_back(n);
            value_of_[n] = n;  // provisional: ends the walk if it comes back here
            n = only_predecessor_[n];
        }
        const NodeId result = value_of_[n];
        for (NodeId c : chain_) value_of_[c] = result;
        return result;
    }
    // The representative a node was given, if it was asked for; kNoNode otherwise.
    [[nodiscard]] NodeId known(NodeId n) const { return value_of_[n]; }

private:
    const MemoryNodes& memory_;
    std::vector<std::uint32_t> predecessors_;
    std::vector<NodeId> only_predecessor_;
    std::vector<NodeId> value_of_;
    std::vector<NodeId> chain_;
};

std::vector<Edge> substitute_copies(const std::vector<Edge>& collapsed, ValueRepresentatives& values,
                                    const std::vector<NodeId>& rep, ReductionStats& stats) {
    std::vector<Edge> reduced;
    reduced.reserve(collapsed.size());
    for (const Edge& e : collapsed) reduced.push_back(Edge{values.of(e.src), e.dst});
    normalize(reduced);
    for (NodeId n = 0; n < rep.size(); ++n) {
        if (values.known(n) != facts::kNoNode && values.known(n) != n && rep[n] == n) ++stats.substituted;
    }
    return reduced;
}

// 3. Value classes: after steps 1 and 2 a substituted node has exactly one edge, from the node whose values
// it holds, and none out. Its answers are that node's, so the edge goes and `representative` records whom to
// ask (the engine then pairs each class once, not each copy). A node whose every edge went this way keeps
// one, so that CSPA's reflexive ValueFlow/ValueAlias rows of the class still exist (they come from assign
// facts). Returns the edges kept.
std::vector<Edge> split_value_classes(const std::vector<Edge>& reduced, const MemoryNodes& memory,
                                      ValueRepresentatives& values, std::vector<NodeId>& representative,
                                      ReductionStats& stats) {
    std::vector<std::uint32_t> edges_of(representative.size(), 0);
    for (const Edge& e : reduced) {
        ++edges_of[e.src];
        ++edges_of[e.dst];
    }
    std::vector<Edge> kept;
    kept.reserve(reduced.size());
    for (const Edge& e : reduced) {
        const bool class_member = !memory.is_memory[e.dst] && values.of(e.dst) == e.src;
        if (class_member && edges_of[e.src] > 1) {
            --edges_of[e.src];
            representative[e.dst] = e.src;
            ++stats.class_members;
        } else {
            kept.push_back(e);
        }
    }
    return kept;
}

// Dereferences and loads through a class member become ones through its representative.
void renumber_pointers(ExtractResult& facts, const std::vector<NodeId>& representative) {
    for (std::size_t i = 0; i < facts.cspa_dereference.size(); ++i) {
        NodeId& pointer = facts.cspa_dereference.cells[2 * i];
        pointer = representative[pointer];
    }
    for (std::size_t i = 0; i < facts.andersen_load.size(); ++i) {
        NodeId& pointer = facts.andersen_load.cells[2 * i + 1];
        pointer = representative[pointer];
    }
}

// Rebuilds the assign relations from the edges kept. assign_sites.tsv keeps the edges as
// emitted: it is the graph witness paths are searched in, and the statements as written
// explain best.
void rebuild_assign_relations(ExtractResult& facts, const std::vector<Edge>& kept, const MemoryNodes& memory,
                              const std::vector<NodeId>& representative) {
    facts.cspa_assign.cells.clear();
    facts.andersen_assign.cells.clear();
    facts.andersen_store.cells.clear();
    for (const Edge& e : kept) {
        facts.cspa_assign.add(e.src, e.dst);
        if (memory.pointer_of[e.dst] != facts::kNoNode) {
            facts.andersen_store.add(representative[memory.pointer_of[e.dst]], e.src);
        } else {
            facts.andersen_assign.add(e.dst, e.src);
        }
    }
}

}  // namespace

ReductionStats reduce_copies(ExtractResult& facts) {
    ReductionStats stats;
    const std::size_t nodes = facts.program.nodes.size();
    const FactRelation& assign = facts.cspa_assign;
    stats.assign_before = assign.size();
    stats.assign_after = assign.size();
    if (assign.size() == 0) return stats;

    const MemoryNodes memory = memory_nodes(facts);
    std::vector<Edge> edges;
    edges.reserve(assign.size());
    for (std::size_t i = 0; i < assign.size(); ++i)
        edges.push_back(Edge{assign.cells[2 * i], assign.cells[2 * i + 1]});

    std::vector<NodeId> rep;
    const std::vector<Edge> collapsed = collapse_cycles(edges, memory, rep, stats);
    ValueRepresentatives values(collapsed, memory);
    const std::vector<Edge> reduced = substitute_copies(collapsed, values, rep, stats);
    std::vector<NodeId> representative(nodes);
    std::iota(representative.begin(), representative.end(), NodeId{0});
    std::vector<Edge> kept = split_value_classes(reduced, memory, values, representative, stats);

    // 4. Equal sources, among the nodes that receive values only by assignment: not memory,
    // not a value class member already, and no address taken into them.
    std::vector<bool> eligible(nodes, false);
    for (NodeId n = 0; n < nodes; ++n) eligible[n] = !memory.is_memory[n] && representative[n] == n;
    for (std::size_t i = 0; i < facts.andersen_address_of.size(); ++i)
        eligible[facts.andersen_address_of.cells[2 * i]] = false;
    const std::size_t equal_sources = merge_equal_sources(kept, eligible, representative);
    stats.equal_sources = equal_sources;
    stats.class_members += equal_sources;

    renumber_pointers(facts, representative);
    rebuild_assign_relations(facts, kept, memory, representative);
    stats.assign_after = facts.cspa_assign.size();
    if (stats.class_members != 0) facts.program.value_class = std::move(representative);
    return stats;
}

}  // namespace galias::frontend
