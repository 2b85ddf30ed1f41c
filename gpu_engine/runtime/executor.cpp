#include "gpu_engine/runtime/executor.hpp"

#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>

#include "facts/diagnostic.hpp"
#include "gpu_engine/runtime/launch_scheduling.hpp"

namespace galias::engine {

namespace {

// Column mapping that turns a tuple in the relation's primary order into order `o`.
std::vector<std::uint32_t> order_from_primary(const plan::Relation& relation, std::size_t o) {
    const plan::ColumnOrder& primary = relation.orders[0];
    std::vector<std::uint32_t> position(primary.columns.size());
    for (std::uint32_t j = 0; j < primary.columns.size(); ++j) position[primary.columns[j]] = j;
    std::vector<std::uint32_t> columns;
    for (std::uint32_t original : relation.orders[o].columns) columns.push_back(position[original]);
    return columns;
}

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

// The mirror (y, x) of each tuple of a two-column relation (plan/symmetry.hpp). Swapping
// the two stored columns mirrors a tuple in either column order.
TupleArray mirrored(Backend& backend, const TupleArray& tuples) {
    TupleArray mirror;
    constexpr std::uint32_t kSwapped[] = {1, 0};
    backend.permute(tuples, kSwapped, mirror);
    return mirror;
}

// A deferred relation's recent run is folded into full once it holds more than
// 1/kRecentShare of it: each iteration then merges its delta into a run of at most an
// eighth of full instead of rewriting all of full.
constexpr std::uint64_t kRecentShare = 8;

}  // namespace

// Versions of one relation. full[o] is the full relation in plan order o (orders[0] is the
// primary one); `delta` holds the tuples first found in the last iteration (primary
// order), read by this iteration's rules. fresh[lane] ("new") collects the output of the
// rules running on that lane up to a batch budget; each full batch is deduplicated
// against full and against `next_delta`, the distinct new tuples of this iteration so
// far, which becomes `delta` at its end. Lanes take `next_delta_mutex` to add to it.
// spare[o] / next_delta_spare are merge buffers kept between iterations by EBM.
//
// Deferred merges: while a recursive stratum runs, a relation with one column order that
// none of the stratum's rules reads as full (linear recursion such as REACH and SG, where
// full only serves to deduplicate) keeps its newest tuples apart in `recent` (sorted,
// distinct, disjoint from full[0]). Each iteration merges its delta into that small run;
// the run is folded into full[0], and full's index built, only when it outgrows
// 1/kRecentShare of full and when the stratum ends. Batches are deduplicated against both.
//
// Hash-set deduplication (`--dedup hash`, the GPU's default): such a relation of one or
// two columns may instead keep every tuple it holds in `hash_set`. Joins emit into the set
// (only the tuples it did not hold reach `admitted`), other tuples (input facts, outputs
// a backend appends whole) are inserted at the flush; what was new goes to `next_delta`
// as it is: no sort, no difference, no merge. Deltas stay unsorted (rules only scan
// them), each is appended to `found`, and `found` is sorted into full[0] once, when the
// stratum ends — unless the set has become a bitmap: it then holds every tuple, `found` is
// dropped, and the bitmap lists the relation sorted at the stratum's end.
//
// Old versions: when a semi-naive variant reads a relation before its delta atom, it reads
// `old[o]`, full as it was before the last delta was merged in (data and index). The
// merge writes into old's buffer, so the previous full buffer becomes old without a copy
// (it takes the place of EBM's spare); `old_is_full` when no delta was merged since.
// Only with EBM: the memory-lean mode (--no-ebm) merges in place and keeps no second
// buffer, and those variants read full instead (correct, with more duplicate derivations).
struct Executor::RelationState {
    std::vector<Hisa> full;
    std::vector<TupleArray> spare;
    bool keeps_old = false;  // for the stratum running now
    bool old_is_full = true;
    std::vector<Hisa> old;
    TupleArray delta;
    // delta_in[o] (o >= 1): the delta in order o, kept from the merge into full[o] where a
    // rule of the stratum scans it so (plan::JoinStep::outer_order); scanned[o] says which.
    std::vector<TupleArray> delta_in;
    std::vector<std::uint8_t> scanned;
    bool defer_merges = false;  // for the stratum running now
    std::unique_ptr<TupleHashSet> hash_set;  // for the stratum running now, or null
    TupleArray found;                        // with hash_set: the stratum's deltas, unsorted
    // With hash_set, per lane: tuples a join emitted straight into the set (join_emit_new),
    // new ones only, waiting beside fresh[lane] for the flush.
    std::vector<TupleArray> admitted;
    TupleArray recent;
    TupleArray recent_spare;
    std::vector<TupleArray> fresh;
    // Per lane, the duplicate pre-filter over fresh[lane] (null where the backend has none,
    // or until the lane first emits), kept until the stratum ends (backend.hpp).
    std::vector<std::unique_ptr<DuplicateFilter>> filters;
    std::vector<std::uint8_t> filter_made;  // not vector<bool>: lanes set their entries at once
    TupleArray next_delta;
    TupleArray next_delta_spare;
    std::mutex next_delta_mutex;
    bool defined_by_rules = false;
};

// Where a rule runs: a lane of the backend (its own stream on the GPU) and the
// statistics it books into, merged into the iteration's at the end of the join phase.
// `concurrent`: other lanes run at the same time, so what this lane leaves in shared
// state (next_delta) must be finished on its stream before another lane reads it.
struct Executor::Lane {
    std::size_t index = 0;
    Backend& backend;
    const BackendCapabilities& caps;  // backend's
    IterationStats& it;
    bool concurrent = false;
};

// Times one operator; time spent allocating inside it is booked as Allocation instead.
// A GPU backend queues work asynchronously, so an operator's device time is only its own
// when the timer waits for it: with statistics on (`--stats`) every operator
// synchronizes; without, nothing is reported per operator and the timer adds no round
// trip (each one is tens of microseconds, and a small analysis runs thousands of
// operators).
class Executor::OperatorTimer {
public:
    OperatorTimer(Backend& backend, IterationStats& it, Operator op, bool synchronize)
        : backend_(backend), it_(it), op_(op), synchronize_(synchronize),
          alloc_start_(backend.own_allocation_seconds()), start_(std::chrono::steady_clock::now()) {}
    ~OperatorTimer() {
        if (synchronize_) backend_.synchronize();
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        const double alloc = backend_.own_allocation_seconds() - alloc_start_;
        it_.times[op_] += elapsed - alloc;
        it_.times[Operator::Allocation] += alloc;
    }
    OperatorTimer(const OperatorTimer&) = delete;
    OperatorTimer& operator=(const OperatorTimer&) = delete;

private:
    Backend& backend_;
    IterationStats& it_;
    Operator op_;
    bool synchronize_;
    double alloc_start_;
    std::chrono::steady_clock::time_point start_;
};

Executor::Executor(const plan::Plan& plan, Backend& backend, const EngineOptions& options,
                   std::shared_ptr<facts::StringInterner> symbols)
    : plan_(plan), backend_(backend), capabilities_(backend.capabilities()), options_(options),
      symbols_(std::move(symbols)),
      lane_count_(capabilities_.lanes == nullptr
                      ? 1
                      : std::clamp<std::size_t>(capabilities_.lanes->count(), 1,
                                                options.max_lanes != 0 ? options.max_lanes
                                                                       : capabilities_.lanes->count())),
      lane_arena_(static_cast<int>(lane_count_)), lane_views_(lane_count_) {
    for (const plan::Relation& relation : plan_.relations) {
        auto state = std::make_unique<RelationState>();
        for (const plan::ColumnOrder& order : relation.orders) {
            Hisa hisa;
            hisa.data = TupleArray(relation.arity());
            hisa.key_len = order.key_len;
            state->full.push_back(std::move(hisa));
            state->spare.emplace_back(relation.arity());
        }
        state->delta = TupleArray(relation.arity());
        for (std::size_t lane = 0; lane < lane_count_; ++lane) {
            state->fresh.emplace_back(relation.arity());
            state->admitted.emplace_back(relation.arity());
        }
        state->filters.resize(lane_count_);
        state->filter_made.resize(lane_count_, 0);
        state->next_delta = TupleArray(relation.arity());
        state->next_delta_spare = TupleArray(relation.arity());
        relations_.push_back(std::move(state));
    }
    for (const plan::Stratum& stratum : plan_.strata)
        for (std::uint32_t r : stratum.relations) relations_[r]->defined_by_rules = true;
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
    stats_.lanes = lane_count_;
    batch_bytes_ = options_.batch_bytes != 0 ? options_.batch_bytes : backend_.default_batch_bytes();
    resolve_constants();
}

Executor::~Executor() = default;

Executor::OperatorTimer Executor::time_operator(Backend& backend, IterationStats& it, Operator op) const {
    return OperatorTimer(backend, it, op, options_.collect_stats);
}

void Executor::resolve_constants() {
    for (const plan::Constant& c : plan_.constants) {
        constants_.push_back(c.type == facts::ColumnType::Symbol ? symbols_->intern(c.symbol)
                                                                 : static_cast<Cell>(static_cast<std::int32_t>(c.number)));
    }
}

void Executor::begin_iteration(IterationStats& /*it*/) { memory_at_iteration_start_ = backend_.memory(); }

void Executor::end_iteration(IterationStats& it, const std::vector<std::uint32_t>& relations) {
    std::size_t delta_total = 0;
    for (std::uint32_t r : relations) {
        it.delta_tuples.push_back(relations_[r]->delta.size);
        delta_total += relations_[r]->delta.size;
    }
    it.allocations = backend_.memory().allocations - memory_at_iteration_start_.allocations;
    it.allocated_bytes = backend_.memory().allocated_bytes - memory_at_iteration_start_.allocated_bytes;
    for (double s : it.times.seconds) it.seconds += s;
    stats_.totals += it.times;
    ++stats_.iterations_run;
    if (options_.on_progress) options_.on_progress(Progress{it.stratum, it.iteration, delta_total});
    if (options_.collect_stats) stats_.iterations.push_back(it);
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
        throw DiagnosticError(relation.info.input.location,
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
        RelationState& state = *relations_[r];
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
            install_full(r, std::move(loaded), it);
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

// Makes sorted, distinct primary-order tuples the full relation, in every order.
void Executor::install_full(std::uint32_t relation, TupleArray sorted_primary, IterationStats& it) {
    const plan::Relation& plan_relation = plan_.relations[relation];
    RelationState& state = *relations_[relation];
    for (std::size_t o = 1; o < plan_relation.orders.size(); ++o) {
        TupleArray copy;
        {
            const OperatorTimer timer = time_operator(backend_, it, Operator::Merge);
            std::vector<std::uint32_t> columns = order_from_primary(plan_relation, o);
            backend_.permute(sorted_primary, columns, copy);
            backend_.sort(copy);
        }
        state.full[o].data = std::move(copy);
    }
    state.full[0].data = std::move(sorted_primary);
    const OperatorTimer timer = time_operator(backend_, it, Operator::IndexBuild);
    for (Hisa& hisa : state.full) backend_.build_index(hisa, options_.load_factor);
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
    auto filter = [&](const plan::FilterRef& ref) { return Filter{operand(ref.lhs), operand(ref.rhs), ref.op}; };
    JoinSpec spec;
    spec.outer_arity = static_cast<std::uint8_t>(outer_arity);
    spec.has_inner = step.has_inner;
    spec.inner_arity = step.has_inner ? static_cast<std::uint8_t>(plan_.relations[step.inner_relation].arity()) : 0;
    spec.key_len = static_cast<std::uint8_t>(step.key.size());
    spec.out_arity = static_cast<std::uint8_t>(step.out.size());
    for (std::size_t k = 0; k < step.key.size(); ++k) spec.key[k] = operand(step.key[k]);
    for (std::size_t c = 0; c < step.out.size(); ++c) spec.out[c] = operand(step.out[c]);
    spec.outer_filter_count = static_cast<std::uint8_t>(step.outer_filters.size());
    for (std::size_t f = 0; f < step.outer_filters.size(); ++f) spec.outer_filters[f] = filter(step.outer_filters[f]);
    spec.filter_count = static_cast<std::uint8_t>(step.filters.size());
    for (std::size_t f = 0; f < step.filters.size(); ++f) spec.filters[f] = filter(step.filters[f]);
    return spec;
}

void Executor::run_rule(const plan::Rule& rule, Lane& lane) {
    RelationState& head = *relations_[rule.head];
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
    run_steps(rule, 0, first_outer(rule), lane);
}

// The relation version a rule's first step scans.
const TupleArray& Executor::first_outer(const plan::Rule& rule) const {
    const plan::JoinStep& first = rule.steps.front();
    const RelationState& source = *relations_[first.outer_relation];
    return first.outer_version != plan::Version::Delta ? source.full[0].data
           : first.outer_order == 0                    ? source.delta
                                                       : source.delta_in[first.outer_order];
}

// The rules of one iteration (or a stratum's non-recursive rules): they only read full
// and delta relations and write their own lane's `new`, so with several lanes they run
// at the same time, each lane taking the next rule not yet taken.
void Executor::run_rules(const std::vector<plan::Rule>& rules, IterationStats& it) {
    std::size_t lanes = std::min(lane_count_, rules.size());
    if (lanes > 1) {
        std::uint64_t scanned = 0;
        for (const plan::Rule& rule : rules) scanned += rule.steps.empty() ? 0 : first_outer(rule).size;
        if (scanned < options_.min_lane_work) lanes = 1;
    }
    if (lanes <= 1) {
        Lane lane{0, backend_, capabilities_, it};
        for (const plan::Rule& rule : rules) run_rule(rule, lane);
        return;
    }
    std::vector<IterationStats> lane_stats(lanes);
    std::atomic<std::size_t> next_rule{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&](std::size_t index) {
        LaneView& view = lane_views_[index];
        if (view.backend == nullptr) {  // the lane's first use: made by its own thread
            view.backend = &capabilities_.lanes->lane(index);
            view.capabilities = view.backend->capabilities();
        }
        Lane lane{index, *view.backend, view.capabilities, lane_stats[index], true};
        try {
            for (std::size_t r = next_rule++; r < rules.size(); r = next_rule++) run_rule(rules[r], lane);
            lane.backend.synchronize();
        } catch (...) {
            std::lock_guard lock(failure_mutex);
            if (!failure) failure = std::current_exception();
            next_rule = rules.size();  // the other lanes stop after their current rule
        }
    };
    // The rules read what lane 0's stream wrote (inputs, merges, indexes): finished first.
    backend_.synchronize();
    // The helper lanes are tasks of the executor's own arena: its threads outlive the
    // iteration (a semi-naive loop runs hundreds of them, and starting threads for each
    // cost a single small analysis 15-20 %), and the isolation keeps a waiting lane from
    // picking up work of other arenas (another analysis of a batch).
    lane_arena_.execute([&] {
        tbb::task_group helpers;
        for (std::size_t index = 1; index < lanes; ++index) helpers.run([&work, index] { work(index); });
        work(0);
        helpers.wait();
    });
    if (failure) std::rethrow_exception(failure);
    // Lanes overlap in time, so the operator times add up to more than the wall time.
    for (const IterationStats& lane : lane_stats) {
        it.times += lane.times;
        it.join_output_tuples += lane.join_output_tuples;
    }
}

// Runs join step `s` (and, through the intermediates it materializes, every later step)
// on `outer`, slice by slice: an intermediate slice never exceeds the batch budget, and
// the head's `new` is flushed whenever the next slice would overflow it.
void Executor::run_steps(const plan::Rule& rule, std::size_t s, const TupleArray& outer, Lane& lane) {
    if (outer.size == 0) return;
    Backend& backend = lane.backend;
    const plan::JoinStep& step = rule.steps[s];
    const JoinSpec spec = make_spec(step, outer.arity);
    const Hisa* inner = nullptr;
    if (step.has_inner) {
        const RelationState& source = *relations_[step.inner_relation];
        const bool old = step.inner_version == plan::Version::Old && source.keeps_old && !source.old_is_full;
        inner = old ? &source.old[step.inner_order] : &source.full[step.inner_order];
    }
    const bool last = s + 1 == rule.steps.size();
    const std::uint64_t budget = std::max<std::uint64_t>(1, batch_bytes_ / (sizeof(Cell) * spec.out_arity));
    TupleArray& fresh = relations_[rule.head]->fresh[lane.index];
    if (last && relations_[rule.head]->hash_set && run_last_step_in_one_pass(rule, spec, outer, inner, budget, lane))
        return;
    if (!last && options_.dedup_intermediates && run_intermediate_in_one_pass(rule, s, spec, outer, inner, budget, lane))
        return;
    std::unique_ptr<JoinCounts> counts;
    {
        const OperatorTimer timer = time_operator(backend, lane.it, Operator::Join);
        counts = last && lane.caps.counting_emit != nullptr
                     ? lane.caps.counting_emit->join_count_emit(spec, outer, inner, fresh,
                                                                budget > fresh.size ? budget - fresh.size : 0)
                     : backend.join_count(spec, outer, 0, outer.size, inner);
    }
    if (counts->total == 0) return;
    if (counts->emitted) {  // the whole output is in `new` already
        lane.it.join_output_tuples += counts->total;
        rule_output_[rule_ids_.at(&rule)] += counts->total;
        return;
    }
    RelationState& head = *relations_[rule.head];
    TupleArray& admitted = head.admitted[lane.index];
    for (std::uint64_t from = 0; from < outer.size;) {
        if (last) {
            if (fresh.size + admitted.size >= budget) flush(rule.head, lane);
            const std::uint64_t to = counts->split(from, budget - fresh.size - admitted.size);
            std::uint64_t derived = 0;
            {
                const OperatorTimer timer = time_operator(backend, lane.it, Operator::Join);
                if (head.hash_set) {
                    // One lane at a time: the emit may grow the set (flush_into_hash_set).
                    std::lock_guard lock(head.next_delta_mutex);
                    derived = lane.caps.tuple_sets->join_emit_new(spec, outer, inner, *counts, from, to, admitted,
                                                                  *head.hash_set);
                } else if (DuplicateFilter* filter = duplicate_filter(rule.head, lane)) {
                    derived = lane.caps.duplicate_filtering->join_emit_distinct(spec, outer, inner, *counts, from,
                                                                                to, fresh, *filter);
                } else {
                    const std::uint64_t before = fresh.size;
                    backend.join_emit(spec, outer, inner, *counts, from, to, fresh);
                    derived = fresh.size - before;
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
            if (options_.dedup_intermediates && intermediate.size > 1) {
                // Distinct intermediate tuples only: a duplicate here would be joined again
                // and multiply into duplicates of the final output.
                const OperatorTimer timer = time_operator(backend, lane.it, Operator::Dedup);
                backend.sort_unique(intermediate);
            }
            run_steps(rule, s + 1, intermediate, lane);
            from = to;
        }
    }
}

// A rule's last step straight into its head's tuple set, where the backend has a pass
// that needs no counts first (Backend::join_into_set); false when it has not run whole
// (the tuples it did append stay in `admitted` and the set; the two passes add the rest).
bool Executor::run_last_step_in_one_pass(const plan::Rule& rule, const JoinSpec& spec, const TupleArray& outer,
                                         const Hisa* inner, std::uint64_t budget, Lane& lane) {
    if (lane.caps.one_pass_join == nullptr) return false;
    RelationState& head = *relations_[rule.head];
    TupleArray& admitted = head.admitted[lane.index];
    const std::uint64_t held = head.fresh[lane.index].size + admitted.size;
    std::optional<std::uint64_t> derived;
    {
        const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Join);
        std::lock_guard lock(head.next_delta_mutex);  // one lane at a time, as join_emit_new
        derived = lane.caps.one_pass_join->join_into_set(spec, outer, inner, admitted, *head.hash_set,
                                                         budget > held ? budget - held : 0);
    }
    if (!derived) return false;
    lane.it.join_output_tuples += *derived;
    rule_output_[rule_ids_.at(&rule)] += *derived;
    return true;
}

// A rule's intermediate step as one pass into a scratch bitmap, which hands the next step
// each derived tuple once (Backend::join_distinct) — no counts, no sort; false when it
// has not run.
bool Executor::run_intermediate_in_one_pass(const plan::Rule& rule, std::size_t s, const JoinSpec& spec,
                                            const TupleArray& outer, const Hisa* inner, std::uint64_t budget,
                                            Lane& lane) {
    if (lane.caps.one_pass_join == nullptr) return false;
    TupleArray intermediate(spec.out_arity);
    std::optional<std::uint64_t> derived;
    {
        const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Join);
        derived = lane.caps.one_pass_join->join_distinct(spec, outer, inner, intermediate, budget);
    }
    if (!derived) return false;
    lane.it.join_output_tuples += *derived;
    rule_intermediate_[rule_ids_.at(&rule)] += *derived;
    run_steps(rule, s + 1, intermediate, lane);
    return true;
}

// The lane's duplicate pre-filter for `relation`'s new tuples, made by the lane's backend
// on first use (only the lane's own thread touches its entry).
DuplicateFilter* Executor::duplicate_filter(std::uint32_t relation, Lane& lane) {
    RelationState& state = *relations_[relation];
    if (!state.filter_made[lane.index]) {
        if (lane.caps.duplicate_filtering != nullptr)
            state.filters[lane.index] =
                lane.caps.duplicate_filtering->make_duplicate_filter(plan_.relations[relation].arity());
        state.filter_made[lane.index] = 1;
    }
    return state.filters[lane.index].get();
}

// Deduplicates the `new` tuples the lane collected: sort + unique, minus full, minus this
// iteration's earlier batches (of every lane); what is left joins `next_delta`.
void Executor::flush(std::uint32_t relation, Lane& lane) {
    RelationState& state = *relations_[relation];
    if (state.hash_set) {
        flush_into_hash_set(relation, lane);
        return;
    }
    TupleArray& fresh = state.fresh[lane.index];
    if (fresh.size == 0) return;
    Backend& backend = lane.backend;
    // Mirrors (a symmetric relation that lost a rule variant or halves a scan): where a
    // duplicate filter already thinned `new` (the GPU), mirrored before the one
    // deduplication; otherwise (the host, whose `new` holds every copy derived) after
    // it, so that the copies are not doubled first.
    const bool mirrors = plan_.relations[relation].add_mirrors;
    const bool mirror_first = mirrors && duplicate_filter(relation, lane) != nullptr;
    if (mirror_first) add_mirrors(fresh, lane);
    TupleArray part;
    {
        // One operator: a backend may fuse the two and read one size back instead of two.
        const OperatorTimer timer = time_operator(backend, lane.it, Operator::Dedup);
        backend.unique_difference(fresh, state.full[0].data, part);
        fresh.size = 0;  // the buffer is kept for the next batch
        // The lane's duplicate filter keeps the flushed tuples: they are in full or the
        // next delta now, so it goes on dropping their copies in later batches and
        // iterations (re-derivations of known tuples are most of a graph job's join output).
    }
    if (mirrors && !mirror_first && part.size != 0) {
        // A mirror of a tuple not in full is not in full either (full is symmetric).
        add_mirrors(part, lane);
        const OperatorTimer timer = time_operator(backend, lane.it, Operator::Dedup);
        backend.sort_unique(part);
    }
    if (part.size != 0 && state.recent.size != 0) {
        const OperatorTimer timer = time_operator(backend, lane.it, Operator::Difference);
        TupleArray unseen;
        backend.difference(part, state.recent, unseen);
        part = std::move(unseen);
    }
    if (part.size == 0) return;
    std::lock_guard lock(state.next_delta_mutex);
    if (state.next_delta.size != 0) {
        const OperatorTimer timer = time_operator(backend, lane.it, Operator::Difference);
        TupleArray unseen;
        backend.difference(part, state.next_delta, unseen);
        part = std::move(unseen);
    }
    if (part.size == 0) return;
    if (state.next_delta.size == 0) {
        state.next_delta = std::move(part);
    } else {
        merge_into(state.next_delta, state.next_delta_spare, part, plan_.relations[relation].name, lane);
    }
    // Operators queue work on the lane's stream; the next lane to take the lock reads
    // next_delta on its own stream.
    if (lane.concurrent) backend.synchronize();
}

// The lane's `new` into the relation's tuple hash set: what the set did not hold, and
// what joins emitted straight into it, joins `next_delta`. One lane at a time: a lane may
// have to grow the set.
void Executor::flush_into_hash_set(std::uint32_t relation, Lane& lane) {
    RelationState& state = *relations_[relation];
    TupleArray& fresh = state.fresh[lane.index];
    TupleArray& admitted = state.admitted[lane.index];
    if (fresh.size == 0 && admitted.size == 0) return;
    Backend& backend = lane.backend;
    std::lock_guard lock(state.next_delta_mutex);
    TupleArray part(fresh.arity);
    if (fresh.size != 0) {
        const OperatorTimer timer = time_operator(backend, lane.it, Operator::Dedup);
        lane.caps.tuple_sets->insert_new(*state.hash_set, fresh, part);
        fresh.size = 0;  // the buffer is kept for the next batch
    }
    if (part.size == 0) {
        std::swap(part, admitted);  // the lane's buffer goes on as `part`; a new one next time
    } else {
        append(part, admitted, lane);
    }
    admitted.size = 0;
    if (plan_.relations[relation].add_mirrors && part.size != 0) {
        // The mirror of a new tuple is new too, unless this iteration found it already.
        TupleArray new_mirrors;
        {
            const OperatorTimer timer = time_operator(backend, lane.it, Operator::Dedup);
            lane.caps.tuple_sets->insert_new(*state.hash_set, mirrored(backend, part), new_mirrors);
        }
        append(part, new_mirrors, lane);
    }
    if (part.size == 0) return;
    if (state.next_delta.size == 0) {
        state.next_delta = std::move(part);
    } else {
        append(state.next_delta, part, lane);
    }
    // The append is queued on the lane's stream; the next lane to take the lock reads
    // next_delta on its own.
    if (lane.concurrent) backend.synchronize();
}

// to ∪= from, unsorted (Backend::append), timed as a merge.
void Executor::append(TupleArray& to, const TupleArray& from, Lane& lane) {
    if (from.size == 0) return;
    const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Merge);
    lane.backend.append(to, from);
}

// tuples ∪= the mirror (y, x) of each of them (unsorted), for a symmetric relation whose
// rules the planner thinned (plan/symmetry.hpp).
void Executor::add_mirrors(TupleArray& tuples, Lane& lane) {
    const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Dedup);
    lane.backend.append(tuples, mirrored(lane.backend, tuples));
}

// new -> dedup -> delta = new - full -> full ∪= delta in every order -> rebuild indexes.
void Executor::absorb(std::uint32_t relation, IterationStats& it) {
    const plan::Relation& plan_relation = plan_.relations[relation];
    RelationState& state = *relations_[relation];
    for (std::size_t index = 0; index < state.fresh.size(); ++index) {
        Lane lane{index, backend_, capabilities_, it};
        flush(relation, lane);
    }
    state.delta = std::move(state.next_delta);
    state.next_delta = TupleArray(plan_relation.arity());
    for (TupleArray& delta_o : state.delta_in) delta_o = TupleArray(plan_relation.arity());
    if (state.delta.size == 0) {
        state.old_is_full = true;  // nothing new: old is full itself
        return;
    }
    Lane main_lane{0, backend_, capabilities_, it};
    if (state.hash_set) {
        // No merge and no index: no rule of the stratum reads this relation's full version.
        // A set that became a bitmap holds every tuple and lists them sorted at the end:
        // the log is no longer needed.
        if (!state.hash_set->is_bitmap()) append(state.found, state.delta, main_lane);
        else if (state.found.size != 0) state.found = TupleArray(plan_relation.arity());
        return;
    }
    if (state.defer_merges) {
        TupleArray& full = state.full[0].data;
        if (state.recent.size == 0 && state.delta.size * kRecentShare > full.size) {
            // A delta this large next to full: merged directly, no run to keep apart.
            merge_into(full, state.spare[0], state.delta, plan_relation.name, main_lane);
        } else {
            merge_into(state.recent, state.recent_spare, state.delta, plan_relation.name, main_lane);
            if (state.recent.size * kRecentShare > full.size) fold_recent(relation, main_lane);
        }
        return;  // no index: no rule of the stratum reads this relation's full version
    }
    // With old versions the merge target is old's buffer, and the full it replaces (with
    // its index, built on it) becomes old.
    auto target = [&](std::size_t o) -> TupleArray& {
        return state.keeps_old ? state.old[o].data : state.spare[o];
    };
    merge_into(state.full[0].data, target(0), state.delta, plan_relation.name, main_lane);
    for (std::size_t o = 1; o < plan_relation.orders.size(); ++o) {
        TupleArray delta_o;
        {
            const OperatorTimer timer = time_operator(backend_, it, Operator::Merge);
            backend_.permute(state.delta, order_from_primary(plan_relation, o), delta_o);
            backend_.sort(delta_o);
        }
        merge_into(state.full[o].data, target(o), delta_o, plan_relation.name, main_lane);
        if (state.scanned[o]) state.delta_in[o] = std::move(delta_o);
    }
    if (state.keeps_old) {
        for (std::size_t o = 0; o < state.full.size(); ++o) {
            state.old[o].slots = std::move(state.full[o].slots);
            state.old[o].slot_count = state.full[o].slot_count;
            state.old[o].longest_run = state.full[o].longest_run;
            state.full[o].slot_count = 0;
        }
        state.old_is_full = false;
    }
    const OperatorTimer timer = time_operator(backend_, it, Operator::IndexBuild);
    for (Hisa& hisa : state.full) {
        if (hisa.key_len != 0) backend_.build_index(hisa, options_.load_factor);
    }
}

// full[0] ∪= recent, emptying recent (its buffer is kept for the next run).
void Executor::fold_recent(std::uint32_t relation, Lane& lane) {
    RelationState& state = *relations_[relation];
    if (state.recent.size == 0) return;
    merge_into(state.full[0].data, state.spare[0], state.recent, plan_.relations[relation].name, lane);
    state.recent.size = 0;
}

// Absorbs the iteration's output of every relation of a stratum. The merges and index
// builds are queued on lane 0's stream; rules on lane 0 read them in stream order, and
// run_rules synchronizes before rules run on other lanes.
void Executor::absorb_all(const std::vector<std::uint32_t>& relations, IterationStats& it) {
    for (std::uint32_t r : relations) absorb(r, it);
}

// full ∪= delta through a merge buffer. With EBM the buffer is sized for K more deltas
// (K = alpha, reduced until it fits in free memory) and the previous full buffer is kept
// as the next spare, so most iterations allocate nothing.
void Executor::merge_into(TupleArray& full, TupleArray& spare, const TupleArray& delta, const std::string& name,
                          Lane& lane) {
    Backend& backend = lane.backend;
    const OperatorTimer timer = time_operator(backend, lane.it, Operator::Merge);
    const std::uint64_t needed = full.size + delta.size;
    const std::size_t tuple_bytes = sizeof(Cell) * full.arity;
    // Capacity for a new buffer: exact without EBM; with EBM room for K more deltas,
    // K = alpha reduced until the buffer fits in free memory.
    auto new_capacity = [&] {
        if (!options_.eager_buffers) return needed;
        const std::size_t free_bytes = backend.free_memory();
        double k = options_.ebm_alpha;
        while (k >= 1 && static_cast<double>(full.size) + k * static_cast<double>(delta.size) >
                             static_cast<double>(free_bytes) / static_cast<double>(tuple_bytes))
            k -= 1;
        if (k < 1)
            throw OutOfMemory("not enough memory to merge relation '" + name + "': " + std::to_string(full.size) +
                              " + " + std::to_string(delta.size) + " tuples of " + std::to_string(tuple_bytes) +
                              " bytes, " + std::to_string(free_bytes) + " bytes free");
        const auto ebm = full.size + static_cast<std::uint64_t>(k * static_cast<double>(delta.size));
        const auto grown = static_cast<std::uint64_t>(backend.merge_buffer_growth() * static_cast<double>(needed));
        const auto affordable = static_cast<std::uint64_t>(static_cast<double>(free_bytes) / 2.0 / static_cast<double>(tuple_bytes));
        return std::max(ebm, std::min(grown, std::max(affordable, needed)));
    };
    // Without EBM the host backend merges in place (one buffer, grown by remapping):
    // the memory-lean mode. Otherwise, and on the GPU, merge into a second buffer.
    if (!options_.eager_buffers && lane.caps.in_place_merge != nullptr &&
        lane.caps.in_place_merge->merge_in_place(full, delta,
                                                 full.capacity() >= needed ? full.capacity() : new_capacity())) {
        spare = TupleArray(full.arity);
        return;
    }
    if (spare.capacity() < needed) {
        spare = TupleArray(full.arity);
        spare = backend.make_array(full.arity, new_capacity());
    }
    backend.merge(full, delta, spare);
    std::swap(full, spare);
    if (!options_.eager_buffers) spare = TupleArray(full.arity);
}

// At the end of a stratum: every deferred relation's recent run, and what a hash-set
// deduplicated relation found, goes into full, and its index is built for the strata that
// read it.
void Executor::finish_deferred_merges(const std::vector<std::uint32_t>& relations) {
    IterationStats it;
    Lane main_lane{0, backend_, capabilities_, it};
    bool any = false;
    for (std::uint32_t r : relations) {
        RelationState& state = *relations_[r];
        if (!state.defer_merges && !state.hash_set) continue;
        any = true;
        const std::uint32_t arity = plan_.relations[r].arity();
        if (state.hash_set) {
            TupleArray found = std::move(state.found);
            state.found = TupleArray(arity);
            if (state.hash_set->is_bitmap()) {
                const OperatorTimer timer = time_operator(backend_, it, Operator::Merge);
                capabilities_.tuple_sets->list_sorted(*state.hash_set, arity, found);
            } else if (found.size != 0) {
                const OperatorTimer timer = time_operator(backend_, it, Operator::Merge);
                backend_.sort(found);  // distinct already: the set admitted each tuple once
            }
            state.hash_set.reset();
            // Full was empty (begin_stratum): every tuple of the relation went through the set.
            state.full[0].data = std::move(found);
        }
        fold_recent(r, main_lane);
        state.recent = TupleArray(arity);
        state.defer_merges = false;
        Hisa& hisa = state.full[0];
        if (hisa.key_len != 0) backend_.build_index(hisa, options_.load_factor);
    }
    if (!any) return;
    stats_.totals += it.times;
}

// Decides, for the stratum's relations, whether their merges are deferred and whether
// they keep old versions (see RelationState), and sets up the state either needs.
void Executor::begin_stratum(const plan::Stratum& stratum) {
    for (std::uint32_t r : stratum.relations) {
        RelationState& state = *relations_[r];
        const std::uint32_t arity = plan_.relations[r].arity();
        // Linear: full only serves to deduplicate (see RelationState).
        const bool linear = stratum.recursive && plan_.relations[r].orders.size() == 1 &&
                            !reads_full(stratum.recursive_rules, r);
        using Dedup = EngineOptions::LinearDedup;
        TupleSets* sets = capabilities_.tuple_sets;
        const bool hash = sets != nullptr && (options_.linear_dedup == Dedup::Hash ||
                                              (options_.linear_dedup == Dedup::Auto && sets->prefers_hash_dedup(arity)));
        state.hash_set = linear && hash ? sets->make_tuple_hash_set(arity) : nullptr;
        // The set starts empty, as full does: all of a relation's rules are in its stratum,
        // and its input facts join the first `new` (load_inputs).
        state.found = TupleArray(arity);
        state.defer_merges = options_.defer_merges && linear && !state.hash_set;
        state.recent = TupleArray(arity);
        state.recent_spare = TupleArray(arity);
        state.keeps_old =
            options_.eager_buffers && stratum.recursive && reads_old(stratum.recursive_rules, r);
        state.scanned.assign(state.full.size(), 0);
        for (const plan::Rule& rule : stratum.recursive_rules) {
            const plan::JoinStep* first = rule.steps.empty() ? nullptr : &rule.steps.front();
            if (first != nullptr && first->outer_relation == r &&
                first->outer_version == plan::Version::Delta)
                state.scanned[first->outer_order] = 1;
        }
        state.delta_in.clear();
        for (std::size_t o = 0; o < state.full.size(); ++o) state.delta_in.emplace_back(arity);
        state.old_is_full = true;
        state.old.clear();
        state.old.resize(state.full.size());
        for (std::size_t o = 0; o < state.full.size(); ++o) {
            state.old[o].data = TupleArray(arity);
            state.old[o].key_len = state.full[o].key_len;
        }
    }
}

// The stratum is done: deferred merges are finished, and its deltas, merge buffers, old
// versions and filters are no longer needed.
void Executor::end_stratum(const plan::Stratum& stratum) {
    finish_deferred_merges(stratum.relations);
    for (std::uint32_t r : stratum.relations) {
        RelationState& state = *relations_[r];
        const std::uint32_t arity = plan_.relations[r].arity();
        for (auto& filter : state.filters) filter.reset();
        state.delta = TupleArray(arity);
        state.delta_in.clear();
        for (TupleArray& spare : state.spare) spare = TupleArray(arity);
        state.recent_spare = TupleArray(arity);
        state.old.clear();
        state.keeps_old = false;
    }
}

void Executor::evaluate() {
    for (std::size_t s = 0; s < plan_.strata.size(); ++s) {
        const plan::Stratum& stratum = plan_.strata[s];
        begin_stratum(stratum);
        IterationStats it;
        it.stratum = s;
        it.iteration = 0;
        begin_iteration(it);
        run_rules(stratum.init_rules, it);
        absorb_all(stratum.relations, it);
        end_iteration(it, stratum.relations);
        if (stratum.recursive) {
            for (std::size_t iteration = 1;; ++iteration) {
                bool any_delta = false;
                for (std::uint32_t r : stratum.relations) any_delta = any_delta || relations_[r]->delta.size != 0;
                if (!any_delta) break;
                IterationStats next;
                next.stratum = s;
                next.iteration = iteration;
                begin_iteration(next);
                run_rules(stratum.recursive_rules, next);
                absorb_all(stratum.relations, next);
                end_iteration(next, stratum.relations);
            }
        }
        StratumInfo info;
        for (std::uint32_t r : stratum.relations) {
            info.relations.push_back(plan_.relations[r].name);
            if (relations_[r]->hash_set) info.hash_deduplicated.push_back(plan_.relations[r].name);
        }
        end_stratum(stratum);
        stats_.strata.push_back(std::move(info));
    }
}

// ---------------------------------------------------------------------------------------
// Results

// The full relation in declaration column order, sorted (a copy only when the primary
// order is not the identity).
TupleArray Executor::identity_order_copy(std::uint32_t relation) {
    const plan::Relation& plan_relation = plan_.relations[relation];
    const TupleArray& primary = relations_[relation]->full[0].data;
    std::vector<std::uint32_t> columns(plan_relation.arity());
    for (std::uint32_t j = 0; j < plan_relation.arity(); ++j) columns[plan_relation.orders[0].columns[j]] = j;
    TupleArray copy;
    backend_.permute(primary, columns, copy);
    backend_.sort(copy);
    return copy;
}

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
        out.tuple_count = relations_[r]->full[0].data.size;
        const bool write = out.is_output && !options_.output_dir.empty();
        if (write || options_.keep_rows) {
            const OperatorTimer timer = time_operator(backend_, it, Operator::Write);
            TupleArray copy;
            const TupleArray* rows = &relations_[r]->full[0].data;
            if (!relation.orders[0].is_identity()) {
                copy = identity_order_copy(r);
                rows = &copy;
            }
            std::filesystem::path file = out.output_file;
            if (file.is_relative()) file = options_.output_dir / file;
            if (backend_.host_accessible() && !options_.keep_rows && !codes_.active()) {
                // Host memory: write straight from the relation, no copy.
                facts::write_tsv(file, rows->data(), out.tuple_count, relation.types, facts::TsvFormat{out.delimiter},
                                 *symbols_);
                result.relations.push_back(std::move(out));
                continue;
            }
            std::vector<Cell> host(rows->cells());
            if (!host.empty()) backend_.download(rows->data(), host.size(), host.data());
            copy = TupleArray();
            codes_.decode(host);  // codes keep the order: the rows stay sorted
            if (write)
                facts::write_tsv(file, host.data(), out.tuple_count, relation.types, facts::TsvFormat{out.delimiter},
                                 *symbols_);
            if (options_.keep_rows) out.rows = std::move(host);
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
    const sched::CoordinatorCounters launches =
        capabilities_.scheduling != nullptr ? capabilities_.scheduling->counters() : sched::CoordinatorCounters{};
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
