#pragma once
// Relation storage of the semi-naive evaluation: every relation's versions (full in each
// column order, delta, old, the lanes' `new` batches), how each batch is deduplicated
// (sorted runs, deferred merges into a recent run, or a tuple set) and merged into full
// with EBM's merge buffers, and the stratum's setup and finish. Which of these a relation
// takes is its strategy (plan/strategy.hpp, chosen when the plan was bound); the loop
// (runtime/executor.hpp) decides when; RelationStore does it, through the Backend.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/plan/plan.hpp"
#include "gpu_engine/plan/strategy.hpp"
#include "gpu_engine/runtime/backend.hpp"
#include "gpu_engine/runtime/lanes.hpp"
#include "gpu_engine/runtime/operator_timer.hpp"
#include "gpu_engine/runtime/stats.hpp"

namespace galias::engine {

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
//
// EBM gives way: where the backend makes room under a memory limit (MemoryPressure, the
// CPU backend), an allocation that would exceed the limit, or a merge whose exact buffer
// does not fit beside full, turns EBM off for the rest of the run (RelationStore::give_way):
// the spare merge buffers go back at once, the old versions and next_delta's spare at the
// relation's next absorb (rules read the one, lanes merge into the other until then), and
// every later merge is the memory-lean mode's: the same results, in one run instead of a
// failed one and a second in the memory-lean mode (engine.cpp). Where the backend makes no
// such room (the GPU), a merge whose buffer does not fit is out of memory.
struct RelationState {
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
    bool defer_merges = false;               // for the stratum running now
    std::unique_ptr<TupleHashSet> hash_set;  // for the stratum running now, or null
    TupleArray found;                        // with hash_set: the stratum's deltas, unsorted
    // With hash_set, per lane: tuples a join emitted straight into the set (join_emit_new),
    // new ones only, waiting beside fresh[lane] for the flush.
    std::vector<TupleArray> admitted;
    TupleArray recent;
    TupleArray recent_spare;
    std::vector<TupleArray> fresh;
    // Per lane, the duplicate pre-filter over fresh[lane] (for a relation whose strategy has
    // one; null until the lane first emits), kept until the stratum ends (backend.hpp).
    std::vector<std::unique_ptr<DuplicateFilter>> filters;
    std::vector<std::uint8_t> filter_made;  // not vector<bool>: lanes set their entries at once
    TupleArray next_delta;
    TupleArray next_delta_spare;
    std::mutex next_delta_mutex;
    bool defined_by_rules = false;
};

class RelationStore {
public:
    // Storage for every relation of `plan`, with a `new` batch per lane (lane_count).
    // `capabilities` are backend's; stratum finishes book their times into `stats`.
    // `strategy` is the plan's on backend, bound before the first stratum begins.
    RelationStore(const plan::Plan& plan, const plan::Strategy& strategy, Backend& backend,
                  const BackendCapabilities& capabilities, const EngineOptions& options,
                  std::size_t lane_count, Stats& stats);
    ~RelationStore();
    RelationStore(const RelationStore&) = delete;
    RelationStore& operator=(const RelationStore&) = delete;

    [[nodiscard]] RelationState& state(std::uint32_t relation) { return *relations_[relation]; }
    [[nodiscard]] const RelationState& state(std::uint32_t relation) const { return *relations_[relation]; }

    // Sets up the stratum's relations as their strategies say: a tuple set, a recent run
    // for deferred merges, old versions.
    void begin_stratum(const plan::Stratum& stratum);
    // Finishes deferred merges and drops what only the stratum needed.
    void end_stratum(const plan::Stratum& stratum);
    // Makes sorted, distinct primary-order tuples the full relation, in every order.
    void install_full(std::uint32_t relation, TupleArray sorted_primary, IterationStats& it);
    // Deduplicates the lane's `new` batch of `relation` into next_delta.
    void flush(std::uint32_t relation, Lane& lane);
    // The lane's duplicate pre-filter for `relation`'s `new`, for a relation whose strategy
    // has one.
    DuplicateFilter& duplicate_filter(std::uint32_t relation, Lane& lane);
    // The iteration's end for these relations: every lane's `new` flushed, next_delta
    // becomes delta and is merged into full (or the recent run, or the set's log).
    void absorb_all(const std::vector<std::uint32_t>& relations, IterationStats& it);
    // The full relation in declaration column order, sorted.
    TupleArray identity_order_copy(std::uint32_t relation);

private:
    OperatorTimer time_operator(Backend& backend, IterationStats& it, Operator op) const;
    void flush_into_hash_set(std::uint32_t relation, Lane& lane);
    void append(TupleArray& to, const TupleArray& from, Lane& lane);
    void add_mirrors(TupleArray& tuples, Lane& lane);
    void absorb(std::uint32_t relation, IterationStats& it);
    void merge_into(std::uint32_t relation, TupleArray& full, TupleArray& spare, const TupleArray& delta,
                    Lane& lane);
    void fold_recent(std::uint32_t relation, Lane& lane);
    void finish_deferred_merges(const std::vector<std::uint32_t>& relations);
    // Whether EBM is on (EngineOptions::eager_buffers, until it gives way).
    [[nodiscard]] bool eager() const { return eager_.load(std::memory_order_relaxed); }
    [[nodiscard]] plan::Merge merge_mode(std::uint32_t relation, const Lane& lane) const;
    // EBM gives way (see RelationState); from any thread.
    void give_way();
    // What only EBM keeps of `state` and may be in use while rules run, once it gave way.
    void drop_eager_leftovers(RelationState& state);
    // Books in the statistics where EBM gave way, once.
    void note_giving_way(const IterationStats& it);

    const plan::Plan& plan_;
    const plan::Strategy& strategy_;
    Backend& backend_;
    const BackendCapabilities& capabilities_;
    const EngineOptions& options_;
    Stats& stats_;
    std::vector<std::unique_ptr<RelationState>> relations_;
    std::atomic<bool> eager_;
    bool can_give_way_ = false;  // the backend calls give_way under memory pressure
    bool giving_way_noted_ = false;
    IterationStats last_absorbed_;  // its stratum and iteration
    std::mutex give_way_mutex_;
};

}  // namespace galias::engine
