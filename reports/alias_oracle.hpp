#pragma once
// The alias oracle the checks and queries ask: may two nodes alias, must they, and what
// may a pointer point to. Checks see only this interface, so they can be tested with a
// hand-built oracle; RelationAliasOracle answers from the engine's output relations.
//
// Node ids are those of ProgramFacts (cloned nodes included): a check asks about the
// nodes of one call site in one context. SourceView (below) merges contexts.

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "facts/program_facts.hpp"

namespace galias::reports {

using facts::NodeId;

// Whether two sorted sets of nodes (points-to sets) share an element.
[[nodiscard]] bool sorted_sets_meet(std::span<const NodeId> x, std::span<const NodeId> y);

// Whether an abstract object of the points-to analysis is one run-time object (a variable,
// a field path inside one, a function) rather than a summary of many: a heap allocation
// site (every block allocated there), a field node of a struct or union type (that field
// of every instance), a string literal node, a temporary, or the unknown object of an API
// parameter.
[[nodiscard]] bool is_one_object(const facts::Node& object);

// Whether two pointers into the object are evidence that they point into one buffer: one
// run-time object that is neither a struct variable or a table of records (Node::compound),
// whose separate parts a pointer analysis that mixes them up would blur, nor a function.
[[nodiscard]] bool is_one_buffer(const facts::Node& object);

enum class AliasKind : std::uint8_t { No, May, Must };
const char* alias_kind_name(AliasKind kind);  // "no-alias", "may-alias", "must-alias"

class AliasOracle {
public:
    virtual ~AliasOracle() = default;
    // The values of `a` and `b` may be equal (point into the same object).
    [[nodiscard]] virtual bool may_alias(NodeId a, NodeId b) const = 0;
    // ... and are equal on every execution that reaches them.
    [[nodiscard]] virtual bool must_alias(NodeId a, NodeId b) const = 0;
    // The objects (variables, heap allocation sites, ...) `p` may point to, sorted.
    [[nodiscard]] virtual std::vector<NodeId> points_to(NodeId p) const = 0;

    [[nodiscard]] AliasKind alias(NodeId a, NodeId b) const;
};

// The answers from ValueAlias and PointsTo, whatever holds them (the engine's rows in
// memory, RelationAliasOracle; a results database, DatabaseAliasOracle):
//
// may_alias(a, b): a == b, or ValueAlias(a, b) or (b, a), or the points-to sets intersect.
// must_alias(a, b): a == b, or both point to exactly one and the same object that is one
// run-time object (is_one_object).
//
// Results are stored per value class (docs/FACTS.md, "Value classes"): a node is answered
// by its representative, and two nodes of one class alias.
class RelationLookupOracle : public AliasOracle {
public:
    [[nodiscard]] bool may_alias(NodeId a, NodeId b) const final;
    [[nodiscard]] bool must_alias(NodeId a, NodeId b) const final;
    [[nodiscard]] std::vector<NodeId> points_to(NodeId p) const final;

protected:
    explicit RelationLookupOracle(const facts::ProgramFacts& facts) : facts_(facts) {}
    // ValueAlias(a, b), of two representatives.
    [[nodiscard]] virtual bool has_value_alias(NodeId a, NodeId b) const = 0;
    // PointsTo of a representative: sorted, distinct.
    [[nodiscard]] virtual std::span<const NodeId> points_to_set(NodeId p) const = 0;

    const facts::ProgramFacts& facts_;
};

// A relation of pairs as flat rows (2 cells per row), for membership tests: taken over as it
// is when sorted (the engine's rows are), so that a billion pairs cost neither a copy nor a
// sort; sorted and deduplicated once otherwise.
class SortedPairs {
public:
    SortedPairs() = default;
    explicit SortedPairs(std::vector<std::uint32_t> rows);
    [[nodiscard]] bool contains(NodeId a, NodeId b) const;  // binary search
    [[nodiscard]] std::size_t size() const { return rows_.size() / 2; }

private:
    std::vector<std::uint32_t> rows_;  // flat (a, b) rows, sorted, distinct
};

// Andersen's PointsTo(pointer, object) rows grouped by pointer: each set sorted, distinct.
class PointsToSets {
public:
    explicit PointsToSets(std::span<const std::uint32_t> rows);
    [[nodiscard]] std::span<const NodeId> of(NodeId p) const;

private:
    std::unordered_map<NodeId, std::vector<NodeId>> sets_;
};

// Rows are flat pairs as the engine returns them (2 cells per row):
//   value_alias   CSPA ValueAlias(a, b) (SortedPairs)
//   points_to     Andersen PointsTo(pointer, object); may be empty
class RelationAliasOracle final : public RelationLookupOracle {
public:
    RelationAliasOracle(const facts::ProgramFacts& facts, std::vector<std::uint32_t> value_alias,
                        std::span<const std::uint32_t> points_to);

    [[nodiscard]] std::size_t value_alias_pairs() const { return value_alias_.size(); }

private:
    [[nodiscard]] bool has_value_alias(NodeId a, NodeId b) const override;
    [[nodiscard]] std::span<const NodeId> points_to_set(NodeId p) const override;

    SortedPairs value_alias_;
    PointsToSets points_to_;
};

// The objects both nodes may point to (sorted).
std::vector<NodeId> common_objects(const AliasOracle& oracle, NodeId a, NodeId b);

// Maps source nodes to their clones and back (Node::origin), to answer questions about
// source-level variables with contexts merged.
class SourceView {
public:
    explicit SourceView(const facts::ProgramFacts& facts);

    [[nodiscard]] NodeId origin(NodeId node) const;
    [[nodiscard]] std::span<const NodeId> clones(NodeId origin) const;  // includes origin itself
    [[nodiscard]] const facts::Node* node(NodeId id) const;

    // Alias of two source nodes, contexts merged: No when no clone pair may alias; Must when
    // every clone pair of one context (context 0 matches every context) must alias; May
    // otherwise.
    [[nodiscard]] AliasKind alias(const AliasOracle& oracle, NodeId a, NodeId b) const;
    // Source-level objects a source node may point to in any context.
    [[nodiscard]] std::vector<NodeId> points_to(const AliasOracle& oracle, NodeId p) const;

private:
    const facts::ProgramFacts& facts_;
    std::unordered_map<NodeId, std::vector<NodeId>> clones_;
};

}  // namespace galias::reports
