#pragma once
// The multi-threaded host backend (oneTBB). Relations live in host memory; every operator
// is chunked over the worker threads of one task arena (`-j`).

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "gpu_engine/cpu/distinct_set.hpp"
#include "gpu_engine/hisa/tuple_hash_set.hpp"
#include "gpu_engine/runtime/backend.hpp"
#include "gpu_engine/runtime/launch_scheduling.hpp"

namespace galias::engine::cpu {

class HostBlockCache;

// Capabilities: lanes (with `sched` other than off), in-place merge, tuple sets, the
// one-pass join into a bitmap set, and room made under its memory limit on demand.
class CpuBackend final : public Backend,
                         public LaneSet,
                         public LaunchScheduling,
                         public InPlaceMerge,
                         public TupleSets,
                         public OnePassJoin,
                         public MemoryPressure {
public:
    // threads 0 = all cores. With `sched` other than off the executor runs independent
    // rules on several host threads at once; they share this backend (its operators are
    // safe to call concurrently) and its task arena.
    // memory_limit_bytes: what the engine's buffers may hold at once, reserved or touched;
    // 0 = the memory available when the backend starts, less the block cache's share while
    // it may keep freed blocks (keep_freed_buffers).
    explicit CpuBackend(unsigned threads, sched::SchedMode sched = sched::SchedMode::kOff,
                        std::size_t memory_limit_bytes = 0);
    ~CpuBackend() override;

    [[nodiscard]] std::string description() const override;
    [[nodiscard]] unsigned threads() const override { return threads_; }
    [[nodiscard]] std::size_t free_memory() const override;
    [[nodiscard]] bool host_accessible() const override { return true; }
    [[nodiscard]] BackendCapabilities capabilities() override;
    // Lanes: every lane is this backend (its operators are safe to call concurrently).
    [[nodiscard]] std::size_t count() const override { return 4; }
    Backend& lane(std::size_t /*index*/) override { return *this; }
    [[nodiscard]] sched::SchedMode mode() const override { return sched_; }
    // Small batches keep the working set of deduplication (batch + sort scratch) in the
    // hundreds of megabytes even when a join produces billions of duplicates.
    [[nodiscard]] std::size_t default_batch_bytes() const override { return std::size_t{128} << 20; }
    void keep_freed_buffers(bool keep) override;
    // An allocation beyond the limit first drops the kept blocks for good, then calls
    // `relieve`, then is checked again.
    void on_memory_pressure(std::function<void()> relieve) override;

    void upload(const Cell* host, std::size_t cells, Cell* dst) override;
    void download(const Cell* src, std::size_t cells, Cell* host) override;
    void copy(const Cell* src, std::size_t cells, Cell* dst) override;

    void permute(const TupleArray& in, std::span<const std::uint32_t> columns, TupleArray& out) override;
    void sort(TupleArray& tuples) override;
    void sort_unique(TupleArray& tuples) override;
    void difference(const TupleArray& a, const TupleArray& b, TupleArray& out) override;
    void merge(const TupleArray& a, const TupleArray& b, TupleArray& out) override;
    // Grows full by realloc (remapping pages of large blocks), then merges backwards.
    bool merge_in_place(TupleArray& full, const TupleArray& delta, std::uint64_t capacity) override;
    void build_index(Hisa& hisa, double load_factor) override;
    std::unique_ptr<JoinCounts> join_count(const JoinSpec& spec, const TupleArray& outer, std::uint64_t begin,
                                           std::uint64_t end, const Hisa* inner) override;
    void join_emit(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner, const JoinCounts& counts,
                   std::uint64_t from, std::uint64_t to, TupleArray& out) override;
    // cpu_tuple_hash_set.cpp. Preferred by `--dedup auto` only where the set soon becomes a
    // bitmap of at most kPreferredBitmapBytes: in a hash table each insert is a cache miss
    // where the sorted runs' radix sorts stream through memory (docs/BENCHMARKS.md), and a
    // large bitmap's rows are no better; a small bitmap beat the sorted runs 1.4-2.8x on
    // this project's 2-core machine.
    static constexpr std::uint64_t kPreferredBitmapBytes = std::uint64_t{64} << 20;
    [[nodiscard]] bool prefers_hash_dedup(std::uint32_t arity) const override;
    // Tuples pack into one 64-bit key.
    [[nodiscard]] bool holds(std::uint32_t arity) const override { return arity == 1 || arity == 2; }
    std::unique_ptr<TupleHashSet> make_tuple_hash_set(std::uint32_t arity) override;
    void insert_new(TupleHashSet& set, const TupleArray& tuples, TupleArray& out) override;
    void list_sorted(const TupleHashSet& set, std::uint32_t arity, TupleArray& out) override;
    // join_emit, then insert_new (emit_then_insert_new).
    std::uint64_t join_emit_new(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                                TupleArray& out, TupleHashSet& set) override {
        return emit_then_insert_new(*this, *this, spec, outer, inner, counts, from, to, out, set);
    }
    // Into a bitmap set: no counting pass, no scratch of every derived tuple; each chunk of
    // outer tuples keeps the tuples it was first to insert, copied out in chunk order.
    std::optional<std::uint64_t> join_into_set(const JoinSpec& spec, const TupleArray& outer,
                                               const Hisa* inner, TupleArray& out, TupleHashSet& set,
                                               std::uint64_t room) override;
    // Where small_bitmap says it pays (cpu_tuple_hash_set.cpp).
    std::unique_ptr<TupleHashSet> make_scratch_bitmap(const JoinSpec& spec, std::uint64_t rows) override;
    // Lets a tuple hash set become a bitmap (hisa/tuple_hash_set.hpp).
    void set_value_bound(Cell largest) override { value_bound_ = largest; }

protected:
    void* raw_allocate(std::size_t bytes) override;
    void raw_release(void* data, std::size_t bytes) override;
    void* raw_reallocate(void* data, std::size_t old_bytes, std::size_t new_bytes) override;

private:
    template <class Fn>
    void parallel(Fn&& fn) {
        arena_.execute(std::forward<Fn>(fn));
    }
    void parallel_copy(const Cell* src, std::size_t cells, Cell* dst);
    bool remove_duplicates_by_hashing(TupleArray& tuples);
    // sort_unique as a counting sort through a bitmap of every possible tuple, when the
    // value bound makes it small (cpu_tuple_hash_set.cpp); false when it does not pay.
    bool sort_unique_through_bitmap(TupleArray& tuples);
    // The bitmap of every tuple of `arity` columns under the value bound (none: words 0).
    [[nodiscard]] TupleBitmapShape bitmap_shape(std::uint32_t arity) const;
    // That bitmap where deduplicating `rows` rows through it pays (sort_unique, join_distinct;
    // cpu_tuple_hash_set.cpp); else none.
    [[nodiscard]] TupleBitmapShape small_bitmap(std::uint32_t arity, std::uint64_t rows) const;
    // A zeroed bitmap of that shape with bit bit_of(i) set for every i < n that has one
    // (cpu_tuple_hash_set.cpp, its only user).
    template <class BitOf>
    Buffer bitmap_of(const TupleBitmapShape& bitmap, std::uint64_t n, BitOf bit_of);
    // Writes the tuples of bitmap `bits` in order to `out`; returns their number.
    std::uint64_t list_bitmap(const std::uint32_t* bits, const TupleBitmapShape& bitmap, std::uint32_t arity,
                              Cell* out);
    [[nodiscard]] bool fits_in_memory(std::size_t bytes) const;
    // Gives back what is kept only for speed: the kept blocks, for good, and what the
    // engine gives back through on_memory_pressure's `relieve`.
    void make_room();
    // fits_in_memory, after make_room where it does not fit at first.
    bool fits_after_making_room(std::size_t bytes);
    void* allocate_block(std::size_t bytes);  // from the block cache or malloc, unchecked
    static std::size_t system_available();    // host_memory.hpp: MemAvailable, cgroup, RLIMIT_AS
    // Hash sets for remove_duplicates_by_hashing, kept between calls (lanes call it at once).
    std::vector<DistinctSet> take_distinct_sets(std::size_t count);
    void give_back_distinct_sets(std::vector<DistinctSet> sets);

    unsigned threads_;
    sched::SchedMode sched_;
    // The limit without the block cache's share (the limit given, or the memory available
    // when the backend started), and the limit in force: less that share while the cache
    // may hold blocks. Lanes read it while another lane may lower the cache's budget.
    std::size_t limit_without_cache_;
    bool limit_given_;
    std::atomic<std::size_t> memory_limit_;
    // Lets an arena use more threads than cores when the user asks for them (-j).
    std::unique_ptr<tbb::global_control> parallelism_;
    tbb::task_arena arena_;
    std::unique_ptr<HostBlockCache> blocks_;  // large buffers for reuse
    std::size_t block_cache_budget_;          // its budget while freed buffers are kept
    std::mutex distinct_sets_mutex_;
    std::vector<std::vector<DistinctSet>> spare_distinct_sets_;
    std::optional<Cell> value_bound_;  // set_value_bound's promise, when given
    std::mutex pressure_mutex_;        // one relief at a time
    std::function<void()> relieve_;    // on_memory_pressure's
};

}  // namespace galias::engine::cpu
