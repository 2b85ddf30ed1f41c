#pragma once
// How a plan runs on one backend: for every relation a rule derives, how its new tuples
// are deduplicated and merged, and for every join step, which form of join runs it. Plain
// data, chosen once when the plan is bound to a backend (runtime/bind_plan.hpp) from the
// backend's optional capabilities and the engine options, printed by `--explain`, and
// followed by the executor, which makes none of these choices itself. A capability's call
// may still decline a particular piece of work (a one-pass join whose room ran out, an
// in-place merge that cannot grow full): that is an outcome of the call, and the
// strategy says what runs then.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpu_engine/hisa/config.hpp"

namespace galias::engine::plan {

// How a relation's new tuples are deduplicated against the tuples it holds.
enum class Dedup : std::uint8_t {
    // sort + unique, minus full (and this iteration's earlier batches); the delta is merged
    // into full in every stored order.
    SortedRuns,
    // The same, but the delta is merged into a small recent run, folded into full only
    // when it outgrows an eighth of it (deferred merges: no rule of the stratum reads full).
    RecentRun,
    // An exact tuple set (TupleSets): the tuples a batch adds to it are its delta; no sort,
    // difference or merge until the stratum ends (no rule of the stratum reads full).
    TupleSet,
};

// Where full ∪= delta is written (SortedRuns and RecentRun).
enum class Merge : std::uint8_t {
    SpareBuffer,  // EBM: a kept buffer with room for more deltas (or old's buffer)
    ExactBuffer,  // --no-ebm: a new buffer of exactly |full| + |delta| tuples
    InPlace,      // --no-ebm on a backend with InPlaceMerge: full's own buffer, grown
};

// Where the mirrors of a symmetric relation's new tuples join them (Relation::add_mirrors).
enum class Mirrors : std::uint8_t {
    None,
    BeforeDedup,  // into `new`, which a duplicate filter has thinned, before its sort
    AfterDedup,   // into the deduplicated batch, which is sorted again
    IntoSet,      // inserted into the tuple set after the batch
};

struct RelationStrategy {
    Dedup dedup = Dedup::SortedRuns;
    Merge merge = Merge::SpareBuffer;
    // Variants that read the relation before their delta atom read its old version (with
    // EBM; without it they read full).
    bool keeps_old = false;
    // Joins write its new tuples through a duplicate pre-filter (DuplicateFiltering).
    bool duplicate_filter = false;
    Mirrors mirrors = Mirrors::None;
};

// Pass 1 of a two-pass join step.
enum class Count : std::uint8_t {
    JoinCount,     // Backend::join_count
    CountAndEmit,  // CountingEmit::join_count_emit: a small output is written at once
};

// Pass 2 of a rule's last step (an intermediate's is always Backend::join_emit).
enum class Emit : std::uint8_t {
    JoinEmit,       // Backend::join_emit into the head's `new`
    ThroughFilter,  // DuplicateFiltering::join_emit_distinct
    IntoSet,        // TupleSets::join_emit_new: only the tuples the head's set lacks
};

struct StepStrategy {
    // OnePassJoin first: join_into_set (a last step into the head's tuple set) or
    // join_distinct (an intermediate); the two passes below where it does not run.
    bool one_pass = false;
    Count count = Count::JoinCount;
    Emit emit = Emit::JoinEmit;
    // An intermediate's slices are deduplicated (sort_unique) before the next step reads
    // them (EngineOptions::dedup_intermediates).
    bool sort_unique = false;
};

struct RuleStrategy {
    std::vector<StepStrategy> steps;  // one per plan::JoinStep
};

struct StratumStrategy {
    std::vector<RuleStrategy> init_rules;       // Stratum::init_rules
    std::vector<RuleStrategy> recursive_rules;  // Stratum::recursive_rules
};

struct Strategy {
    std::string backend;  // the backend's description, "cpu (2 threads)"
    std::string sched;    // --sched mode
    std::size_t lanes = 1;
    // The bound promised to the backend when it was bound (inputs read), else unknown:
    // a backend's preference for tuple sets may depend on it.
    std::optional<Cell> value_bound;
    std::vector<RelationStrategy> relations;  // Plan::relations; defaults for input relations
    std::vector<StratumStrategy> strata;      // Plan::strata
};

}  // namespace galias::engine::plan
