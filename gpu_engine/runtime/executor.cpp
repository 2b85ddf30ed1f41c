#include "gpu_engine/runtime/executor.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>

#include "facts/diagnostic.hpp"
#include "gpu_engine/runtime/bind_plan.hpp"
#include "gpu_engine/runtime/launch_scheduling.hpp"

namespace galias::engine {

Executor::Executor(const plan::Plan& plan, Backend& backend, const EngineOptions& options,
                   std::shared_ptr<facts::StringInterner> symbols)
    : plan_(plan),
      backend_(backend),
      capabilities_(backend.capabilities()),
      options_(options),
      symbols_(std::move(symbols)),
      lanes_(backend, capabilities_, options_.max_lanes),
      store_(plan_, strategy_, backend_, capabilities_, options_, lanes_.count(), stats_) {
    for (const plan::Stratum& stratum : plan_.strata) {
        for (const auto* rules : {&stratum.init_rules, &stratum.recursive_rules}) {
            for (const plan::Rule& rule : *rules) {
                rule_ids_.emplace(&rule, stats_.rules.size());
                stats_.rules.push_back(RuleStats{rule.text, rule.delta_atom, 0, 0});
            }
        }
    }
    rule_output_ = std::make_unique<std::atomic<std::uint64_t>[]>(stats_.rules.size());
    rule_intermediate_ = std::make_unique<std::atomic<std::uint64_t>[]>(stats_.rules.size());
    stats_.backend = backend_.description();
    stats_.threads = backend_.threads();
    stats_.eager_buffers = options_.eager_buffers;
    stats_.sched = std::string(sched::sched_mode_name(
        capabilities_.scheduling != nullptr ? capabilities_.scheduling->mode() : sched::SchedMode::kOff));
    stats_.lanes = lanes_.count();
    batch_bytes_ = options_.batch_bytes != 0 ? options_.batch_bytes : backend_.default_batch_bytes();
    resolve_constants();
}

Executor::~Executor() = default;

namespace {

// A capability the strategy chose, on a lane: a lane offers its backend's capabilities
// (LaneSet), so it is there.
template <class Capability>
Capability& chosen(Capability* capability, const Lane& lane, const char* name) {
    if (capability == nullptr)
        throw std::logic_error("lane " + std::to_string(lane.index) + " lacks " + name +
                               ", which the strategy chose");
    return *capability;
}

}  // namespace

OperatorTimer Executor::time_operator(Backend& backend, IterationStats& it, Operator op) const {
    return OperatorTimer(backend, it, op, options_.collect_stats);
}

void Executor::resolve_constants() {
    for (const plan::Constant& c : plan_.constants) {
        constants_.push_back(c.type == facts::ColumnType::Symbol
                                 ? symbols_->intern(c.symbol)
                                 : static_cast<Cell>(static_cast<std::int32_t>(c.number)));
    }
}

void Executor::begin_iteration(IterationStats& /*it*/) {
    memory_at_iteration_start_ = backend_.memory();
}

void Executor::end_iteration(IterationStats& it, const std::vector<std::uint32_t>& relations) {
    std::size_t delta_total = 0;
    for (std::uint32_t r : relations) {
        it.delta_tuples.push_back(store_.state(r).delta.size);
        delta_total += store_.state(r).delta.size;
    }
    it.allocations = backend_.memory().allocations - memory_at_iteration_start_.allocations;
    it.allocated_bytes = backend_.memory().allocated_bytes - memory_at_iteration_start_.allocated_bytes;
    for (double s : it.times.seconds) it.seconds += s;
    stats_.totals += it.times;
    ++stats_.iterations_run;
    if (options_.on_progress) options_.on_progress(Progress{it.stratum, it.iteration, delta_total});
    if (options_.collect_stats) stats_.iterations.push_back(it);
    derived_tuples_ += delta_total;
    check_limits();
}

void Executor::check_limits() const {
    const RunLimits& limits = options_.limits;
    if (!limits.any()) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    if (limits.max_derived_tuples != 0 && derived_tuples_ > limits.max_derived_tuples)
        throw RunLimitExceeded(RunLimitExceeded::Bound::Tuples, derived_tuples_, seconds);
    if (limits.max_seconds > 0 && seconds > limits.max_seconds)
        throw RunLimitExceeded(RunLimitExceeded::Bound::Seconds, derived_tuples_, seconds);
}

// ---------------------------------------------------------------------------------------
// Inputs

// The cells of input relation `relation`: given in memory, or read from its facts file.
std::vector<Cell> Executor::read_input(const plan::Relation& relation, const Inputs& inputs) {
    if (auto found = inputs.relations.find(relation.name); found != inputs.relations.end()) {
        if (found->second.arity != relation.arity())
            throw DiagnosticError(relation.info.input.location,
                                  "in-memory input for '" + relation.name + "' has " +
                                      std::to_string(found->second.arity) + " columns, the relation " +
                                      std::to_string(relation.arity()));
        return found->second.cells;
    }
    std::filesystem::path file = relation.info.input.filename;
    if (file.is_relative()) file = inputs.facts_dir / file;
    if (!std::filesystem::exists(file))
        throw DiagnosticError(
            relation.info.input.location,
            "input file '" + file.string() + "' for relation '" + relation.name + "' does not exist");
    std::vector<Cell> rows;
    facts::read_tsv(file, relation.types, facts::TsvFormat{relation.info.input.delimiter}, *symbols_, rows);
    return rows;
}

void Executor::load_inputs(const Inputs& inputs) {
    IterationStats it;  // booked as stratum "load"
    begin_iteration(it);
    // Every input first: the values they hold decide the codes and the value bound.
    std::vector<std::vector<Cell>> rows(plan_.relations.size());  // empty for the other relations
    for (std::uint32_t r = 0; r < plan_.relations.size(); ++r) {
        if (!plan_.relations[r].info.is_input) continue;
        const OperatorTimer timer = time_operator(backend_, it, Operator::Load);
        rows[r] = read_input(plan_.relations[r], inputs);
    }
    // The largest value of any relation: rules derive tuples from input values and
    // constants only (the rule language has no arithmetic), so this bounds them all —
    // on codes, the largest code.
    Cell largest = 0;
    {
        const OperatorTimer timer = time_operator(backend_, it, Operator::Load);
        largest = ValueCodes::largest_value(rows, constants_);
        if (options_.code_values) codes_ = ValueCodes::for_values(rows, constants_, largest);
        if (codes_.active()) {
            for (std::vector<Cell>& cells : rows) codes_.encode(cells);
            codes_.encode(constants_);
            largest = codes_.largest();
        }
    }
    backend_.set_value_bound(largest);
    strategy_ = bind_plan(plan_, backend_, options_, largest);
    stats_.coded_values = codes_.distinct();
    stats_.value_bound = largest;
    for (std::uint32_t r = 0; r < plan_.relations.size(); ++r) {
        const plan::Relation& relation = plan_.relations[r];
        if (!relation.info.is_input) continue;
        const std::uint64_t tuples = rows[r].size() / relation.arity();
        TupleArray loaded;
        {
            const OperatorTimer timer = time_operator(backend_, it, Operator::Load);
            loaded = backend_.upload_array(rows[r].data(), tuples, relation.arity());
            rows[r] = {};
            if (!relation.orders[0].is_identity()) {
                TupleArray permuted;
                backend_.permute(loaded, relation.orders[0].columns, permuted);
                loaded = std::move(permuted);
            }
        }
        RelationState& state = store_.state(r);
        if (state.defined_by_rules) {
            // Rules derive more tuples: the inputs join the first `new`, so they also form
            // part of the first delta.
            const OperatorTimer timer = time_operator(backend_, it, Operator::Join);
            backend_.append(state.fresh[0], loaded);
        } else {
            {
                const OperatorTimer timer = time_operator(backend_, it, Operator::Dedup);
                backend_.sort_unique(loaded);
            }
            store_.install_full(r, std::move(loaded), it);
        }
    }
    it.iteration = 0;
    it.stratum = 0;
    stats_.totals += it.times;
    if (options_.collect_stats) {
        it.allocations = backend_.memory().allocations - memory_at_iteration_start_.allocations;
        it.allocated_bytes = backend_.memory().allocated_bytes - memory_at_iteration_start_.allocated_bytes;
        for (double s : it.times.seconds) it.seconds += s;
        it.stratum = static_cast<std::size_t>(-1);
        stats_.iterations.push_back(it);
    }
}

// ---------------------------------------------------------------------------------------
// Rules

JoinSpec Executor::make_spec(const plan::JoinStep& step, std::uint32_t outer_arity) const {
    auto operand = [&](const plan::OperandRef& ref) {
        Operand op;
        op.kind = ref.kind;
        op.column = static_cast<std::uint8_t>(ref.column);
        op.value = ref.kind == OperandKind::Constant ? constants_[ref.constant] : 0;
        return op;
    };
    auto filter = [&](const plan::FilterRef& ref) {
        return Filter{operand(ref.lhs), operand(ref.rhs), ref.op};
    };
    JoinSpec spec;
    spec.outer_arity = static_cast<std::uint8_t>(outer_arity);
    spec.has_inner = step.has_inner;
    spec.inner_arity =
        step.has_inner ? static_cast<std::uint8_t>(plan_.relations[step.inner_relation].arity()) : 0;
    spec.key_len = static_cast<std::uint8_t>(step.key.size());
    spec.out_arity = static_cast<std::uint8_t>(step.out.size());
    for (std::size_t k = 0; k < step.key.size(); ++k) spec.key[k] = operand(step.key[k]);
    for (std::size_t c = 0; c < step.out.size(); ++c) spec.out[c] = operand(step.out[c]);
    spec.outer_filter_count = static_cast<std::uint8_t>(step.outer_filters.size());
    for (std::size_t f = 0; f < step.outer_filters.size(); ++f)
        spec.outer_filters[f] = filter(step.outer_filters[f]);
    spec.filter_count = static_cast<std::uint8_t>(step.filters.size());
    for (std::size_t f = 0; f < step.filters.size(); ++f) spec.filters[f] = filter(step.filters[f]);
    return spec;
}

void Executor::run_rule(const plan::Rule& rule, const plan::RuleStrategy& strategy, Lane& lane) {
    RelationState& head = store_.state(rule.head);
    TupleArray& fresh = head.fresh[lane.index];
    if (rule.steps.empty()) {
        // A fact: its constants, in the head's primary order.
        const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Join);
        const plan::Relation& relation = plan_.relations[rule.head];
        std::vector<Cell> row;
        for (std::uint32_t column : relation.orders[0].columns) row.push_back(constants_[rule.fact[column]]);
        lane.backend.reserve(fresh, fresh.size + 1);
        lane.backend.upload(row.data(), row.size(), fresh.data() + fresh.cells());
        ++fresh.size;
        ++lane.it.join_output_tuples;
        ++rule_output_[rule_ids_.at(&rule)];
        return;
    }
    run_steps(rule, strategy, 0, first_outer(rule), lane);
}

// The relation version a rule's first step scans.
const TupleArray& Executor::first_outer(const plan::Rule& rule) const {
    const plan::JoinStep& first = rule.steps.front();
    const RelationState& source = store_.state(first.outer_relation);
    return first.outer_version != plan::Version::Delta ? source.full[0].data
           : first.outer_order == 0                    ? source.delta
                                                       : source.delta_in[first.outer_order];
}

// The rules of one iteration (or a stratum's non-recursive rules): they only read full
// and delta relations and write their own lane's `new`, so with several lanes they run
// at the same time, each lane taking the next rule not yet taken.
void Executor::run_rules(const std::vector<plan::Rule>& rules,
                         const std::vector<plan::RuleStrategy>& strategies, IterationStats& it) {
    std::size_t lanes = std::min(lanes_.count(), rules.size());
    if (lanes > 1) {
        std::uint64_t scanned = 0;
        for (const plan::Rule& rule : rules) scanned += rule.steps.empty() ? 0 : first_outer(rule).size;
        if (scanned < options_.min_lane_work) lanes = 1;
    }
    if (lanes <= 1) {
        Lane lane{0, backend_, capabilities_, it};
        for (std::size_t r = 0; r < rules.size(); ++r) run_rule(rules[r], strategies[r], lane);
        return;
    }
    lanes_.run(
        lanes, rules.size(), [&](std::size_t r, Lane& lane) { run_rule(rules[r], strategies[r], lane); }, it);
}

// Runs join step `s` (and, through the intermediates it materializes, every later step)
// on `outer` as the rule's strategy says, slice by slice: an intermediate slice never
// exceeds the batch budget, and the head's `new` is flushed whenever the next slice would
// overflow it.
void Executor::run_steps(const plan::Rule& rule, const plan::RuleStrategy& strategy, std::size_t s,
                         const TupleArray& outer, Lane& lane) {
    if (outer.size == 0) return;
    Backend& backend = lane.backend;
    const plan::JoinStep& step = rule.steps[s];
    const plan::StepStrategy& how = strategy.steps[s];
    const JoinSpec spec = make_spec(step, outer.arity);
    const Hisa* inner = nullptr;
    if (step.has_inner) {
        const RelationState& source = store_.state(step.inner_relation);
        const bool old = step.inner_version == plan::Version::Old && source.keeps_old && !source.old_is_full;
        inner = old ? &source.old[step.inner_order] : &source.full[step.inner_order];
    }
    const bool last = s + 1 == rule.steps.size();
    const std::uint64_t budget = std::max<std::uint64_t>(1, batch_bytes_ / (sizeof(Cell) * spec.out_arity));
    TupleArray& fresh = store_.state(rule.head).fresh[lane.index];
    if (how.one_pass &&
        (last ? run_last_step_in_one_pass(rule, spec, outer, inner, budget, lane)
              : run_intermediate_in_one_pass(rule, strategy, s, spec, outer, inner, budget, lane)))
        return;
    std::unique_ptr<JoinCounts> counts;
    {
        const OperatorTimer timer = time_operator(backend, lane.it, Operator::Join);
        counts = how.count == plan::Count::CountAndEmit
                     ? chosen(lane.caps.counting_emit, lane, "CountingEmit")
                           .join_count_emit(spec, outer, inner, fresh,
                                            budget > fresh.size ? budget - fresh.size : 0)
                     : backend.join_count(spec, outer, 0, outer.size, inner);
    }
    if (counts->total == 0) return;
    if (counts->emitted) {  // the whole output is in `new` already
        lane.it.join_output_tuples += counts->total;
        rule_output_[rule_ids_.at(&rule)] += counts->total;
        return;
    }
    RelationState& head = store_.state(rule.head);
    TupleArray& admitted = head.admitted[lane.index];
    for (std::uint64_t from = 0; from < outer.size;) {
        if (last) {
            if (fresh.size + admitted.size >= budget) store_.flush(rule.head, lane);
            const std::uint64_t to = counts->split(from, budget - fresh.size - admitted.size);
            std::uint64_t derived = 0;
            {
                const OperatorTimer timer = time_operator(backend, lane.it, Operator::Join);
                switch (how.emit) {
                    case plan::Emit::IntoSet: {
                        // One lane at a time: the emit may grow the set (flush_into_hash_set).
                        std::lock_guard lock(head.next_delta_mutex);
                        derived = chosen(lane.caps.tuple_sets, lane, "TupleSets")
                                      .join_emit_new(spec, outer, inner, *counts, from, to, admitted,
                                                     *head.hash_set);
                        break;
                    }
                    case plan::Emit::ThroughFilter:
                        derived = chosen(lane.caps.duplicate_filtering, lane, "DuplicateFiltering")
                                      .join_emit_distinct(spec, outer, inner, *counts, from, to, fresh,
                                                          store_.duplicate_filter(rule.head, lane));
                        break;
                    case plan::Emit::JoinEmit: {
                        const std::uint64_t before = fresh.size;
                        backend.join_emit(spec, outer, inner, *counts, from, to, fresh);
                        derived = fresh.size - before;
                        break;
                    }
                }
            }
            lane.it.join_output_tuples += derived;
            rule_output_[rule_ids_.at(&rule)] += derived;
            from = to;
        } else {
            // Temporarily materialized intermediate: no dedup, no versions, freed as soon
            // as the next step has consumed it.
            const std::uint64_t to = counts->split(from, budget);
            TupleArray intermediate(spec.out_arity);
            {
                const OperatorTimer timer = time_operator(backend, lane.it, Operator::Join);
                backend.join_emit(spec, outer, inner, *counts, from, to, intermediate);
            }
            lane.it.join_output_tuples += intermediate.size;
            rule_intermediate_[rule_ids_.at(&rule)] += intermediate.size;
            if (how.sort_unique && intermediate.size > 1) {
                // Distinct intermediate tuples only: a duplicate here would be joined again
                // and multiply into duplicates of the final output.
                const OperatorTimer timer = time_operator(backend, lane.it, Operator::Dedup);
                backend.sort_unique(intermediate);
            }
            run_steps(rule, strategy, s + 1, intermediate, lane);
            from = to;
        }
    }
}

// A rule's last step straight into its head's tuple set, where the backend has a pass
// that needs no counts first (OnePassJoin::join_into_set); false when it has not run whole
// (the tuples it did append stay in `admitted` and the set; the two passes add the rest).
bool Executor::run_last_step_in_one_pass(const plan::Rule& rule, const JoinSpec& spec,
                                         const TupleArray& outer, const Hisa* inner, std::uint64_t budget,
                                         Lane& lane) {
    OnePassJoin& one_pass = chosen(lane.caps.one_pass_join, lane, "OnePassJoin");
    RelationState& head = store_.state(rule.head);
    TupleArray& admitted = head.admitted[lane.index];
    const std::uint64_t held = head.fresh[lane.index].size + admitted.size;
    std::optional<std::uint64_t> derived;
    {
        const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Join);
        std::lock_guard lock(head.next_delta_mutex);  // one lane at a time, as join_emit_new
        derived = one_pass.join_into_set(spec, outer, inner, admitted, *head.hash_set,
                                         budget > held ? budget - held : 0);
    }
    if (!derived) return false;
    lane.it.join_output_tuples += *derived;
    rule_output_[rule_ids_.at(&rule)] += *derived;
    return true;
}

// A rule's intermediate step as one pass into a scratch bitmap, which hands the next step
// each derived tuple once (OnePassJoin::join_distinct) — no counts, no sort; false when it
// has not run.
bool Executor::run_intermediate_in_one_pass(const plan::Rule& rule, const plan::RuleStrategy& strategy,
                                            std::size_t s, const JoinSpec& spec, const TupleArray& outer,
                                            const Hisa* inner, std::uint64_t budget, Lane& lane) {
    OnePassJoin& one_pass = chosen(lane.caps.one_pass_join, lane, "OnePassJoin");
    TupleArray intermediate(spec.out_arity);
    std::optional<std::uint64_t> derived;
    {
        const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Join);
        derived = one_pass.join_distinct(spec, outer, inner, intermediate, budget);
    }
    if (!derived) return false;
    lane.it.join_output_tuples += *derived;
    rule_intermediate_[rule_ids_.at(&rule)] += *derived;
    run_steps(rule, strategy, s + 1, intermediate, lane);
    return true;
}

void Executor::evaluate() {
    for (std::size_t s = 0; s < plan_.strata.size(); ++s) {
        const plan::Stratum& stratum = plan_.strata[s];
        store_.begin_stratum(stratum);
        IterationStats it;
        it.stratum = s;
        it.iteration = 0;
        begin_iteration(it);
        run_rules(stratum.init_rules, strategy_.strata[s].init_rules, it);
        store_.absorb_all(stratum.relations, it);
        end_iteration(it, stratum.relations);
        if (stratum.recursive) {
            for (std::size_t iteration = 1;; ++iteration) {
                bool any_delta = false;
                for (std::uint32_t r : stratum.relations)
                    any_delta = any_delta || store_.state(r).delta.size != 0;
                if (!any_delta) break;
                IterationStats next;
                next.stratum = s;
                next.iteration = iteration;
                begin_iteration(next);
                run_rules(stratum.recursive_rules, strategy_.strata[s].recursive_rules, next);
                store_.absorb_all(stratum.relations, next);
                end_iteration(next, stratum.relations);
            }
        }
        StratumInfo info;
        for (std::uint32_t r : stratum.relations) {
            info.relations.push_back(plan_.relations[r].name);
            if (store_.state(r).hash_set) info.hash_deduplicated.push_back(plan_.relations[r].name);
        }
        store_.end_stratum(stratum);
        stats_.strata.push_back(std::move(info));
    }
}

// ---------------------------------------------------------------------------------------
// Results

void Executor::finish(Result& result) {
    IterationStats it;
    it.stratum = static_cast<std::size_t>(-2);
    begin_iteration(it);
    for (std::uint32_t r = 0; r < plan_.relations.size(); ++r) {
        const plan::Relation& relation = plan_.relations[r];
        RelationResult out;
        out.name = relation.name;
        out.arity = relation.arity();
        out.types = relation.types;
        out.is_output = relation.info.is_output;
        out.print_size = relation.info.print_size;
        out.output_file = relation.info.output.filename;
        out.delimiter = relation.info.output.delimiter;
        out.tuple_count = store_.state(r).full[0].data.size;
        const bool write = out.is_output && !options_.output_dir.empty();
        const bool keep =
            options_.keep_rows && (options_.keep_rows_of.empty() ||
                                   std::find(options_.keep_rows_of.begin(), options_.keep_rows_of.end(),
                                             relation.name) != options_.keep_rows_of.end());
        if (write || keep) {
            const OperatorTimer timer = time_operator(backend_, it, Operator::Write);
            TupleArray copy;
            const TupleArray* rows = &store_.state(r).full[0].data;
            if (!relation.orders[0].is_identity()) {
                copy = store_.identity_order_copy(r);
                rows = &copy;
            }
            std::filesystem::path file = out.output_file;
            if (file.is_relative()) file = options_.output_dir / file;
            if (backend_.host_accessible() && !keep && !codes_.active()) {
                // Host memory: write straight from the relation, no copy.
                facts::write_tsv(file, rows->data(), out.tuple_count, relation.types,
                                 facts::TsvFormat{out.delimiter}, *symbols_);
                result.relations.push_back(std::move(out));
                continue;
            }
            std::vector<Cell> host(rows->cells());
            if (!host.empty()) backend_.download(rows->data(), host.size(), host.data());
            copy = TupleArray();
            codes_.decode(host);  // codes keep the order: the rows stay sorted
            if (write)
                facts::write_tsv(file, host.data(), out.tuple_count, relation.types,
                                 facts::TsvFormat{out.delimiter}, *symbols_);
            if (keep) out.rows = std::move(host);
        }
        result.relations.push_back(std::move(out));
    }
    stats_.totals += it.times;
    for (std::size_t r = 0; r < stats_.rules.size(); ++r) {
        stats_.rules[r].output_tuples = rule_output_[r];
        stats_.rules[r].intermediate_tuples = rule_intermediate_[r];
    }
    stats_.allocations = backend_.memory().allocations;
    stats_.allocated_bytes = backend_.memory().allocated_bytes;
    stats_.peak_bytes = backend_.memory().peak_bytes;
    stats_.device_reserved_peak_bytes = backend_.reserved_peak_bytes();
    const sched::CoordinatorCounters launches = capabilities_.scheduling != nullptr
                                                    ? capabilities_.scheduling->counters()
                                                    : sched::CoordinatorCounters{};
    stats_.sched_launches = launches.launches;
    stats_.sched_concurrent_launches = launches.concurrent;
    stats_.sched_solves = launches.solves;
    stats_.sched_solve_seconds = launches.solve_seconds;
    stats_.sched_plan_seconds = launches.plan_seconds;
    const DeviceWaits waits = backend_.device_waits();
    stats_.device_waits = waits.count;
    stats_.device_wait_seconds = waits.seconds;
}

}  // namespace galias::engine
