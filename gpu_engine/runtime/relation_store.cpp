#include "gpu_engine/runtime/relation_store.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

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

// The mirror (y, x) of each tuple of a two-column relation (plan/symmetry.hpp). Swapping
// the two stored columns mirrors a tuple in either column order.
TupleArray mirrored(Backend& backend, const TupleArray& tuples) {
    TupleArray mirror;
    constexpr std::uint32_t kSwapped[] = {1, 0};
    backend.permute(tuples, kSwapped, mirror);
    return mirror;
}

// The lane's in-place merge, which a relation whose strategy merges in place takes: a lane
// offers its backend's capabilities (LaneSet).
InPlaceMerge& in_place_merge_of(const Lane& lane) {
    if (lane.caps.in_place_merge == nullptr)
        throw std::logic_error("lane " + std::to_string(lane.index) + " has no in-place merge");
    return *lane.caps.in_place_merge;
}

// A deferred relation's recent run is folded into full once it holds more than
// 1/kRecentShare of it: each iteration then merges its delta into a run of at most an
// eighth of full instead of rewriting all of full.
constexpr std::uint64_t kRecentShare = 8;

}  // namespace

RelationStore::RelationStore(const plan::Plan& plan, const plan::Strategy& strategy, Backend& backend,
                             const BackendCapabilities& capabilities, const EngineOptions& options,
                             std::size_t lane_count, Stats& stats)
    : plan_(plan),
      strategy_(strategy),
      backend_(backend),
      capabilities_(capabilities),
      options_(options),
      stats_(stats),
      eager_(options.eager_buffers) {
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
        for (std::size_t lane = 0; lane < lane_count; ++lane) {
            state->fresh.emplace_back(relation.arity());
            state->admitted.emplace_back(relation.arity());
        }
        state->filters.resize(lane_count);
        state->filter_made.resize(lane_count, 0);
        state->next_delta = TupleArray(relation.arity());
        state->next_delta_spare = TupleArray(relation.arity());
        relations_.push_back(std::move(state));
    }
    for (const plan::Stratum& stratum : plan_.strata)
        for (std::uint32_t r : stratum.relations) relations_[r]->defined_by_rules = true;
    if (eager() && capabilities_.memory_pressure != nullptr) {
        capabilities_.memory_pressure->on_memory_pressure([this] { give_way(); });
        can_give_way_ = true;
    }
}

RelationStore::~RelationStore() {
    if (can_give_way_) capabilities_.memory_pressure->on_memory_pressure({});
}

OperatorTimer RelationStore::time_operator(Backend& backend, IterationStats& it, Operator op) const {
    return OperatorTimer(backend, it, op, options_.collect_stats);
}

// Makes sorted, distinct primary-order tuples the full relation, in every order.
void RelationStore::install_full(std::uint32_t relation, TupleArray sorted_primary, IterationStats& it) {
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

// The lane's duplicate pre-filter for `relation`'s new tuples, made by the lane's backend
// on first use (only the lane's own thread touches its entry). A lane offers its backend's
// capabilities (LaneSet), so the filter the strategy chose is there.
DuplicateFilter& RelationStore::duplicate_filter(std::uint32_t relation, Lane& lane) {
    RelationState& state = *relations_[relation];
    if (!state.filter_made[lane.index]) {
        if (lane.caps.duplicate_filtering != nullptr)
            state.filters[lane.index] =
                lane.caps.duplicate_filtering->make_duplicate_filter(plan_.relations[relation].arity());
        state.filter_made[lane.index] = 1;
    }
    if (!state.filters[lane.index])
        throw std::logic_error("lane " + std::to_string(lane.index) + " makes no duplicate filter for '" +
                               plan_.relations[relation].name + "', which its strategy has");
    return *state.filters[lane.index];
}

// Deduplicates the `new` tuples the lane collected: sort + unique, minus full, minus this
// iteration's earlier batches (of every lane); what is left joins `next_delta`.
void RelationStore::flush(std::uint32_t relation, Lane& lane) {
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
    const plan::Mirrors mirrors = strategy_.relations[relation].mirrors;
    if (mirrors == plan::Mirrors::BeforeDedup) add_mirrors(fresh, lane);
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
    if (mirrors == plan::Mirrors::AfterDedup && part.size != 0) {
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
        merge_into(relation, state.next_delta, state.next_delta_spare, part, lane);
    }
    // Operators queue work on the lane's stream; the next lane to take the lock reads
    // next_delta on its own stream.
    if (lane.concurrent) backend.synchronize();
}

// The lane's `new` into the relation's tuple hash set: what the set did not hold, and
// what joins emitted straight into it, joins `next_delta`. One lane at a time: a lane may
// have to grow the set.
void RelationStore::flush_into_hash_set(std::uint32_t relation, Lane& lane) {
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
    if (strategy_.relations[relation].mirrors == plan::Mirrors::IntoSet && part.size != 0) {
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
void RelationStore::append(TupleArray& to, const TupleArray& from, Lane& lane) {
    if (from.size == 0) return;
    const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Merge);
    lane.backend.append(to, from);
}

// tuples ∪= the mirror (y, x) of each of them (unsorted), for a symmetric relation whose
// rules the planner thinned (plan/symmetry.hpp).
void RelationStore::add_mirrors(TupleArray& tuples, Lane& lane) {
    const OperatorTimer timer = time_operator(lane.backend, lane.it, Operator::Dedup);
    lane.backend.append(tuples, mirrored(lane.backend, tuples));
}

// new -> dedup -> delta = new - full -> full ∪= delta in every order -> rebuild indexes.
void RelationStore::absorb(std::uint32_t relation, IterationStats& it) {
    const plan::Relation& plan_relation = plan_.relations[relation];
    RelationState& state = *relations_[relation];
    for (std::size_t index = 0; index < state.fresh.size(); ++index) {
        Lane lane{index, backend_, capabilities_, it};
        flush(relation, lane);
    }
    if (!eager()) drop_eager_leftovers(state);
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
        if (!state.hash_set->is_bitmap())
            append(state.found, state.delta, main_lane);
        else if (state.found.size != 0)
            state.found = TupleArray(plan_relation.arity());
        return;
    }
    if (state.defer_merges) {
        TupleArray& full = state.full[0].data;
        if (state.recent.size == 0 && state.delta.size * kRecentShare > full.size) {
            // A delta this large next to full: merged directly, no run to keep apart.
            merge_into(relation, full, state.spare[0], state.delta, main_lane);
        } else {
            merge_into(relation, state.recent, state.recent_spare, state.delta, main_lane);
            if (state.recent.size * kRecentShare > full.size) fold_recent(relation, main_lane);
        }
        return;  // no index: no rule of the stratum reads this relation's full version
    }
    // With old versions the merge target is old's buffer, and the full it replaces (with
    // its index, built on it) becomes old.
    auto target = [&](std::size_t o) -> TupleArray& {
        return state.keeps_old ? state.old[o].data : state.spare[o];
    };
    merge_into(relation, state.full[0].data, target(0), state.delta, main_lane);
    for (std::size_t o = 1; o < plan_relation.orders.size(); ++o) {
        TupleArray delta_o;
        {
            const OperatorTimer timer = time_operator(backend_, it, Operator::Merge);
            backend_.permute(state.delta, order_from_primary(plan_relation, o), delta_o);
            backend_.sort(delta_o);
        }
        merge_into(relation, state.full[o].data, target(o), delta_o, main_lane);
        if (state.scanned[o]) state.delta_in[o] = std::move(delta_o);
    }
    // EBM gave way in these merges: they merged in place from then on, and old's buffers
    // (the merge targets) are gone or stale.
    if (!eager()) drop_eager_leftovers(state);
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
void RelationStore::fold_recent(std::uint32_t relation, Lane& lane) {
    RelationState& state = *relations_[relation];
    if (state.recent.size == 0) return;
    merge_into(relation, state.full[0].data, state.spare[0], state.recent, lane);
    state.recent.size = 0;
}

// Absorbs the iteration's output of every relation of a stratum. The merges and index
// builds are queued on lane 0's stream; rules on lane 0 read them in stream order, and
// run_rules synchronizes before rules run on other lanes.
void RelationStore::absorb_all(const std::vector<std::uint32_t>& relations, IterationStats& it) {
    for (std::uint32_t r : relations) absorb(r, it);
    last_absorbed_.stratum = it.stratum;
    last_absorbed_.iteration = it.iteration;
    note_giving_way(it);
}

// EBM gives way to the memory-lean mode for the rest of the run (see RelationState). Called
// by the backend when an allocation does not fit (rules may be running on other lanes), or
// by a merge whose exact buffer does not fit. What goes back at once is only what no
// operator can be using: the spare merge buffers (spare, recent_spare). Only merge_into
// touches them, while no rules run; where it calls this, or allocates and the backend
// does, the spare it is about to fill has been emptied already.
void RelationStore::give_way() {
    std::lock_guard lock(give_way_mutex_);
    eager_ = false;
    for (const std::unique_ptr<RelationState>& state : relations_) {
        for (TupleArray& spare : state->spare) spare = TupleArray(spare.arity);
        state->recent_spare = TupleArray(state->recent_spare.arity);
    }
    backend_.keep_freed_buffers(false);
}

// Between iterations (no rules run), once EBM gave way: the old versions (rules read full
// instead, as in the memory-lean mode) and next_delta's spare (lanes merge into next_delta).
void RelationStore::drop_eager_leftovers(RelationState& state) {
    state.next_delta_spare = TupleArray(state.next_delta_spare.arity);
    if (!state.keeps_old) return;
    state.keeps_old = false;
    state.old_is_full = true;
    for (Hisa& old : state.old) {
        old.data = TupleArray(old.data.arity);
        old.drop_index();
    }
}

void RelationStore::note_giving_way(const IterationStats& it) {
    if (!can_give_way_ || eager() || giving_way_noted_) return;
    giving_way_noted_ = true;
    stats_.ebm_gave_way = true;
    stats_.ebm_gave_way_stratum = it.stratum;
    stats_.ebm_gave_way_iteration = it.iteration;
}

// How `relation` merges now: as its strategy chose, or, once EBM gave way, as the
// memory-lean mode does (in place where the lane can).
plan::Merge RelationStore::merge_mode(std::uint32_t relation, const Lane& lane) const {
    const plan::Merge chosen = strategy_.relations[relation].merge;
    if (chosen != plan::Merge::SpareBuffer || eager()) return chosen;
    return lane.caps.in_place_merge != nullptr ? plan::Merge::InPlace : plan::Merge::ExactBuffer;
}

// full ∪= delta through a merge buffer. With EBM the buffer is sized for K more deltas
// (K = alpha, reduced until it fits in free memory) and the previous full buffer is kept
// as the next spare, so most iterations allocate nothing.
void RelationStore::merge_into(std::uint32_t relation, TupleArray& full, TupleArray& spare,
                               const TupleArray& delta, Lane& lane) {
    Backend& backend = lane.backend;
    const std::string& name = plan_.relations[relation].name;
    const OperatorTimer timer = time_operator(backend, lane.it, Operator::Merge);
    const std::uint64_t needed = full.size + delta.size;
    const std::size_t tuple_bytes = sizeof(Cell) * full.arity;
    // Capacity for a new buffer: exact without EBM; with EBM room for K more deltas,
    // K = alpha reduced until the buffer fits in free memory (allocated here).
    const plan::Merge merge = merge_mode(relation, lane);
    std::uint64_t capacity = needed;
    if (merge == plan::Merge::SpareBuffer && spare.capacity() < needed) {
        spare = TupleArray(full.arity);  // too small: given back before the new one is sized
        const std::size_t free_bytes = backend.free_memory();
        double k = options_.ebm_alpha;
        while (k >= 1 && static_cast<double>(full.size) + k * static_cast<double>(delta.size) >
                             static_cast<double>(free_bytes) / static_cast<double>(tuple_bytes))
            k -= 1;
        if (k >= 1) {
            const auto ebm = full.size + static_cast<std::uint64_t>(k * static_cast<double>(delta.size));
            const auto grown =
                static_cast<std::uint64_t>(backend.merge_buffer_growth() * static_cast<double>(needed));
            const auto affordable = static_cast<std::uint64_t>(static_cast<double>(free_bytes) / 2.0 /
                                                               static_cast<double>(tuple_bytes));
            capacity = std::max(ebm, std::min(grown, std::max(affordable, needed)));
            // Free memory is a moment's: other lanes allocate too.
            spare.buffer = backend.try_allocate(capacity * tuple_bytes);
            if (spare.buffer.get() == nullptr) capacity = needed;
        }
        if (spare.buffer.get() == nullptr && can_give_way_) {
            // Not even a second buffer of the exact size fits (or the one sized did not):
            // merged in place, a delta's growth instead of a whole second full.
            give_way();
        } else if (spare.buffer.get() == nullptr && k < 1) {
            throw OutOfMemory("not enough memory to merge relation '" + name +
                              "': " + std::to_string(full.size) + " + " + std::to_string(delta.size) +
                              " tuples of " + std::to_string(tuple_bytes) + " bytes, " +
                              std::to_string(free_bytes) + " bytes free");
        }
    }
    // Without EBM the host backend merges in place (one buffer, grown by remapping):
    // the memory-lean mode. Otherwise, and on the GPU, merge into a second buffer, as
    // also where the in-place merge declines.
    if (merge_mode(relation, lane) == plan::Merge::InPlace &&
        in_place_merge_of(lane).merge_in_place(full, delta, std::max(full.capacity(), needed))) {
        spare = TupleArray(full.arity);
        return;
    }
    if (spare.capacity() < needed) {
        spare = TupleArray(full.arity);
        spare = backend.make_array(full.arity, capacity);
    }
    backend.merge(full, delta, spare);
    std::swap(full, spare);
    if (merge_mode(relation, lane) != plan::Merge::SpareBuffer) spare = TupleArray(full.arity);
}

// At the end of a stratum: every deferred relation's recent run, and what a hash-set
// deduplicated relation found, goes into full, and its index is built for the strata that
// read it.
void RelationStore::finish_deferred_merges(const std::vector<std::uint32_t>& relations) {
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

// Sets up the stratum's relations as their strategies say (see RelationState): a tuple
// set, a recent run for deferred merges, old versions.
void RelationStore::begin_stratum(const plan::Stratum& stratum) {
    for (std::uint32_t r : stratum.relations) {
        RelationState& state = *relations_[r];
        const plan::RelationStrategy& strategy = strategy_.relations[r];
        const std::uint32_t arity = plan_.relations[r].arity();
        state.hash_set = nullptr;
        if (strategy.dedup == plan::Dedup::TupleSet) {
            // The set starts empty, as full does: all of a relation's rules are in its
            // stratum, and its input facts join the first `new` (load_inputs).
            if (capabilities_.tuple_sets != nullptr)
                state.hash_set = capabilities_.tuple_sets->make_tuple_hash_set(arity);
            if (!state.hash_set)
                throw std::logic_error("the backend makes no tuple set for '" + plan_.relations[r].name +
                                       "', which its strategy has");
        }
        state.found = TupleArray(arity);
        state.defer_merges = strategy.dedup == plan::Dedup::RecentRun;
        state.recent = TupleArray(arity);
        state.recent_spare = TupleArray(arity);
        state.keeps_old = eager() && strategy.keeps_old;
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
void RelationStore::end_stratum(const plan::Stratum& stratum) {
    finish_deferred_merges(stratum.relations);
    note_giving_way(last_absorbed_);  // in the stratum's last merges
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

// The full relation in declaration column order, sorted (a copy only when the primary
// order is not the identity).
TupleArray RelationStore::identity_order_copy(std::uint32_t relation) {
    const plan::Relation& plan_relation = plan_.relations[relation];
    const TupleArray& primary = relations_[relation]->full[0].data;
    std::vector<std::uint32_t> columns(plan_relation.arity());
    for (std::uint32_t j = 0; j < plan_relation.arity(); ++j) columns[plan_relation.orders[0].columns[j]] = j;
    TupleArray copy;
    backend_.permute(primary, columns, copy);
    backend_.sort(copy);
    return copy;
}

}  // namespace galias::engine
