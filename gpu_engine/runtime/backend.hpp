#pragma once
// The seam between the backend-independent executor (semi-naive loop, EBM, statistics)
// and the backends. Every operator works on whole relations (bulk API, like CUB and
// cuCollections); per-element logic lives in gpu_engine/hisa/ and is shared.
//
// A backend has two parts: the primitives every backend implements (class Backend:
// allocation, copies, permute, sort, set operations, index build, the two-pass join),
// and optional capabilities (BackendCapabilities: lanes, launch scheduling, in-place
// merge, one-call counting join, duplicate filter, tuple sets, one-pass join into a set,
// memory pressure), each an interface the backend hands out or not. When a plan is bound
// to a backend (runtime/bind_plan.hpp) its strategies are chosen from the capabilities
// once; the executor follows them, so a capability that is there is used, one that is not
// never reached.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "gpu_engine/hisa/join_spec.hpp"
#include "gpu_engine/runtime/buffer.hpp"

namespace galias::engine {

// Host threads waiting for a backend's queued work (synchronizations): how often and how
// long. Jobs made of many small operators are bound by these round trips
// (docs/SCHEDULING.md).
struct DeviceWaits {
    std::uint64_t count = 0;
    double seconds = 0;
};

struct MemoryCounters {
    std::size_t current_bytes = 0;
    std::size_t peak_bytes = 0;
    std::size_t allocations = 0;
    std::size_t allocated_bytes = 0;
    double allocation_seconds = 0;
};

// The result of a join's counting pass over outer tuples [begin, end).
class JoinCounts {
public:
    virtual ~JoinCounts() = default;
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::uint64_t total = 0;  // output tuples of the whole range
    bool emitted = false;     // join_count_emit() has already appended the whole output
    // The end of the longest slice [from, stop) whose output fits `budget` tuples; always
    // at least one unit of work past `from` (a single huge unit may exceed the budget).
    [[nodiscard]] virtual std::uint64_t split(std::uint64_t from, std::uint64_t budget) const = 0;
};

// A duplicate pre-filter for join output (gpu_engine/hisa/duplicate_filter.hpp): a table of
// tuples the lane appended to its `new` since the last clear(), or some of them (the
// backend may forget tuples to make room, never remember one it did not admit). Owned by
// the executor, one per relation and lane, used on that lane's backend only, and kept
// across flushes and iterations of a stratum: a tuple once appended is in `new` or, after
// a flush, in full or the next delta, so every later copy of it is a duplicate.
class DuplicateFilter {
public:
    virtual ~DuplicateFilter() = default;
    // Forgets every tuple.
    virtual void clear() = 0;
};

// An exact set of one- or two-column tuples in a hash table (hisa/tuple_hash_set.hpp): how
// a linearly recursive relation is deduplicated with `--dedup hash` — each flushed batch
// is inserted, and the tuples that were not in the set are the batch's part of the next
// delta. Owned by the executor, one per such relation, for its stratum.
class TupleHashSet {
public:
    virtual ~TupleHashSet() = default;
    [[nodiscard]] virtual std::uint64_t size() const = 0;
    // Whether the set is a bitmap now (hisa/tuple_hash_set.hpp): it can then list its
    // tuples in sorted order itself (TupleSets::list_sorted), and stays a bitmap.
    [[nodiscard]] virtual bool is_bitmap() const = 0;
};

class Backend;
class LaunchScheduling;  // runtime/launch_scheduling.hpp

// ---------------------------------------------------------------------------------------
// Optional capabilities (BackendCapabilities). Each belongs to one backend object (a lane
// has its own) and is used on that backend's work only.

// Lanes: views of a backend that host threads may drive at the same time (each may queue
// its work apart from the others). The executor runs the independent rule variants of one
// iteration on different lanes. Lane 0 is the backend itself; every lane allocates into
// the backend's memory counters, and a buffer may be used by another lane once the lane
// that wrote it has synchronized. A lane offers the capabilities of its backend (but no
// lanes of its own): the strategy chosen for the backend (plan/strategy.hpp) runs on each.
class LaneSet {
public:
    virtual ~LaneSet() = default;
    [[nodiscard]] virtual std::size_t count() const = 0;  // at least 1
    // Lane `index` < count(), made on first use (by the thread that will drive it).
    virtual Backend& lane(std::size_t index) = 0;
};

// full ∪= delta inside full's own buffer: for a backend where a second full-size buffer
// costs more than a sequential merge (the memory-lean mode, --no-ebm).
class InPlaceMerge {
public:
    virtual ~InPlaceMerge() = default;
    // Grows full to `capacity` tuples when too small; false when it did not merge (then
    // the caller merges into a second buffer).
    virtual bool merge_in_place(TupleArray& full, const TupleArray& delta, std::uint64_t capacity) = 0;
};

// The counting pass of a join's last step that may also write the output.
class CountingEmit {
public:
    virtual ~CountingEmit() = default;
    // Pass 1 over the whole outer relation for a join whose output goes to `out`; where
    // the whole output is at most `room` tuples the backend may append it to `out` at once
    // and set counts->emitted (no pass 2 to run). Otherwise only counts, as join_count.
    virtual std::unique_ptr<JoinCounts> join_count_emit(const JoinSpec& spec, const TupleArray& outer,
                                                        const Hisa* inner, TupleArray& out,
                                                        std::uint64_t room) = 0;
};

// A duplicate pre-filter for join output (DuplicateFilter), and pass 2 through it.
class DuplicateFiltering {
public:
    virtual ~DuplicateFiltering() = default;
    // Whether the backend filters join output of `arity` columns (asked when a plan is bound).
    [[nodiscard]] virtual bool filters(std::uint32_t arity) const = 0;
    // A filter for join output of `arity` columns, or nullptr where !filters(arity).
    virtual std::unique_ptr<DuplicateFilter> make_duplicate_filter(std::uint32_t arity) = 0;
    // Pass 2 through `filter`: appends to `out` only the tuples the filter admits: every
    // tuple the filter does not hold at least once; most copies of a tuple it holds (one
    // appended through it before, since its last clear()) are dropped. Returns the tuples
    // derived, admitted or not.
    virtual std::uint64_t join_emit_distinct(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                             const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                                             TupleArray& out, DuplicateFilter& filter) = 0;
};

// Exact tuple sets (TupleHashSet), for deduplicating a linearly recursive relation.
class TupleSets {
public:
    virtual ~TupleSets() = default;
    // Whether the backend's sets hold `arity`-column tuples (they must pack into one 64-bit
    // key: at most 2 columns); asked when a plan is bound.
    [[nodiscard]] virtual bool holds(std::uint32_t arity) const = 0;
    // An empty set for `arity`-column tuples, or nullptr where !holds(arity).
    virtual std::unique_ptr<TupleHashSet> make_tuple_hash_set(std::uint32_t arity) = 0;
    // Whether `--dedup auto` deduplicates a linearly recursive relation of `arity` columns
    // with a tuple set on this backend (faster than sorted runs there: measured,
    // docs/BENCHMARKS.md). Asked after the value bound is set.
    [[nodiscard]] virtual bool prefers_hash_dedup(std::uint32_t arity) const = 0;
    // Inserts every tuple of `tuples` into `set`; `out` = the tuples that were not in it,
    // each once, in no particular order. Returns with the set's work finished (the count
    // is read back), so another lane may use the set next.
    virtual void insert_new(TupleHashSet& set, const TupleArray& tuples, TupleArray& out) = 0;
    // Pass 2 into `set`: inserts the output of outer tuples [from, to) and appends to
    // `out` exactly the tuples the set did not hold; returns the tuples derived. Returns
    // with the set's work finished, like insert_new. emit_then_insert_new() below is the
    // composition of join_emit and insert_new that a backend without a fused pass uses.
    virtual std::uint64_t join_emit_new(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                        const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                                        TupleArray& out, TupleHashSet& set) = 0;
    // out = every tuple of `set`, sorted, for a set that is a bitmap (TupleHashSet::is_bitmap;
    // its rows in order are the tuples in lexicographic order): one pass over the bitmap
    // instead of a sort of the relation. Only for such a set.
    virtual void list_sorted(const TupleHashSet& set, std::uint32_t arity, TupleArray& out) = 0;
};

// A join step into a tuple set in one pass, with no counting pass.
class OnePassJoin {
public:
    virtual ~OnePassJoin() = default;
    // Inserts the output of the whole outer relation into `set` and appends to `out`
    // exactly the tuples the set did not hold; returns the tuples derived. The pass runs
    // for some steps and sets only (say, a set that is a bitmap) and within `room`: how
    // many tuples `out` may grow by within the batch budget. A backend that reserves room
    // for a bound on them beforehand runs only when the bound fits, or runs with less room
    // optimistically. Returns nothing where it did not run, having done nothing, or where
    // the new tuples did not fit: then those it wrote are appended to `out` and held by
    // the set, and the two passes (TupleSets::join_emit_new) append what the set still
    // lacks. Returns with the set's work finished, like TupleSets::insert_new.
    virtual std::optional<std::uint64_t> join_into_set(const JoinSpec& spec, const TupleArray& outer,
                                                       const Hisa* inner, TupleArray& out, TupleHashSet& set,
                                                       std::uint64_t room) = 0;
    // An empty tuple set that is a bitmap from the start, for deduplicating the output of
    // join step `spec` (about `rows` tuples, at least) once in join_into_set: nullptr where
    // the backend has no such bitmap, would not run the step into it, or where a bitmap
    // would not pay for so few rows.
    virtual std::unique_ptr<TupleHashSet> make_scratch_bitmap(const JoinSpec& spec, std::uint64_t rows) = 0;
    // A join step's distinct output in one pass, for an intermediate the next step reads:
    // join_into_set into a scratch bitmap (sized for at least |outer| rows), so `out` gets
    // each derived tuple once, in no particular order; returns the tuples derived, or
    // nothing where it did not run or its room ran out (then `out` may hold part of the
    // output: the caller drops it, and takes join and sort_unique).
    std::optional<std::uint64_t> join_distinct(const JoinSpec& spec, const TupleArray& outer,
                                               const Hisa* inner, TupleArray& out, std::uint64_t room);
};

// A memory limit the engine may make room under. A backend that refuses an allocation
// beyond a limit of its own (the CPU backend counts reserved room as used, touched or not)
// first gives back what it keeps only for speed (freed blocks), then asks the engine to do
// the same (EBM's spare merge buffers, RelationStore::give_way) and tries again: a run that
// reaches the limit goes on in the memory-lean mode instead of failing and starting over.
class MemoryPressure {
public:
    virtual ~MemoryPressure() = default;
    // `relieve` (empty: none) is called on the thread whose allocation did not fit, one
    // call at a time, while rules may be running on other lanes: it may only release
    // buffers that no operator is using, and must not allocate.
    virtual void on_memory_pressure(std::function<void()> relieve) = 0;
};

// What a backend object offers beyond the primitives; null where it does not.
struct BackendCapabilities {
    LaneSet* lanes = nullptr;                      // more than one lane
    const LaunchScheduling* scheduling = nullptr;  // how lanes' launches are shaped
    InPlaceMerge* in_place_merge = nullptr;
    CountingEmit* counting_emit = nullptr;
    DuplicateFiltering* duplicate_filtering = nullptr;
    TupleSets* tuple_sets = nullptr;
    OnePassJoin* one_pass_join = nullptr;  // only with tuple_sets
    MemoryPressure* memory_pressure = nullptr;
};

// ---------------------------------------------------------------------------------------

class Backend {
public:
    virtual ~Backend() = default;

    [[nodiscard]] virtual std::string description() const = 0;  // "cpu (2 threads)"
    [[nodiscard]] virtual unsigned threads() const = 0;
    // Memory that could still be allocated (for EBM): what the backend's memory holds free
    // now, within its limits.
    [[nodiscard]] virtual std::size_t free_memory() const = 0;
    // Waits until the work queued by this backend object has finished (a no-op for a
    // backend whose operators return finished).
    virtual void synchronize() {}
    // EBM: a new merge buffer is at least this many times the tuples it must hold. 1 is the
    // exact EBM rule (memory-lean); a backend whose every growth costs a fresh mapping, and
    // whose memory is plentiful next to the relations, grows geometrically.
    [[nodiscard]] virtual double merge_buffer_growth() const { return 1.0; }
    // How many bytes of join output to collect before deduplicating them (0 = no limit).
    [[nodiscard]] virtual std::size_t default_batch_bytes() const = 0;
    // True when Buffers are plain host memory (outputs can be written without a copy).
    [[nodiscard]] virtual bool host_accessible() const { return false; }
    // The optional capabilities of this backend object (a lane answers for itself). The
    // pointers stay valid as long as the backend.
    [[nodiscard]] virtual BackendCapabilities capabilities() { return {}; }

    // Allocation, counted. Throws std::bad_alloc-derived OutOfMemory on failure.
    Buffer allocate(std::size_t bytes);
    // The same, but an empty Buffer where the memory is not there: for room that is only
    // worth having where it fits (growth room beyond what is needed now).
    Buffer try_allocate(std::size_t bytes);
    void release(void* data, std::size_t bytes);
    // Grows (or shrinks) a buffer keeping its contents; the host backend uses realloc, which
    // for large blocks remaps pages instead of copying them.
    void reallocate(Buffer& buffer, std::size_t bytes);
    [[nodiscard]] MemoryCounters memory() const {
        std::lock_guard lock(accounting_->memory_mutex_);
        return accounting_->memory_;
    }
    // Time spent allocating and releasing through this backend object alone (one lane),
    // for the executor's per-operator times; memory() sums all lanes.
    [[nodiscard]] double own_allocation_seconds() const {
        return own_allocation_seconds_.load(std::memory_order_relaxed);
    }
    // Synchronizations of this backend and its lanes (zero where operators return finished).
    [[nodiscard]] DeviceWaits device_waits() const {
        return {accounting_->wait_count_.load(std::memory_order_relaxed),
                accounting_->wait_seconds_.load(std::memory_order_relaxed)};
    }
    // Whether freed buffers may be kept for reuse (faster) or must go back at once (the
    // memory-lean mode, --no-ebm).
    virtual void keep_freed_buffers(bool keep) { (void)keep; }
    // Memory the backend's own allocator reserved at its peak, where it reserves memory
    // beyond the buffers it hands out (else 0).
    [[nodiscard]] virtual std::size_t reserved_peak_bytes() const { return 0; }
    // A promise from the executor: no cell of any relation it will hand this backend (or
    // its lanes) exceeds `largest`. Rules only copy values from their body and constants,
    // so the largest input cell or constant bounds every derived cell. A backend may pack
    // sort keys to that width instead of measuring column ranges first.
    virtual void set_value_bound(Cell largest) { (void)largest; }

    // Host <-> backend copies of `cells` cells.
    virtual void upload(const Cell* host, std::size_t cells, Cell* dst) = 0;
    virtual void download(const Cell* src, std::size_t cells, Cell* host) = 0;
    virtual void copy(const Cell* src, std::size_t cells, Cell* dst) = 0;

    TupleArray make_array(std::uint32_t arity, std::uint64_t capacity);
    // Grows `array` to hold at least `tuples` tuples, keeping its contents: to twice its
    // capacity, or to exactly `tuples` where twice does not fit.
    void reserve(TupleArray& array, std::uint64_t tuples);
    // to ∪= from, unsorted: a copy of from's tuples after to's (to grown by reserve).
    void append(TupleArray& to, const TupleArray& from);
    TupleArray upload_array(const Cell* host, std::uint64_t tuples, std::uint32_t arity);

    // out[i] = in[i] with columns reordered: out column j = in column columns[j].
    virtual void permute(const TupleArray& in, std::span<const std::uint32_t> columns, TupleArray& out) = 0;
    // Sorts lexicographically (no dedup).
    virtual void sort(TupleArray& tuples) = 0;
    // Sorts and removes duplicates.
    virtual void sort_unique(TupleArray& tuples) = 0;
    // out = tuples of `a` that are not in `b`; both sorted and distinct. `out` is
    // (re)allocated by the backend.
    virtual void difference(const TupleArray& a, const TupleArray& b, TupleArray& out) = 0;
    // out = the distinct tuples of `fresh` that are not in sorted, distinct `b`, sorted;
    // `fresh` is left sorted and deduplicated or as scratch (its contents are consumed).
    // sort_unique then difference; a backend whose every size read is a round trip may do
    // both with one.
    virtual void unique_difference(TupleArray& fresh, const TupleArray& b, TupleArray& out) {
        sort_unique(fresh);
        difference(fresh, b, out);
    }
    // out = a ∪ b for sorted, disjoint, distinct a and b; out.capacity() >= a.size + b.size.
    virtual void merge(const TupleArray& a, const TupleArray& b, TupleArray& out) = 0;
    // (Re)builds the hash index of `hisa` over its first key_len columns.
    virtual void build_index(Hisa& hisa, double load_factor) = 0;
    // Two-pass join, pass 1: counts the output of outer tuples [begin, end). The counts are
    // kept so pass 2 can run on slices of the outer range whose output fits a budget.
    // `inner` is null for steps without an inner relation.
    virtual std::unique_ptr<JoinCounts> join_count(const JoinSpec& spec, const TupleArray& outer,
                                                   std::uint64_t begin, std::uint64_t end,
                                                   const Hisa* inner) = 0;
    // Pass 2: appends the output of outer tuples [from, to) to `out` (grown as needed);
    // from/to are slice boundaries returned by counts.split().
    virtual void join_emit(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                           const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                           TupleArray& out) = 0;
    // Both passes over the whole outer relation.
    void join(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner, TupleArray& out);

protected:
    // A lane counts its allocations in its parent's counters.
    void account_in(Backend& parent) { accounting_ = parent.accounting_; }
    void count_wait(double seconds) {
        accounting_->wait_count_.fetch_add(1, std::memory_order_relaxed);
        accounting_->wait_seconds_.fetch_add(seconds, std::memory_order_relaxed);
    }
    virtual void* raw_allocate(std::size_t bytes) = 0;  // nullptr on failure
    virtual void raw_release(void* data, std::size_t bytes) = 0;
    // Default: allocate, copy, release.
    virtual void* raw_reallocate(void* data, std::size_t old_bytes, std::size_t new_bytes);

private:
    void count_allocation(std::size_t bytes, double seconds);

    Backend* accounting_ = this;
    std::atomic<double> own_allocation_seconds_{0};
    std::atomic<std::uint64_t> wait_count_{0};
    std::atomic<double> wait_seconds_{0};
    mutable std::mutex memory_mutex_;
    MemoryCounters memory_;
};

// TupleSets::join_emit_new as join_emit into a scratch array, insert_new of it into `set`,
// and an append of the new tuples to `out`, on `backend`.
std::uint64_t emit_then_insert_new(Backend& backend, TupleSets& sets, const JoinSpec& spec,
                                   const TupleArray& outer, const Hisa* inner, const JoinCounts& counts,
                                   std::uint64_t from, std::uint64_t to, TupleArray& out, TupleHashSet& set);
// DuplicateFiltering::join_emit_distinct without a filter: join_emit; returns the tuples
// appended.
std::uint64_t emit_unfiltered(Backend& backend, const JoinSpec& spec, const TupleArray& outer,
                              const Hisa* inner, const JoinCounts& counts, std::uint64_t from,
                              std::uint64_t to, TupleArray& out);

class OutOfMemory : public std::bad_alloc {
public:
    explicit OutOfMemory(std::string message) : message_(std::move(message)) {}
    [[nodiscard]] const char* what() const noexcept override { return message_.c_str(); }

private:
    std::string message_;
};

}  // namespace galias::engine
