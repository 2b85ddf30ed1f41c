#pragma once
// Witness paths: why two nodes may alias, as the chain of assignments that carries one
// value into both. Computed after the fixpoint from the facts (assign sites) and, for
// flows through memory, the engine's MemoryAlias relation: the shortest path, by number of
// steps, from a common source to each node, bounded in length.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "facts/program_facts.hpp"
#include "reports/finding.hpp"

namespace galias::reports {

using facts::NodeId;

inline constexpr std::size_t kDefaultMaxWitnessSteps = 32;

struct WitnessEdge {
    NodeId src = facts::kNoNode;
    NodeId dst = facts::kNoNode;
    facts::SourcePos pos;      // where the assignment is (unknown for memory steps)
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

class WitnessFinder {
public:
    // memory_alias: flat MemoryAlias(a, b) rows (2 cells each); may be empty.
    explicit WitnessFinder(const facts::ProgramFacts& facts,
                           std::span<const std::uint32_t> memory_alias = {});

    // Shortest witness that a node of `a` and a node of `b` may hold the same value, or none
    // within max_steps assignments. Deterministic: ties go to the smaller source node id.
    [[nodiscard]] std::optional<Witness> find(std::span<const NodeId> a, std::span<const NodeId> b,
                                              std::size_t max_steps = kDefaultMaxWitnessSteps) const;

    // The witness as code-flow steps: the source, then each assignment toward a, then
    // toward b.
    [[nodiscard]] std::vector<FlowStep> steps(const Witness& witness) const;

private:
    struct Distances {
        std::unordered_map<NodeId, std::size_t> dist;
        std::unordered_map<NodeId, std::size_t> next;  // node -> index into edges_ toward the target
    };
    [[nodiscard]] Distances backward(std::span<const NodeId> targets, std::size_t max_steps) const;
    [[nodiscard]] std::vector<WitnessEdge> walk(NodeId from, const Distances& d) const;

    const facts::ProgramFacts& facts_;
    std::vector<WitnessEdge> edges_;
    std::unordered_map<NodeId, std::vector<std::size_t>> incoming_;  // dst -> edge indexes
};

}  // namespace galias::reports
