#pragma once
// The alias oracle and the witness paths' memory steps answered from a results database's
// indexed relations (indexed_relation.hpp), with the same answers as from the engine's
// rows (RelationLookupOracle holds the logic; only the lookups differ).

#include "pipeline/indexed_relation.hpp"
#include "reports/alias_oracle.hpp"
#include "reports/witness_path.hpp"

namespace galias::pipeline {

// value_alias: ValueAlias by its first column; points_to: PointsTo by the pointer. Both
// must outlive the oracle.
class DatabaseAliasOracle final : public reports::RelationLookupOracle {
public:
    DatabaseAliasOracle(const facts::ProgramFacts& facts, const IndexedRelation& value_alias,
                        const IndexedRelation& points_to)
        : reports::RelationLookupOracle(facts), value_alias_(value_alias), points_to_(points_to) {}

private:
    [[nodiscard]] bool has_value_alias(facts::NodeId a, facts::NodeId b) const override {
        return value_alias_.contains(a, b);
    }
    [[nodiscard]] std::span<const facts::NodeId> points_to_set(facts::NodeId p) const override {
        return points_to_.values(p);
    }

    const IndexedRelation& value_alias_;
    const IndexedRelation& points_to_;
};

// memory_alias: MemoryAlias by its second column, so a node's sources are one lookup.
class DatabaseMemoryEdges final : public reports::MemoryEdges {
public:
    explicit DatabaseMemoryEdges(const IndexedRelation& memory_alias) : memory_alias_(memory_alias) {}
    [[nodiscard]] std::span<const facts::NodeId> sources_into(facts::NodeId n) const override {
        return memory_alias_.values(n);
    }

private:
    const IndexedRelation& memory_alias_;
};

}  // namespace galias::pipeline
