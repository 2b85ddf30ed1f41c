#pragma once
// The semi-naive evaluation plan: plain data produced by the planner from a checked
// program, printed by `--explain`, and executed by runtime/executor on any backend.

#include <cstdint>
#include <string>
#include <vector>

#include "facts/tsv.hpp"
#include "gpu_engine/datalog/checker.hpp"
#include "gpu_engine/hisa/join_spec.hpp"

namespace galias::engine::plan {

// How a stored copy of a relation lays out its columns: stored column i holds the
// relation's column `columns[i]`; the first `key_len` stored columns are the hash-index key.
struct ColumnOrder {
    std::vector<std::uint32_t> columns;
    std::uint32_t key_len = 0;
    bool operator==(const ColumnOrder&) const = default;
    [[nodiscard]] bool is_identity() const;
    [[nodiscard]] std::string str() const;  // "(1,0) key 1"
};

struct Relation {
    std::string name;
    std::vector<facts::ColumnType> types;
    std::vector<std::string> attribute_names;
    // Stored copies of the full relation. orders[0] is the primary order: `new` and `delta`
    // use it, deduplication and set difference happen in it. Others exist because a join
    // probes the relation on other columns; each is kept up to date by merging the delta.
    std::vector<ColumnOrder> orders;
    std::uint32_t stratum = 0;
    // Every tuple's mirror is in it too (plan/symmetry.hpp).
    bool symmetric = false;
    // The planner dropped a rule variant for it whose derivations' mirrors other variants
    // make; the executor adds the mirror of each new tuple. (A symmetric relation without
    // dropped variants, such as SG, derives both orientations itself.)
    bool add_mirrors = false;
    datalog::RelationInfo info;  // declaration, I/O directives
    [[nodiscard]] std::uint32_t arity() const { return static_cast<std::uint32_t>(types.size()); }
};

// Full: every tuple so far; Delta: those first found in the last iteration; Old: full
// without that delta (what full was before the last iteration's tuples were merged in).
enum class Version : std::uint8_t { Full, Delta, Old };

// A constant of the program; symbols are interned when a run starts.
struct Constant {
    facts::ColumnType type = facts::ColumnType::Number;
    std::int64_t number = 0;
    std::string symbol;
};

struct OperandRef {
    OperandKind kind = OperandKind::Constant;
    std::uint32_t column = 0;    // Outer / Inner stored column
    std::uint32_t constant = 0;  // index into Plan::constants
};

struct FilterRef {
    OperandRef lhs;
    CompareKind op = CompareKind::Eq;
    OperandRef rhs;
};

// outer ⋈ inner -> output. The first step's outer is a relation version; every later
// step's outer is the previous step's output, a temporarily materialized intermediate
// (no dedup, no versions, freed after use). The last step writes the head relation's
// `new`, in its primary order.
struct JoinStep {
    std::uint32_t outer_relation = 0;  // first step only
    Version outer_version = Version::Full;
    // First step only: the outer relation's order the scan reads (an index into its
    // orders; only a delta is read in another than the primary order — the merges into
    // full's other orders sort it that way anyway).
    std::uint32_t outer_order = 0;
    bool has_inner = false;
    std::uint32_t inner_relation = 0;
    // Old for a recursive atom that stands before the variant's delta atom in the body:
    // variant k joins old_1..old_(k-1), delta_k, full_(k+1).., so a combination of new
    // tuples of several atoms is derived by one variant only, not by each of them.
    Version inner_version = Version::Full;
    std::uint32_t inner_order = 0;  // index into the inner relation's orders
    std::vector<OperandRef> key;    // one per inner key column
    std::vector<FilterRef> outer_filters;
    std::vector<FilterRef> filters;
    std::vector<OperandRef> out;
    std::vector<std::string> out_names;  // variable per output column, for --explain
};

struct Rule {
    std::string text;  // the clause as written (normalized)
    SourceLocation location;
    std::uint32_t head = 0;           // relation index
    int delta_atom = -1;              // body atom read as delta in this semi-naive variant; -1 = none
    std::vector<JoinStep> steps;      // empty for a fact
    std::vector<std::uint32_t> fact;  // constants of a fact, head column order
};

struct Stratum {
    std::vector<std::uint32_t> relations;  // relations defined here (one SCC)
    bool recursive = false;
    std::vector<Rule> init_rules;       // run once: facts and rules without recursive atoms
    std::vector<Rule> recursive_rules;  // semi-naive variants, run until no delta
};

struct Plan {
    std::string file;
    std::vector<Relation> relations;  // declaration order
    std::vector<Stratum> strata;      // topological order
    std::vector<Constant> constants;
};

}  // namespace galias::engine::plan
