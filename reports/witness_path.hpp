#pragma once
// Witness paths: why two nodes may alias, as the chain of assignments that carries one
// value into both. Computed after the fixpoint from the facts (assign sites) and, for
// flows through memory, the engine's MemoryAlias relation: the shortest path, by number of
// steps, from a common source to each node, bounded in length.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "facts/program_facts.hpp"
#include "reports/finding.hpp"
#include "reports/memory_step_rows.hpp"

namespace galias::reports {

using facts::NodeId;

inline constexpr std::size_t kDefaultMaxWitnessSteps = 32;

struct WitnessEdge {
    NodeId src = facts::kNoNode;
    NodeId dst = facts::kNoNode;
    facts::SourcePos pos;         // where the assignment is (unknown for memory steps)
    bool through_memory = false;  // MemoryAlias(src, dst): a store to src is read from dst
};

struct Witness {
    NodeId source = facts::kNoNode;  // the common value (often &x or a heap allocation)
    std::vector<WitnessEdge> to_a;   // from source to the first node, in order
    std::vector<WitnessEdge> to_b;   // from source to the second node, in order
    [[nodiscard]] std::size_t length() const { return to_a.size() + to_b.size(); }
    // The node the path reaches on each side.
    [[nodiscard]] NodeId end_a() const { return to_a.empty() ? source : to_a.back().dst; }
    [[nodiscard]] NodeId end_b() const { return to_b.empty() ? source : to_b.back().dst; }
};

// The memory steps of witness paths, MemoryAlias(m, n) (a store through m may be read
// through n), looked up by n: from the engine's rows (WitnessFinder builds the lookup) or
// from a results database's index. Sources come in MemoryAlias's row order, which is
// ascending (the engine's rows are sorted), so both give the same witnesses.
class MemoryEdges {
public:
    virtual ~MemoryEdges() = default;
    // The nodes m with MemoryAlias(m, n).
    [[nodiscard]] virtual std::span<const NodeId> sources_into(NodeId n) const = 0;
};

class WitnessFinder {
public:
    // memory_alias: flat MemoryAlias(a, b) rows (2 cells each); may be empty.
    explicit WitnessFinder(const facts::ProgramFacts& facts,
                           std::span<const std::uint32_t> memory_alias = {});
    // The memory steps from `memory`, which must outlive the finder.
    WitnessFinder(const facts::ProgramFacts& facts, const MemoryEdges& memory);

    // Shortest witness that a node of `a` and a node of `b` may hold the same value, or none
    // within max_steps assignments. Deterministic: ties go to the smaller source node id.
    // With max_edges, the search looks at no more than that many edges (both sides
    // together) and gives the shortest witness found by then, or none: where memory steps
    // join most pointers of a program (a library's generic containers), a full search
    // visits the whole program for each witness.
    [[nodiscard]] std::optional<Witness> find(std::span<const NodeId> a, std::span<const NodeId> b,
                                              std::size_t max_steps = kDefaultMaxWitnessSteps,
                                              std::size_t max_edges = 0) const;

    // Whether the value of `from` reaches `to` through assignments alone (no memory step),
    // within `max_steps` of them, taking only the assignments `usable` accepts and passing
    // only through nodes `passable` accepts (`from` and `to` are not asked).
    [[nodiscard]] bool flows_within(NodeId from, NodeId to, std::size_t max_steps,
                                    const std::function<bool(NodeId)>& passable,
                                    const std::function<bool(const WitnessEdge&)>& usable) const;

    // The witness as code-flow steps: the source, then each assignment toward a, then
    // toward b.
    [[nodiscard]] std::vector<FlowStep> steps(const Witness& witness) const;

    // Whether searches step through long memory lists as bit rows (memory_step_rows.hpp;
    // the default). The witnesses are the same either way; off, for comparing the two.
    // Set before the first find().
    void use_memory_step_rows(bool use) { use_rows_ = use; }

private:
    WitnessFinder(const facts::ProgramFacts& facts, std::unique_ptr<MemoryEdges> memory);

    // One side of the search: breadth-first over incoming edges from the targets, one level
    // at a time, so the other side can stop it as soon as no shorter witness can exist.
    // The edge a search took from a node toward its target: an assignment (an index into
    // edges_) or a memory step into `dst` (kMemoryStep).
    static constexpr std::size_t kMemoryStep = static_cast<std::size_t>(-1);
    struct Step {
        NodeId dst = facts::kNoNode;
        std::size_t edge = kMemoryStep;
    };
    // A search's visited nodes as dense arrays indexed by node id, stamped with the search's
    // number so that starting a search clears nothing: on a program whose memory steps join
    // most pointers (a library's generic containers), one search visits hundreds of
    // thousands of nodes, and the checks run thousands of searches. One pair of them per
    // thread (find() is called from the checks' threads).
    struct Visits {
        std::vector<std::uint32_t> stamp;  // == the search's number: visited
        std::vector<std::uint32_t> dist;
        std::vector<Step> next;  // the node's step toward the target (none for a target)
        std::uint32_t number = 0;
        // The visited nodes that have a bit in the memory step rows, by that bit.
        std::vector<std::uint64_t> row_bits;
        std::span<const std::uint32_t> bit_of;
        void begin(const MemoryStepRows& rows);  // a new search: every node unvisited
        [[nodiscard]] bool visited(NodeId n) const { return n < stamp.size() && stamp[n] == number; }
        // Marks n visited at `depth`; false when it was already.
        bool visit(NodeId n, std::uint32_t depth, Step step);
    };
    struct Search {
        Visits* visits = nullptr;
        std::vector<NodeId> frontier;  // the nodes at distance `depth`
        std::size_t depth = 0;
    };
    [[nodiscard]] Search start(std::span<const NodeId> targets, Visits& visits) const;
    // Visits the next level: `frontier` becomes the nodes reached for the first time. Looks
    // at `edges_left` edges at most, counting them down; false when it ran out.
    bool expand(Search& search, std::size_t& edges_left) const;
    [[nodiscard]] std::vector<WitnessEdge> walk(NodeId from, const Search& search) const;
    // The memory lists' bit rows, built at the first search (and only if one is made).
    [[nodiscard]] const MemoryStepRows& rows() const;

    const facts::ProgramFacts& facts_;
    std::vector<WitnessEdge> edges_;  // the assignments
    // Incoming assignments as compressed rows: the edges into node n are
    // incoming_edges_[incoming_begin_[n] .. incoming_begin_[n + 1]), in edges_ order.
    std::vector<std::size_t> incoming_begin_;
    std::vector<std::size_t> incoming_edges_;
    std::unique_ptr<MemoryEdges> own_memory_;  // built from rows, when the finder was given rows
    const MemoryEdges* memory_ = nullptr;
    bool use_rows_ = true;
    struct LazyRows {
        std::once_flag built;
        MemoryStepRows rows;
    };
    std::unique_ptr<LazyRows> rows_ = std::make_unique<LazyRows>();
};

}  // namespace galias::reports
