#include "gpu_engine/runtime/bind_plan.hpp"

#include "gpu_engine/runtime/lanes.hpp"
#include "gpu_engine/runtime/launch_scheduling.hpp"

namespace galias::engine {

namespace {

// Whether a rule of `rules` reads relation r's full version: as the first step's outer
// relation or as an inner relation (full or old, which the merges into full keep too).
bool reads_full(const std::vector<plan::Rule>& rules, std::uint32_t r) {
    for (const plan::Rule& rule : rules) {
        for (std::size_t s = 0; s < rule.steps.size(); ++s) {
            const plan::JoinStep& step = rule.steps[s];
            if (s == 0 && step.outer_relation == r && step.outer_version == plan::Version::Full) return true;
            if (step.has_inner && step.inner_relation == r) return true;
        }
    }
    return false;
}

// Whether a rule of `rules` reads relation r's old version (full without the last delta).
bool reads_old(const std::vector<plan::Rule>& rules, std::uint32_t r) {
    for (const plan::Rule& rule : rules)
        for (const plan::JoinStep& step : rule.steps)
            if (step.has_inner && step.inner_relation == r && step.inner_version == plan::Version::Old)
                return true;
    return false;
}

// How relation r of `stratum` is deduplicated and merged.
plan::RelationStrategy relation_strategy(const plan::Plan& plan, const plan::Stratum& stratum,
                                         std::uint32_t r, const BackendCapabilities& caps,
                                         const EngineOptions& options) {
    const plan::Relation& relation = plan.relations[r];
    const std::uint32_t arity = relation.arity();
    plan::RelationStrategy chosen;
    // Linear recursion (REACH, SG): one stored order, and no rule of the stratum reads
    // full, which then only serves to deduplicate; its new tuples can be kept apart from
    // full (a recent run) or in a tuple set instead.
    const bool linear =
        stratum.recursive && relation.orders.size() == 1 && !reads_full(stratum.recursive_rules, r);
    using LinearDedup = EngineOptions::LinearDedup;
    const TupleSets* sets = caps.tuple_sets;
    const bool set = sets != nullptr && sets->holds(arity) &&
                     (options.linear_dedup == LinearDedup::Hash ||
                      (options.linear_dedup == LinearDedup::Auto && sets->prefers_hash_dedup(arity)));
    if (linear && set) {
        chosen.dedup = plan::Dedup::TupleSet;
    } else if (linear && options.defer_merges) {
        chosen.dedup = plan::Dedup::RecentRun;
    }
    // Without EBM the memory-lean mode: exact buffers, or full's own where the backend
    // merges in place.
    chosen.merge = options.eager_buffers            ? plan::Merge::SpareBuffer
                   : caps.in_place_merge != nullptr ? plan::Merge::InPlace
                                                    : plan::Merge::ExactBuffer;
    // Old versions live in EBM's second buffer.
    chosen.keeps_old = options.eager_buffers && stratum.recursive && reads_old(stratum.recursive_rules, r);
    // A set already drops every copy of a tuple it holds.
    chosen.duplicate_filter = chosen.dedup != plan::Dedup::TupleSet && caps.duplicate_filtering != nullptr &&
                              caps.duplicate_filtering->filters(arity);
    if (relation.add_mirrors) {
        // Where a filter thinned `new`, the mirrors join it before its one sort; a `new`
        // that holds every copy derived is deduplicated first, so the copies are not doubled.
        chosen.mirrors = chosen.dedup == plan::Dedup::TupleSet ? plan::Mirrors::IntoSet
                         : chosen.duplicate_filter             ? plan::Mirrors::BeforeDedup
                                                               : plan::Mirrors::AfterDedup;
    }
    return chosen;
}

// How each join step of `rule` runs, writing into a head stored as `head` says.
plan::RuleStrategy rule_strategy(const plan::Rule& rule, const plan::RelationStrategy& head,
                                 const BackendCapabilities& caps, const EngineOptions& options) {
    plan::RuleStrategy chosen;
    for (std::size_t s = 0; s < rule.steps.size(); ++s) {
        plan::StepStrategy step;
        if (s + 1 == rule.steps.size()) {
            // Into the head's `new`: into its set where it has one (first in one pass, which
            // needs no counts), else through its duplicate filter where it has one.
            const bool into_set = head.dedup == plan::Dedup::TupleSet;
            step.one_pass = into_set && caps.one_pass_join != nullptr;
            step.count = caps.counting_emit != nullptr ? plan::Count::CountAndEmit : plan::Count::JoinCount;
            step.emit = into_set                ? plan::Emit::IntoSet
                        : head.duplicate_filter ? plan::Emit::ThroughFilter
                                                : plan::Emit::JoinEmit;
        } else {
            // A temporarily materialized intermediate: distinct when the options ask for it,
            // in one pass where the backend has one.
            step.one_pass = options.dedup_intermediates && caps.one_pass_join != nullptr;
            step.sort_unique = options.dedup_intermediates;
        }
        chosen.steps.push_back(step);
    }
    return chosen;
}

}  // namespace

plan::Strategy bind_plan(const plan::Plan& plan, Backend& backend, const EngineOptions& options,
                         std::optional<Cell> value_bound) {
    const BackendCapabilities caps = backend.capabilities();
    plan::Strategy strategy;
    strategy.backend = backend.description();
    strategy.sched = std::string(sched::sched_mode_name(caps.scheduling != nullptr ? caps.scheduling->mode()
                                                                                   : sched::SchedMode::kOff));
    strategy.lanes = lane_count(caps, options.max_lanes);
    strategy.value_bound = value_bound;
    strategy.relations.resize(plan.relations.size());
    for (const plan::Stratum& stratum : plan.strata) {
        for (std::uint32_t r : stratum.relations)
            strategy.relations[r] = relation_strategy(plan, stratum, r, caps, options);
        plan::StratumStrategy rules;
        for (const plan::Rule& rule : stratum.init_rules)
            rules.init_rules.push_back(rule_strategy(rule, strategy.relations[rule.head], caps, options));
        for (const plan::Rule& rule : stratum.recursive_rules)
            rules.recursive_rules.push_back(
                rule_strategy(rule, strategy.relations[rule.head], caps, options));
        strategy.strata.push_back(std::move(rules));
    }
    return strategy;
}

}  // namespace galias::engine
