// The CUDA backend: relations in device memory (HISA layout), CUB for sorting, scans and
// selection, Thrust's merge-path merge and set difference, and the shared per-element join
// and index logic in explicit kernels. A backend's work runs on its stream; its lanes
// (`--sched streams|model`) each have their own stream, so the executor's independent
// rules run concurrently, and the launch coordinator shapes the kernels that run
// together (gpu_engine/sched/launch_coordinator.hpp). Device memory comes from a
// stream-ordered pool (cudaMallocAsync) that keeps freed memory for reuse, so the many
// per-iteration allocations cost next to nothing.

#include <thrust/execution_policy.h>
#include <thrust/merge.h>
#include <thrust/set_operations.h>
#include <thrust/sort.h>
#include <thrust/unique.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "gpu_engine/cuda/block_cache.cuh"
#include "gpu_engine/cuda/cuda_backend.hpp"
#include "gpu_engine/cuda/error.cuh"
#include "gpu_engine/cuda/join_into_set.cuh"
#include "gpu_engine/cuda/kernels.cuh"
#include "gpu_engine/cuda/launch.cuh"
#include "gpu_engine/cuda/pinned_slots.cuh"
#include "gpu_engine/cuda/tile_join.cuh"
#include "gpu_engine/cuda/tile_kernels.cuh"
#include "gpu_engine/cuda/trace.cuh"
#include "gpu_engine/cuda/tuple_hash_set_kernels.cuh"
#include "gpu_engine/engine.hpp"
#include "gpu_engine/hisa/rows.hpp"
#include "gpu_engine/sched/cuda_profiles.hpp"

namespace galias::engine::cuda {

namespace {

// Set once a backend has started: release_memory() has something to free.
std::atomic<bool>& device_started() {
    static std::atomic<bool> started{false};
    return started;
}

struct DeviceState {
    std::once_flag once;
    bool available = false;
    std::string problem;
};

DeviceState& device_state() {
    static DeviceState state;
    std::call_once(state.once, [] {
        int count = 0;
        const cudaError_t status = cudaGetDeviceCount(&count);
        if (status != cudaSuccess) {
            state.problem = cudaGetErrorString(status);
            cudaGetLastError();
        } else if (count == 0) {
            state.problem = "no CUDA device found";
        } else {
            state.available = true;
        }
    });
    return state;
}

// Scratch memory for Thrust comes from the backend's block cache.
struct ThrustAllocator {
    using value_type = char;
    BlockCache* cache;
    char* allocate(std::ptrdiff_t bytes) {
        void* data = cache->allocate(static_cast<std::size_t>(bytes));
        if (data == nullptr) GALIAS_CUDA_TRY(cudaErrorMemoryAllocation);
        return static_cast<char*>(data);
    }
    void deallocate(char* data, std::size_t bytes) { cache->release(data, bytes); }
};

// Scanned per-tuple output counts of a join's first pass, kept on the device.
class CudaJoinCounts final : public JoinCounts {
public:
    CudaJoinCounts(cudaStream_t stream, void* staging) : stream_(stream), staging_(staging) {}
    Buffer offsets;  // end - begin + 1 entries, exclusive scan of the counts
    Buffer begins;   // inner range start per outer tuple (load-balanced emit), or empty
    Buffer scratch;

    [[nodiscard]] std::uint64_t split(std::uint64_t from, std::uint64_t budget) const override {
        if (offsets.get() == nullptr) return end;
        if (from == begin && total <= budget) return end;  // all of it fits: no round trip
        auto* d_stop = static_cast<std::uint64_t*>(scratch.get());
        launch_kernel(&split_kernel, LaunchShape{1, 1}, 0, stream_,
                      static_cast<const std::uint64_t*>(offsets.get()), end - begin, from - begin, budget,
                      d_stop);
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        std::uint64_t stop = 0;
        GALIAS_CUDA_TRY(cudaMemcpyAsync(staging_, d_stop, sizeof stop, cudaMemcpyDeviceToHost, stream_));
        GALIAS_CUDA_TRY(cudaStreamSynchronize(stream_));
        std::memcpy(&stop, staging_, sizeof stop);
        return begin + stop;
    }

private:
    cudaStream_t stream_;
    void* staging_;  // the backend's pinned staging memory
};

// One coordinator per process and mode: every backend of a `galias run --batch` (several
// analyses on one device) and every lane registers with it, so kernels of different
// analyses are planned together.
std::shared_ptr<sched::LaunchCoordinator> shared_coordinator(sched::SchedMode mode) {
    static std::mutex mutex;
    static std::map<sched::SchedMode, std::shared_ptr<sched::LaunchCoordinator>> coordinators;
    std::lock_guard lock(mutex);
    auto& coordinator = coordinators[mode];
    if (!coordinator) {
        sched::PlanOptions options;
        options.mode = mode;
        options.default_block = 256;  // as default_shape()
        options.default_waves = 8;
        coordinator = std::make_shared<sched::LaunchCoordinator>(sched::query_device_profile(0), options);
    }
    return coordinator;
}

// Registers, shared memory and block limit of a compiled kernel, read once.
sched::KernelProfile kernel_profile(const void* kernel, std::uint64_t items) {
    static std::mutex mutex;
    static std::map<const void*, sched::KernelProfile> known;
    std::lock_guard lock(mutex);
    auto found = known.find(kernel);
    if (found == known.end()) found = known.emplace(kernel, sched::query_kernel_profile(kernel, "engine kernel", 0)).first;
    sched::KernelProfile profile = found->second;
    profile.work_items = static_cast<std::int64_t>(std::min<std::uint64_t>(items, std::numeric_limits<std::int64_t>::max()));
    return profile;
}

// cudaGetDeviceProperties takes milliseconds: read once per process.
const cudaDeviceProp& device_properties() {
    static const cudaDeviceProp properties = [] {
        cudaDeviceProp p{};
        GALIAS_CUDA_TRY(cudaGetDeviceProperties(&p, 0));
        return p;
    }();
    return properties;
}

// Pinned host memory per backend for small device-to-host reads: copies staged at the
// start, kernels' published totals (GridTotals) from kTotalsOffset on.
constexpr std::size_t kStagingBytes = PinnedSlots::kSlotBytes;
constexpr std::size_t kTotalsOffset = 128;
static_assert(kTotalsOffset + kGridTotals * sizeof(unsigned long long) <= kStagingBytes);

// Arrays of at most this many tuples are sorted without reading their column ranges first.
constexpr std::uint64_t kSmallSortTuples = std::uint64_t{1} << 18;

// Relations of at most this many tuples get an index sized for one key per tuple, without
// reading the number of keys back (at most 1.3 M slots of 16 bytes at the default load
// factor 0.8).
constexpr std::uint64_t kIndexWithoutReadBack = std::uint64_t{1} << 20;

// A filter that admitted more than half of at least kFilterTrialTuples derived tuples
// leaves the next kFilterSkips emits of its relation unfiltered, then measures again.
constexpr std::uint64_t kFilterTrialTuples = std::uint64_t{1} << 20;
constexpr unsigned kFilterSkips = 8;

// A duplicate pre-filter's table holds 2^16 to 2^22 keys (at most 32 MiB, so that it stays
// in the H100's 50 MB L2), twice the tuples it is expected to see.
constexpr std::uint64_t kDuplicateFilterMinSlots = std::uint64_t{1} << 16;
constexpr std::uint64_t kDuplicateFilterMaxSlots = std::uint64_t{1} << 22;

// The CUDA duplicate pre-filter: a device table of packed tuples, cleared on the owning
// lane's stream. `admitted` counts the keys the table may hold (appended since it was
// made or cleared), to size it.
class CudaDuplicateFilter final : public DuplicateFilter {
public:
    explicit CudaDuplicateFilter(cudaStream_t stream) : stream(stream) {}
    void clear() override {
        if (admitted != 0) GALIAS_CUDA_TRY(cudaMemsetAsync(table.get(), 0xFF, slots * sizeof(std::uint64_t), stream));
        admitted = 0;
    }
    // Whether the filter admits most of what it sees (REACH: most derived tuples are new),
    // so that a probe and an atomic per tuple buy little.
    [[nodiscard]] bool unhelpful() const {
        return measured_derived >= kFilterTrialTuples && 2 * measured_admitted > measured_derived;
    }

    cudaStream_t stream;
    Buffer table;
    std::uint64_t slots = 0;
    std::uint64_t admitted = 0;
    // Tuples derived and admitted since the filter was last measured afresh, and emits
    // left unfiltered since then.
    std::uint64_t measured_derived = 0;
    std::uint64_t measured_admitted = 0;
    unsigned skipped = 0;
};

// The tuple hash set's kernels launch at most this many 256-thread blocks per SM (a
// quarter of an H100's thread slots): their probes are random accesses and compare-and-
// swaps, whose rate the memory system sets, not the number of threads waiting on them.
// The default eight waves of full blocks took the same time one after another and held
// every slot the whole while; capped, the queue of 64 at 8 at once took 0.148 s instead of
// 0.167 s on an H200 (docs/BENCHMARKS.md, "Concurrent kernels on the GPU").
constexpr unsigned kHashSetBlocksPerSm = 2;

// The CUDA tuple hash set: a device table of packed keys at most half full, and the flag
// word for the key kEmptyKey — or, once that is the smaller, a bitmap of every possible
// tuple (hisa/tuple_hash_set.hpp). Whichever lane inserts next grows it; insert_new
// returns only after the set's work is finished.
class CudaTupleHashSet final : public TupleHashSet {
public:
    [[nodiscard]] std::uint64_t size() const override { return held; }
    [[nodiscard]] bool is_bitmap() const override { return bits.get() != nullptr; }

    [[nodiscard]] TupleSetRef ref() const {
        return {static_cast<std::uint64_t*>(table.get()), slots - 1, static_cast<std::uint64_t*>(flag.get()),
                static_cast<std::uint32_t*>(bits.get()), bitmap.row_bits};
    }

    Buffer table;
    Buffer flag;
    std::uint64_t slots = 0;
    std::uint64_t held = 0;
    Buffer bits;              // the bitmap, once the set is one (then no table)
    TupleBitmapShape bitmap;  // its shape
    bool room_ran_out = false;  // an optimistic one-pass join into it did not fit (join_into_set)
};

// The filtered emit with outputs grouped (kernels.cuh, LocalFilter): a block takes a run
// of consecutive tiles, and the longer the run, the more copies its filter finds — but
// fewer, longer-running blocks leave the GPU's latency less hidden. Runs of kLocalFilterRun
// tiles, and a tile per block while that leaves fewer than kLocalFilterBlocks blocks, were
// best on CSPA and SG (at most 1024 blocks, each with a longer run, let 6 % of copies past
// instead of 16 % and took longer; docs/BENCHMARKS.md, "Concurrent kernels on the GPU").
constexpr std::uint64_t kLocalFilterRun = 4;
constexpr std::uint64_t kLocalFilterBlocks = 1024;

// Blocks of the filtered emit (join_emit_distinct_kernel) for `produced` outputs: a tile
// each, or with outputs grouped runs of kLocalFilterRun tiles while that leaves at least
// kLocalFilterBlocks blocks.
inline std::uint64_t filtered_emit_blocks(std::uint64_t produced, bool grouped) {
    const std::uint64_t tiles = (produced + kBalancedTile - 1) / kBalancedTile;
    if (!grouped) return tiles;
    return std::max(std::min(tiles, kLocalFilterBlocks), (tiles + kLocalFilterRun - 1) / kLocalFilterRun);
}

// Join outputs of at most this many tuples skip the duplicate pre-filter (no read-back of
// the admitted count): radix-sorting 2^14 more keys takes a few microseconds on an H100,
// less than one round trip to the host (12-50 us on an H100, docs/BENCHMARKS.md).
constexpr std::uint64_t kUnfilteredEmitTuples = std::uint64_t{1} << 14;

// sort_unique through a bitmap (CudaBackend::small_bitmap_bits): at most this many bytes
// of bitmap, mostly kept in L2, and at most this many a row — a radix sort moves about
// 90 bytes a row (packing, four or more passes, unpacking).
constexpr std::uint64_t kSortBitmapMostBytes = std::uint64_t{16} << 20;
constexpr std::uint64_t kSortBitmapBytesPerRow = 64;

// The most room a join into a bitmap set reserves for the tuples it appends in one pass
// (join_into_set.cuh; 128 MiB of two-column tuples). Their bound, |outer| x the longest
// key run, overestimates a graph of hubs twenty to sixty times; past this room the pass
// runs optimistically (the REACH jobs of the queue append at most 6.6 million tuples a
// join, while their bounds reach 518 million: docs/ENGINE.md, "One pass into a bitmap").
constexpr std::uint64_t kJoinIntoSetMostTuples = std::uint64_t{1} << 24;
// The least room an optimistic one pass runs with: with less (the executor's batch
// budget nearly spent) it would likely run out, and its pass be mostly wasted.
constexpr std::uint64_t kJoinIntoSetLeastOptimisticRoom = std::uint64_t{1} << 16;
// Unused room a one-pass join leaves in its output before the output is copied into a
// buffer of its size.
constexpr std::uint64_t kJoinIntoSetSlackBytes = std::uint64_t{16} << 20;

// Streams of the lanes a backend offers with --sched streams|model.
constexpr std::size_t kLanes = 8;

class CudaBackend final : public Backend {
    auto policy() { return thrust::cuda::par_nosync(ThrustAllocator{cache_.get()}).on(stream_); }

public:
    explicit CudaBackend(sched::SchedMode mode, double urgency = 0, CudaBackend* parent = nullptr)
        : mode_(mode), urgency_(urgency), parent_(parent) {
        GALIAS_CUDA_TRY(cudaSetDevice(0));
        if (parent != nullptr) {
            properties_ = parent->properties_;
            account_in(*parent);
        } else {
            properties_ = device_properties();
        }
        // Urgency 0..1 onto CUDA's priorities (least = 0, the default; greatest < 0 on
        // current GPUs): lanes share their backend's priority.
        int least = 0, greatest = 0;
        GALIAS_CUDA_TRY(cudaDeviceGetStreamPriorityRange(&least, &greatest));
        const int priority = least + static_cast<int>(std::lround(std::clamp(urgency, 0.0, 1.0) * (greatest - least)));
        GALIAS_CUDA_TRY(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking, priority));
        staging_ = PinnedSlots::instance().take();
        cache_ = std::make_unique<BlockCache>(stream_);
        totals_ = allocate(kGridTotals * sizeof(unsigned long long) + sizeof(unsigned));
        GALIAS_CUDA_TRY(cudaMemsetAsync(totals_.get(), 0, totals_.bytes(), stream_));  // once: launches leave it zero
        // Only the model needs to know what runs beside a launch. In mode streams every
        // kernel takes its default shape, and a coordinator would only add a lock shared by
        // every lane of every analysis to each launch.
        if (mode_ == sched::SchedMode::kModel) {
            coordinator_ = shared_coordinator(mode_);
            lane_id_ = coordinator_->open_lane();
        }
        GALIAS_CUDA_TRY(cudaDeviceGetDefaultMemPool(&pool_, 0));
        // Keep freed memory in the pool: the next iteration's buffers come from it.
        std::uint64_t keep = std::numeric_limits<std::uint64_t>::max();
        GALIAS_CUDA_TRY(cudaMemPoolSetAttribute(pool_, cudaMemPoolAttrReleaseThreshold, &keep));
        const char* trace = std::getenv("GALIAS_CUDA_TRACE");
        trace_ = std::make_unique<KernelTrace>(stream_, trace != nullptr && trace[0] == '1');
        if (const char* tile = std::getenv("GALIAS_CUDA_TILE")) tile_ops_ = std::string(tile) != "0";
        if (const char* filter = std::getenv("GALIAS_CUDA_FILTER")) filter_on_ = std::string(filter) != "0";
        if (const char* bitmap = std::getenv("GALIAS_CUDA_BITMAP")) bitmap_on_ = std::string(bitmap) != "0";
        if (const char* one_pass = std::getenv("GALIAS_CUDA_ONE_PASS")) one_pass_on_ = std::string(one_pass) != "0";
        if (const char* optimistic = std::getenv("GALIAS_CUDA_OPTIMISTIC"))
            optimistic_on_ = std::string(optimistic) != "0";
        if (const char* mode = std::getenv("GALIAS_CUDA_DIFFERENCE")) {
            difference_mode_ = std::string(mode) == "search" ? 1 : std::string(mode) == "merge" ? 2 : 0;
        }
    }
    ~CudaBackend() override {
        lanes_.clear();  // their buffers are gone: the executor has finished
        cudaStreamSynchronize(stream_);
        if (coordinator_) coordinator_->close_lane(lane_id_);
        if (trace_) trace_->report(stderr);
        trace_.reset();
        PinnedSlots::instance().give_back(staging_);
        totals_.reset();
        cudaStreamSynchronize(stream_);  // nothing queued uses the cached blocks any more
        cache_->retire();
        cache_.reset();
        cudaStreamDestroy(stream_);
    }

    [[nodiscard]] std::string description() const override {
        return std::string("cuda (") + properties_.name + ", " + std::to_string(properties_.multiProcessorCount) + " SMs)";
    }
    [[nodiscard]] unsigned threads() const override { return 1; }

    [[nodiscard]] std::size_t lane_count() const override { return mode_ == sched::SchedMode::kOff ? 1 : kLanes; }
    Backend& lane(std::size_t index) override {
        if (index == 0 || parent_ != nullptr) return *this;
        std::lock_guard lock(lanes_mutex_);
        while (lanes_.size() < index) lanes_.push_back(std::make_unique<CudaBackend>(mode_, urgency_, this));
        return *lanes_[index - 1];
    }
    [[nodiscard]] sched::SchedMode sched_mode() const override { return mode_; }
    [[nodiscard]] sched::CoordinatorCounters sched_counters() const override {
        if (coordinator_) return coordinator_->counters();
        sched::CoordinatorCounters counters;
        counters.launches = root().default_launches_.load(std::memory_order_relaxed);
        return counters;
    }

    [[nodiscard]] std::size_t free_memory() const override {
        std::size_t free_bytes = 0, total = 0;
        GALIAS_CUDA_TRY(cudaMemGetInfo(&free_bytes, &total));
        std::uint64_t reserved = 0, used = 0;
        GALIAS_CUDA_TRY(cudaMemPoolGetAttribute(pool_, cudaMemPoolAttrReservedMemCurrent, &reserved));
        GALIAS_CUDA_TRY(cudaMemPoolGetAttribute(pool_, cudaMemPoolAttrUsedMemCurrent, &used));
        // Pool memory not in use, and this backend's cached blocks, can be handed out again.
        return free_bytes + (reserved - used) + cache_->cached_bytes() + IdleBlocks::instance().bytes();
    }

    // Large enough to keep the GPU busy (hundreds of millions of tuples), small enough that
    // the batch, its radix-sort keys and differences fit beside the relations: a sixteenth
    // of free device memory, between 256 MiB and 2 GiB.
    [[nodiscard]] std::size_t default_batch_bytes() const override {
        return std::clamp<std::size_t>(free_memory() / 16, std::size_t{256} << 20, std::size_t{2} << 30);
    }

    [[nodiscard]] double merge_buffer_growth() const override { return 1.5; }

    void set_value_bound(Cell largest) override {
        value_bits_ = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::bit_width(largest)));
        value_bound_ = largest;
        has_value_bound_ = true;
    }

    [[nodiscard]] std::size_t reserved_peak_bytes() const override {
        std::uint64_t high = 0;
        GALIAS_CUDA_TRY(cudaMemPoolGetAttribute(pool_, cudaMemPoolAttrReservedMemHigh, &high));
        return high;
    }

    // Small device-to-host reads (counts, sizes, bounds) go through pinned memory: the
    // driver stages a copy into pageable memory itself, serializing concurrent streams.
    void stage(const void* device, std::size_t bytes, std::size_t offset = 0) {
        GALIAS_CUDA_TRY(cudaMemcpyAsync(static_cast<char*>(staging_) + offset, device, bytes, cudaMemcpyDeviceToHost, stream_));
    }
    // A value staged at `offset`, valid after synchronize().
    template <class T>
    T staged(std::size_t offset = 0) const {
        T value;
        std::memcpy(&value, static_cast<const char*>(staging_) + offset, sizeof value);
        return value;
    }

    // The totals a kernel publishes (kernels.cuh, publish_totals); valid after wait().
    [[nodiscard]] GridTotals grid_totals() const {
        auto* counters = static_cast<unsigned long long*>(totals_.get());
        return GridTotals{counters, reinterpret_cast<unsigned*>(counters + kGridTotals),
                          reinterpret_cast<unsigned long long*>(static_cast<char*>(staging_) + kTotalsOffset)};
    }
    [[nodiscard]] std::uint64_t published(unsigned c) const {
        return staged<unsigned long long>(kTotalsOffset + c * sizeof(unsigned long long));
    }

    void synchronize() override { wait("executor"); }
    // A stream synchronization, counted (device_waits) and, when traced, by `site`: the
    // round trips of a job are what limits concurrent analyses (docs/BENCHMARKS.md).
    void wait(const char* site) {
        if (trace_->enabled()) trace_->note_wait(site);
        const auto start = std::chrono::steady_clock::now();
        GALIAS_CUDA_TRY(cudaStreamSynchronize(stream_));
        count_wait(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        if (coordinator_) coordinator_->idle(lane_id_);
        if (trace_ && trace_->enabled()) trace_->collect();
    }
    KernelTrace::Span span(const char* name, std::uint64_t bytes) { return trace_->span(name, bytes); }

    void upload(const Cell* host, std::size_t cells, Cell* dst) override {
        GALIAS_CUDA_TRY(cudaMemcpyAsync(dst, host, cells * sizeof(Cell), cudaMemcpyHostToDevice, stream_));
        wait("upload");
    }
    void download(const Cell* src, std::size_t cells, Cell* host) override {
        GALIAS_CUDA_TRY(cudaMemcpyAsync(host, src, cells * sizeof(Cell), cudaMemcpyDeviceToHost, stream_));
        wait("download");
    }
    void copy(const Cell* src, std::size_t cells, Cell* dst) override {
        GALIAS_CUDA_TRY(cudaMemcpyAsync(dst, src, cells * sizeof(Cell), cudaMemcpyDeviceToDevice, stream_));
    }

    void permute(const TupleArray& in, std::span<const std::uint32_t> columns, TupleArray& out) override {
        ColumnMap map{};
        map.in_arity = in.arity;
        map.out_arity = static_cast<std::uint32_t>(columns.size());
        for (std::size_t c = 0; c < columns.size(); ++c) map.columns[c] = columns[c];
        out = make_array(map.out_arity, in.size);
        out.size = in.size;
        if (in.size == 0) return;
        const LaunchShape shape = shape_for(permute_kernel, in.size);
        {
            auto traced = span("permute", in.size * (in.arity + map.out_arity) * 4ull);
            launch_kernel(&permute_kernel, shape, 0, stream_, map, in.data(), in.size, out.data());
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
    }

    void sort(TupleArray& tuples) override { sort_impl(tuples, false); }
    void sort_unique(TupleArray& tuples) override { sort_impl(tuples, true); }

    void difference(const TupleArray& a, const TupleArray& b, TupleArray& out) override {
        out = make_array(a.arity, a.size);
        if (a.size == 0) return;
        if (fits_tile(a) && difference_mode_ == 0) {
            out.size = tile_operator<false>(a, /*unique=*/false, b, out.data(), "difference (tile)");
            return;
        }
        // A merge-path difference reads all of b; late iterations have a tiny `new` and a
        // huge full relation, where a binary search per row of a moves far fewer bytes.
        const double search_cost = static_cast<double>(a.size) * 32.0 * std::log2(static_cast<double>(b.size) + 2.0);
        bool search = b.size != 0 && search_cost < static_cast<double>(b.size);
        if (difference_mode_ == 1) search = b.size != 0;  // GALIAS_CUDA_DIFFERENCE=search (experiments)
        if (difference_mode_ == 2) search = false;        // GALIAS_CUDA_DIFFERENCE=merge
        dispatch_arity(a.arity, [&](auto arity) {
            constexpr std::uint32_t A = decltype(arity)::value;
            auto* x = reinterpret_cast<const Row<A>*>(a.data());
            auto* y = reinterpret_cast<const Row<A>*>(b.data());
            auto* w = reinterpret_cast<Row<A>*>(out.data());
            if (!search) {
                auto traced = span("difference (merge path)", (a.size + b.size + a.size) * A * 4ull);
                auto* end = thrust::set_difference(policy(), x, x + a.size, y, y + b.size, w, RowLess<A>{});
                out.size = static_cast<std::uint64_t>(end - w);
                return;
            }
            Buffer flags = allocate(a.size);
            const LaunchShape shape = shape_for(absent_flags_kernel, a.size);
            {
                auto traced = span("difference (search)", a.size * A * 4ull * 2);
                launch_kernel(&absent_flags_kernel, shape, 0, stream_, a.data(), a.size, b.data(), b.size, A,
                              static_cast<std::uint8_t*>(flags.get()), nullptr);
            }
            GALIAS_CUDA_CHECK_LAUNCH(stream_);
            std::size_t temp_bytes = 0;
            auto* d_flags = static_cast<const std::uint8_t*>(flags.get());
            auto* h_count = static_cast<std::uint64_t*>(staging_);  // CUB writes it to pinned memory: no copy
            GALIAS_CUDA_TRY(cub::DeviceSelect::Flagged(nullptr, temp_bytes, x, d_flags, w, h_count, a.size, stream_));
            Buffer temp = allocate(std::max<std::size_t>(temp_bytes, 1));
            GALIAS_CUDA_TRY(
                cub::DeviceSelect::Flagged(temp.get(), temp_bytes, x, d_flags, w, h_count, a.size, stream_));
            wait("difference (search): size");
            out.size = staged<std::uint64_t>();
        });
    }

    // Batches of at most one tile (kTileTuples tuples) of one or two columns: one kernel
    // (tile_kernels.cuh). Larger small batches of one or two columns are fused: the
    // sorted, distinct keys stay on the device with their count; rows are unpacked and
    // searched in `b` for the bound n, and only the number of survivors is read back (one
    // round trip instead of sort_unique's and difference's two; a batch of 2^18 tuples
    // costs well under one round trip to search). Larger or wider batches take the two
    // operators.
    void unique_difference(TupleArray& fresh, const TupleArray& b, TupleArray& out) override {
        const std::uint64_t n = fresh.size;
        const std::uint32_t arity = fresh.arity;
        if (fits_tile(fresh) && difference_mode_ != 2) {  // one launch
            out = make_array(arity, n);
            out.size = tile_operator<true>(fresh, /*unique=*/true, b, out.data(), "unique-difference (tile)");
            return;
        }
        if (n < 2 || n > kSmallSortTuples || arity == 0 || arity > 2 || difference_mode_ == 2) {
            Backend::unique_difference(fresh, b, out);
            return;
        }
        const std::uint32_t bound = bound_bits(arity);
        const std::uint32_t bits = bound != 0 ? bound : 32;  // no bound known: 32 bits a column
        const PackLayout layout = column_layout(arity, bits);
        const std::uint32_t total_bits = arity * bits;
        Buffer distinct = allocate(sizeof(std::uint64_t));  // read on the device
        auto* d_distinct = static_cast<std::uint64_t*>(distinct.get());
        auto* h_survivors = static_cast<std::uint64_t*>(staging_);  // CUB writes it to pinned memory: no copy
        TupleArray rows = make_array(arity, n);
        with_key_width(total_bits, [&]<class Key>() {
            // fresh's own buffer may serve as the sort's second buffer: it is consumed.
            const SortedKeys<Key> keys =
                sort_packed_keys<Key>(fresh, layout, total_bits, d_distinct, kUniqueDifferenceSteps);
            const LaunchShape shape = shape_for(unpack_kernel<Key>, n);
            auto traced = span("unique-difference: unpack", n * (arity * 4ull + sizeof(Key)));
            launch_kernel(&unpack_kernel<Key>, shape, 0, stream_, layout, keys.sorted, n, rows.data(),
                          d_distinct);
        });
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        if (b.size == 0) {  // nothing to subtract: the distinct rows are the result
            stage(d_distinct, sizeof(std::uint64_t));
            wait("unique-difference: size");
            rows.size = staged<std::uint64_t>();
            out = std::move(rows);
            return;
        }
        Buffer flags = allocate(n);
        {
            const LaunchShape shape = shape_for(absent_flags_kernel, n);
            auto traced = span("unique-difference: search", n * arity * 4ull * 2);
            launch_kernel(&absent_flags_kernel, shape, 0, stream_, rows.data(), n, b.data(), b.size, arity,
                          static_cast<std::uint8_t*>(flags.get()), d_distinct);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        out = make_array(arity, n);
        dispatch_arity(arity, [&](auto width) {
            constexpr std::uint32_t A = decltype(width)::value;
            auto* x = reinterpret_cast<const Row<A>*>(rows.data());
            auto* w = reinterpret_cast<Row<A>*>(out.data());
            auto* d_flags = static_cast<const std::uint8_t*>(flags.get());
            std::size_t select_bytes = 0;
            GALIAS_CUDA_TRY(cub::DeviceSelect::Flagged(nullptr, select_bytes, x, d_flags, w, h_survivors, n, stream_));
            Buffer temp = allocate(std::max<std::size_t>(select_bytes, 1));
            GALIAS_CUDA_TRY(
                cub::DeviceSelect::Flagged(temp.get(), select_bytes, x, d_flags, w, h_survivors, n, stream_));
        });
        wait("unique-difference: size");
        out.size = staged<std::uint64_t>();
    }

    void merge(const TupleArray& a, const TupleArray& b, TupleArray& out) override {
        const std::uint64_t total = a.size + b.size;
        if (out.capacity() < total) throw std::logic_error("merge: output buffer too small");
        out.arity = a.arity;
        out.size = total;
        if (total == 0) return;
        dispatch_arity(a.arity, [&](auto arity) {
            constexpr std::uint32_t A = decltype(arity)::value;
            auto* x = reinterpret_cast<const Row<A>*>(a.data());
            auto* y = reinterpret_cast<const Row<A>*>(b.data());
            auto* w = reinterpret_cast<Row<A>*>(out.data());
            {
                auto traced = span("merge", (a.size + b.size) * A * 8ull);
                thrust::merge(policy(), x, x + a.size, y, y + b.size, w, RowLess<A>{});
            }
        });
    }

    void build_index(Hisa& hisa, double load_factor) override {
        const std::uint64_t n = hisa.data.size;
        hisa.drop_index();
        if (hisa.key_len == 0 || n == 0) return;
        if (n >= kEmptySlot)
            throw std::length_error("relation of " + std::to_string(n) + " tuples is too large for a 32-bit index");
        if (tile_ops_ && n <= kTileTuples) {  // one launch: clear the table and insert, sized for n keys
            hisa.slot_count = index_capacity(n, load_factor);
            hisa.slots = allocate(hisa.slot_count * sizeof(IndexSlot));
            note_fixed_launch();
            {
                auto traced = span("index (tile)", n * hisa.data.arity * 4ull + hisa.slot_count * sizeof(IndexSlot));
                // One row per thread when that is enough: a smaller scan.
                constexpr unsigned kIndexThreads = 1024;
                static_assert(kIndexThreads * 2 >= kTileTuples);
                auto* kernel = n <= kIndexThreads ? &tile_index_kernel<kIndexThreads, 1> : &tile_index_kernel<kIndexThreads, 2>;
                launch_kernel(kernel, LaunchShape{1, kIndexThreads}, 0, stream_, hisa.data.data(),
                              static_cast<std::uint32_t>(n), hisa.data.arity, hisa.key_len,
                              static_cast<IndexSlot*>(hisa.slots.get()), hisa.slot_count);
            }
            GALIAS_CUDA_CHECK_LAUNCH(stream_);
            return;
        }
        // Small relations get a table sized for n keys, the bound on their runs: no round
        // trip to the host (it costs more than the spare slots). Large ones count theirs.
        std::uint64_t runs = n;
        if (n > kIndexWithoutReadBack) {
            const LaunchShape shape = shape_for(count_runs_kernel, n);
            {
                auto traced = span("index: count keys", n * hisa.data.arity * 4ull);
                launch_kernel(&count_runs_kernel, shape, 0, stream_, hisa.data.data(), n, hisa.data.arity,
                              hisa.key_len, grid_totals());
            }
            GALIAS_CUDA_CHECK_LAUNCH(stream_);
            wait("index: key count");
            runs = published(0);
        }
        hisa.slot_count = index_capacity(runs, load_factor);
        hisa.slots = allocate(hisa.slot_count * sizeof(IndexSlot));
        {
            auto* slots = static_cast<IndexSlot*>(hisa.slots.get());
            auto traced = span("index: clear", hisa.slot_count * sizeof(IndexSlot));
            launch_kernel(&clear_slots_kernel, shape_for(clear_slots_kernel, hisa.slot_count), 0, stream_,
                          slots, hisa.slot_count);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        const LaunchShape insert_shape = shape_for(insert_runs_kernel, n);
        {
            auto traced = span("index: insert", n * hisa.data.arity * 4ull + runs * 16ull);
            launch_kernel(&insert_runs_kernel, insert_shape, 0, stream_, hisa.data.data(), n, hisa.data.arity,
                          hisa.key_len, static_cast<IndexSlot*>(hisa.slots.get()), hisa.slot_count);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
    }

    std::unique_ptr<JoinCounts> join_count(const JoinSpec& spec, const TupleArray& outer, std::uint64_t begin,
                                           std::uint64_t end, const Hisa* inner) override {
        return count(spec, outer, begin, end, inner, nullptr, 0);
    }

    // A small outer relation's output of up to kUnfilteredEmitTuples tuples is written in
    // the counting launch, into room reserved beforehand in `out`.
    std::unique_ptr<JoinCounts> join_count_emit(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                                TupleArray& out, std::uint64_t room) override {
        room = std::min(room, kUnfilteredEmitTuples);
        if (!tile_ops_ || outer.size > kTileTuples || room == 0) return join_count(spec, outer, 0, outer.size, inner);
        reserve(out, out.size + room);
        return count(spec, outer, 0, outer.size, inner, &out, room);
    }

private:
    // join_count, and with `emit_into` join_count_emit (the one-launch path only).
    std::unique_ptr<JoinCounts> count(const JoinSpec& spec, const TupleArray& outer, std::uint64_t begin,
                                      std::uint64_t end, const Hisa* inner, TupleArray* emit_into, std::uint64_t room) {
        auto counts = std::make_unique<CudaJoinCounts>(stream_, staging_);
        counts->begin = begin;
        counts->end = end;
        const std::uint64_t n = end - begin;
        const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
        if (n == 0 || (spec.has_inner && inner_ref.size == 0)) return counts;
        // Counts, then an exclusive scan over n+1 entries: offsets and the total.
        counts->offsets = allocate((n + 1) * sizeof(std::uint64_t));
        counts->scratch = allocate(sizeof(std::uint64_t) * 2);
        auto* d_offsets = static_cast<std::uint64_t*>(counts->offsets.get());
        // Without per-match filters every match is an output, so pass 2 can be balanced over
        // output tuples given each outer tuple's inner range start.
        const bool balanced = spec.has_inner && spec.filter_count == 0;
        if (balanced) counts->begins = allocate(n * sizeof(std::uint32_t));
        auto* d_begins = static_cast<std::uint32_t*>(counts->begins.get());
        if (tile_ops_ && n <= kTileTuples) {  // one launch, which also hands the total over (tile_join.cuh)
            note_fixed_launch();
            {
                auto traced = span(emit_into != nullptr ? "join: count + emit (tile)" : "join: count (tile)",
                                   n * (spec.outer_arity * 4ull + 8));
                auto* kernel = n <= kTileThreads ? &tile_join_count_kernel<1> : &tile_join_count_kernel<kTileItems>;
                launch_kernel(
                    kernel, LaunchShape{1, kTileThreads}, 0, stream_, spec, inner_ref, outer.data(), begin,
                    static_cast<std::uint32_t>(n), d_offsets, d_begins, static_cast<std::uint64_t*>(staging_),
                    emit_into != nullptr ? emit_into->data() + emit_into->size * spec.out_arity : nullptr,
                    room);
            }
            GALIAS_CUDA_CHECK_LAUNCH(stream_);
            wait("join: count total (tile)");
            counts->total = staged<std::uint64_t>();
            if (emit_into != nullptr && counts->total <= room) {
                emit_into->size += counts->total;
                counts->emitted = true;
            }
            return counts;
        }
        const LaunchShape shape = shape_for(join_count_kernel, n);
        {
            auto traced = span("join: count", n * (spec.outer_arity * 4ull + 8));
            launch_kernel(&join_count_kernel, shape, 0, stream_, spec, inner_ref, outer.data(), begin, n,
                          d_offsets, d_begins, grid_totals());
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        std::size_t temp_bytes = 0;
        GALIAS_CUDA_TRY(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, d_offsets, d_offsets, n + 1, stream_));
        {
            Buffer temp = allocate(std::max<std::size_t>(temp_bytes, 1));
            {
                auto traced = span("join: scan", (n + 1) * 16ull);
                GALIAS_CUDA_TRY(cub::DeviceScan::ExclusiveSum(temp.get(), temp_bytes, d_offsets, d_offsets, n + 1, stream_));
            }
        }
        wait("join: count total");  // the count kernel published it
        counts->total = published(0);
        return counts;
    }

public:
    void join_emit(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner, const JoinCounts& counts,
                   std::uint64_t from, std::uint64_t to, TupleArray& out) override {
        const auto& c = static_cast<const CudaJoinCounts&>(counts);
        if (c.total == 0 || from >= to) return;
        const std::uint64_t lo = from - c.begin, hi = to - c.begin;
        const auto* d_offsets = static_cast<const std::uint64_t*>(c.offsets.get());
        std::uint64_t bounds[2] = {0, c.total};
        if (from != c.begin || to != c.end) {  // a slice: its output range is on the device
            stage(d_offsets + lo, sizeof(std::uint64_t), 0);
            stage(d_offsets + hi, sizeof(std::uint64_t), sizeof(std::uint64_t));
            wait("join: slice bounds");
            bounds[0] = staged<std::uint64_t>(0);
            bounds[1] = staged<std::uint64_t>(sizeof(std::uint64_t));
        }
        const std::uint64_t produced = bounds[1] - bounds[0];
        if (produced == 0) return;
        const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
        const std::uint64_t base = out.size;
        reserve(out, base + produced);
        if (c.begins.get() != nullptr) {
            const std::uint64_t tiles = (produced + kBalancedTile - 1) / kBalancedTile;
            const LaunchShape shape = shape_for(join_emit_balanced_kernel, tiles * 256);
            {
                auto traced = span("join: emit (balanced)", produced * spec.out_arity * 4ull);
                launch_kernel(&join_emit_balanced_kernel, shape, 0, stream_, spec, inner_ref, outer.data(),
                              c.begin, lo, hi, d_offsets, static_cast<const std::uint32_t*>(c.begins.get()),
                              out.data() + base * spec.out_arity);
            }
        } else {
            const LaunchShape shape = shape_for(join_emit_kernel, hi - lo);
            {
                auto traced = span("join: emit", produced * spec.out_arity * 4ull);
                launch_kernel(&join_emit_kernel, shape, 0, stream_, spec, inner_ref, outer.data(), c.begin,
                              lo, hi, d_offsets, out.data() + base * spec.out_arity);
            }
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        out.size = base + produced;
    }

    std::unique_ptr<DuplicateFilter> make_duplicate_filter(std::uint32_t arity) override {
        if (arity > 2 || !filter_on_) return nullptr;  // tuples must pack into one 64-bit key
        return std::make_unique<CudaDuplicateFilter>(stream_);
    }

    std::uint64_t join_emit_distinct(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                     const JoinCounts& counts, std::uint64_t from, std::uint64_t to, TupleArray& out,
                                     DuplicateFilter& filter) override {
        const auto& c = static_cast<const CudaJoinCounts&>(counts);
        auto& f = static_cast<CudaDuplicateFilter&>(filter);
        // Only the load-balanced pass (no per-match filters) of one- or two-column output.
        if (c.begins.get() == nullptr || spec.out_arity > 2 || f.stream != stream_)
            return Backend::join_emit_distinct(spec, outer, inner, counts, from, to, out, filter);
        if (c.total == 0 || from >= to) return 0;
        // A small output is appended whole, unfiltered: the filter's admitted count would
        // cost a round trip to the host, while the copies it would have dropped cost the
        // flush's sort_unique next to nothing. The table just does not learn these tuples
        // (their later copies pass once more), which the filter allows.
        if (from == c.begin && to == c.end && c.total <= kUnfilteredEmitTuples) {
            trace_->count("filter: small outputs unfiltered", c.total);
            join_emit(spec, outer, inner, counts, from, to, out);
            return c.total;
        }
        if (f.unhelpful()) {
            if (f.skipped++ < kFilterSkips) {
                const std::uint64_t before = out.size;
                join_emit(spec, outer, inner, counts, from, to, out);
                trace_->count("filter: skipped (admits most)", out.size - before);
                return out.size - before;
            }
            f.skipped = 0;  // measure afresh with this emit
            f.measured_derived = f.measured_admitted = 0;
        }
        const std::uint64_t lo = from - c.begin, hi = to - c.begin;
        const auto* d_offsets = static_cast<const std::uint64_t*>(c.offsets.get());
        const std::uint64_t produced = slice_output(c, lo, hi);
        if (produced == 0) return 0;
        // A bigger table when the keys held and the tuples to come may fill half of it;
        // at the largest size, a cleared one once the keys held fill half of it (the tuples
        // to come are mostly copies of known ones in late iterations: not a reason to
        // forget those). Forgotten keys' later copies pass once more and are removed by the
        // flush.
        const std::uint64_t wanted = std::clamp(std::bit_ceil(2 * (f.admitted + produced)), kDuplicateFilterMinSlots,
                                                kDuplicateFilterMaxSlots);
        if (f.slots < wanted) {
            f.table = Buffer();
            f.table = allocate(wanted * sizeof(std::uint64_t));
            f.slots = wanted;
            f.admitted = 0;
            GALIAS_CUDA_TRY(cudaMemsetAsync(f.table.get(), 0xFF, wanted * sizeof(std::uint64_t), stream_));
        } else if (2 * f.admitted > f.slots) {
            f.clear();
        }
        const std::uint64_t base = out.size;
        reserve(out, base + produced);
        const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
        // With outputs grouped, a block-local filter first (kernels.cuh).
        const bool local = outputs_grouped(spec);
        const std::uint64_t blocks = filtered_emit_blocks(produced, local);
        auto* kernel =
            local ? join_emit_distinct_kernel<true, false> : join_emit_distinct_kernel<false, false>;
        const LaunchShape shape = shape_for(kernel, blocks * 256);
        {
            auto traced = span(local ? "join: emit (distinct, grouped)" : "join: emit (distinct)", produced * 12ull);
            launch_kernel(kernel, shape, 0, stream_, spec, inner_ref, outer.data(), c.begin, lo, hi,
                          d_offsets, static_cast<const std::uint32_t*>(c.begins.get()),
                          TupleSetRef{static_cast<std::uint64_t*>(f.table.get()), f.slots - 1},
                          out.data() + base * spec.out_arity, grid_totals());
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        wait("join: emit (distinct) admitted");
        const std::uint64_t admitted = published(0);
        f.admitted += admitted;
        f.measured_derived += produced;
        f.measured_admitted += admitted;
        trace_->count("filter: tuples derived", produced);
        if (local) {
            trace_->count("filter: tuples derived, grouped", produced);
            trace_->count("filter: grouped tuples past the block filters", published(1));
        }
        trace_->count("filter: tuples admitted", admitted);
        out.size = base + admitted;
        return produced;
    }

    std::unique_ptr<TupleHashSet> make_tuple_hash_set(std::uint32_t arity) override {
        if (arity == 0 || arity > 2) return nullptr;  // tuples must pack into one 64-bit key
        return std::make_unique<CudaTupleHashSet>();
    }

    [[nodiscard]] bool prefers_hash_dedup(std::uint32_t /*arity*/) const override { return true; }

    // A zeroed bitmap where join_into_set takes the step and small_bitmap says it pays
    // (join_distinct's scratch set).
    std::unique_ptr<TupleHashSet> make_scratch_bitmap(const JoinSpec& spec, std::uint64_t rows) override {
        if (!takes_one_pass(spec)) return nullptr;
        const TupleBitmapShape bitmap = small_bitmap(spec.out_arity, rows);
        if (bitmap.words == 0) return nullptr;
        auto set = std::make_unique<CudaTupleHashSet>();
        set->bits = allocate(bitmap.bytes());
        set->bitmap = bitmap;
        GALIAS_CUDA_TRY(cudaMemsetAsync(set->bits.get(), 0, bitmap.bytes(), stream_));
        return set;
    }

    void insert_new(TupleHashSet& set, const TupleArray& tuples, TupleArray& out) override {
        auto& s = static_cast<CudaTupleHashSet&>(set);
        const std::uint32_t arity = tuples.arity;
        out = make_array(arity, tuples.size);
        if (tuples.size == 0) return;
        const Buffer old_table = make_room(s, tuples.size, arity);  // read by the rehash: kept until the wait
        {
            const LaunchShape shape = hash_set_shape(&tuple_hash_set_insert_kernel, tuples.size);
            auto traced = span("hash set: insert", tuples.size * (arity * 8ull + 8ull));
            launch_kernel(&tuple_hash_set_insert_kernel, shape, 0, stream_, tuples.data(), tuples.size, arity, s.ref(),
                          out.data(), grid_totals());
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        wait("hash set: inserted");
        out.size = published(0);
        s.held += out.size;
    }

    // A bitmap set's tuples in order (list_bitmap). No read-back: the set knows how many
    // it holds.
    void list_sorted(const TupleHashSet& set, std::uint32_t arity, TupleArray& out) override {
        const auto& s = static_cast<const CudaTupleHashSet&>(set);
        out = make_array(arity, s.held);
        out.size = s.held;
        if (s.held != 0)
            list_bitmap(static_cast<const std::uint32_t*>(s.bits.get()), s.bitmap, arity, out.data(), false);
    }

    // The balanced pass 2 straight into the set: the filtered emit's kernel with the set as
    // its (exact) table, so the copies of known tuples are never written, nor read again.
    std::uint64_t join_emit_new(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                                TupleArray& out, TupleHashSet& set) override {
        const auto& c = static_cast<const CudaJoinCounts&>(counts);
        // Only the load-balanced pass (no per-match filters) of one- or two-column output.
        if (c.begins.get() == nullptr || spec.out_arity == 0 || spec.out_arity > 2)
            return Backend::join_emit_new(spec, outer, inner, counts, from, to, out, set);
        if (c.total == 0 || from >= to) return 0;
        const std::uint64_t lo = from - c.begin, hi = to - c.begin;
        const std::uint64_t produced = slice_output(c, lo, hi);
        if (produced == 0) return 0;
        auto& s = static_cast<CudaTupleHashSet&>(set);
        const Buffer old_table = make_room(s, produced, spec.out_arity);  // read by the rehash: kept until the wait
        const std::uint64_t base = out.size;
        reserve(out, base + produced);
        const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
        // No block-local filter in front of a bitmap: a bitmap probe reads a word of the row
        // the block's outputs share, about as cheap as the filter's own probe (H200, the
        // graph jobs of the queue one after another 0.250 -> 0.228 s, at 8 the same;
        // docs/BENCHMARKS.md).
        const bool local = outputs_grouped(spec) && !s.is_bitmap();
        const std::uint64_t blocks = filtered_emit_blocks(produced, local);
        auto* kernel = local ? join_emit_distinct_kernel<true, true> : join_emit_distinct_kernel<false, true>;
        const LaunchShape shape = shape_for(kernel, blocks * 256);
        {
            auto traced = span(local ? "join: emit into hash set (grouped)" : "join: emit into hash set",
                               produced * 12ull);
            launch_kernel(kernel, shape, 0, stream_, spec, inner_ref, outer.data(), c.begin, lo, hi,
                          static_cast<const std::uint64_t*>(c.offsets.get()),
                          static_cast<const std::uint32_t*>(c.begins.get()),
                          s.ref(), out.data() + base * spec.out_arity, grid_totals());
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        wait("join: emit into hash set, admitted");
        const std::uint64_t admitted = published(0);
        s.held += admitted;
        out.size = base + admitted;
        return produced;
    }

    // One pass into a bitmap set (join_into_set.cuh), for steps without per-match filters.
    // It reserves room for the tuples it may append: their bound (at most |outer| x the
    // inner's longest key run, and at most the tuples the bitmap lacks) where that fits
    // `room` and kJoinIntoSetMostTuples; otherwise, optimistically, the most it may (at
    // least kJoinIntoSetLeastOptimisticRoom). When the new tuples do not fit, those written
    // stay appended and nullopt lets the two passes derive the rest; a set whose room ran
    // out once takes the two passes from then on.
    std::optional<std::uint64_t> join_into_set(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                               TupleArray& out, TupleHashSet& set, std::uint64_t room) override {
        auto& s = static_cast<CudaTupleHashSet&>(set);
        if (inner == nullptr || !takes_one_pass(spec)) return std::nullopt;
        if (!s.is_bitmap()) {
            trace_->count("one pass: declined, a hash table", 1);
            return std::nullopt;
        }
        if (outer.size == 0 || inner->data.size == 0) return 0;
        const std::uint64_t most = std::min(room, kJoinIntoSetMostTuples);
        const std::uint64_t longest = longest_run(*inner);
        if (longest == 0) return 0;  // an index without keys: no matches
        // The kernel counts a chunk's matches in 32 bits.
        if (longest > std::numeric_limits<std::uint32_t>::max() / kJoinIntoSetChunk) return std::nullopt;
        const std::uint64_t possible = s.bitmap.row_bits * (spec.out_arity == 2 ? s.bitmap.row_bits : 1);
        const std::uint64_t matches = outer.size > most / longest ? most + 1 : outer.size * longest;  // saturated
        const std::uint64_t bound = std::min(matches, possible - s.held);
        const bool optimistic = bound > most;
        if (optimistic &&
            (!root().optimistic_on_ || s.room_ran_out || most < kJoinIntoSetLeastOptimisticRoom)) {
            trace_->count("one pass: declined, bound", 1);
            return std::nullopt;
        }
        const std::uint64_t reserved = std::min(bound, most);
        trace_->count(optimistic ? "one pass: joins (optimistic)" : "one pass: joins", 1);
        trace_->count("one pass: room reserved", reserved);
        const std::uint64_t base = out.size;
        reserve(out, base + reserved);
        const LaunchShape shape =
            shape_for(join_into_set_kernel, (outer.size + kJoinIntoSetItems - 1) / kJoinIntoSetItems);
        {
            auto traced = span("join: into bitmap set (one pass)", outer.size * (spec.outer_arity * 4ull + 8));
            launch_kernel(&join_into_set_kernel, shape, 0, stream_, spec, inner->ref(), outer.data(),
                          outer.size, s.ref(), out.data() + base * spec.out_arity, reserved, grid_totals());
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        wait("join: into bitmap set, appended");
        const std::uint64_t fresh = published(0);  // past the room: withdrawn from the set again
        const std::uint64_t derived = published(1);
        const std::uint64_t appended = std::min(fresh, reserved);
        trace_->count("one pass: appended", appended);
        s.held += appended;
        out.size = base + appended;
        if (fresh > reserved) {
            trace_->count("one pass: room ran out", 1);
            s.room_ran_out = true;
            return std::nullopt;
        }
        // The bound may overestimate many times over (hubs), and `out` lives on as the next
        // delta: room left unused beyond kJoinIntoSetSlackBytes goes back to the cache.
        if ((out.capacity() - out.size) * spec.out_arity * sizeof(Cell) > kJoinIntoSetSlackBytes) {
            TupleArray exact = make_array(spec.out_arity, out.size);
            if (out.size != 0) copy(out.data(), out.cells(), exact.data());
            exact.size = out.size;
            out = std::move(exact);
        }
        return derived;
    }

protected:
    void* raw_allocate(std::size_t bytes) override { return cache_->allocate(bytes); }
    void raw_release(void* data, std::size_t bytes) override { cache_->release(data, bytes); }

private:
    // Makes `s` ready for `incoming` more keys of `arity` columns (its flag word made, its
    // table large enough for all of them to be new, rehashed on this stream when it grows,
    // or moved into a bitmap once that is the smaller: tuple_set_becomes_bitmap); returns
    // the table it replaced, which the caller keeps until its wait.
    Buffer make_room(CudaTupleHashSet& s, std::uint64_t incoming, std::uint32_t arity) {
        if (s.bits.get() != nullptr) return Buffer();  // a bitmap holds every possible tuple
        if (s.flag.get() == nullptr) {
            s.flag = allocate(sizeof(std::uint64_t));
            GALIAS_CUDA_TRY(cudaMemsetAsync(s.flag.get(), 0, sizeof(std::uint64_t), stream_));
        }
        const std::uint64_t wanted = tuple_hash_set_slots(s.held, incoming);
        if (s.slots >= wanted) return Buffer();
        Buffer old_table = std::move(s.table);
        const std::uint64_t old_slots = s.slots;
        if (const TupleBitmapShape bitmap = bitmap_for_set(arity); tuple_set_becomes_bitmap(wanted, bitmap)) {
            s.bits = allocate(bitmap.bytes());
            s.bitmap = bitmap;
            s.slots = 0;
            GALIAS_CUDA_TRY(cudaMemsetAsync(s.bits.get(), 0, bitmap.bytes(), stream_));
            if (s.held != 0) {
                const LaunchShape shape = hash_set_shape(&tuple_bitmap_set_kernel<KeyBits>, old_slots);
                auto traced = span("hash set: into a bitmap", old_slots * 8ull + s.held * 4ull);
                launch_kernel(&tuple_bitmap_set_kernel<KeyBits>, shape, 0, stream_, old_slots,
                              KeyBits{static_cast<const std::uint64_t*>(old_table.get()), arity, bitmap.row_bits},
                              static_cast<std::uint32_t*>(s.bits.get()));
            }
            GALIAS_CUDA_CHECK_LAUNCH(stream_);
            return old_table;
        }
        s.table = allocate(wanted * sizeof(std::uint64_t));
        s.slots = wanted;
        GALIAS_CUDA_TRY(cudaMemsetAsync(s.table.get(), 0xFF, wanted * sizeof(std::uint64_t), stream_));
        if (s.held != 0) {
            const LaunchShape shape = hash_set_shape(&tuple_hash_set_rehash_kernel, old_slots);
            auto traced = span("hash set: grow", old_slots * 8ull + s.held * 8ull);
            launch_kernel(&tuple_hash_set_rehash_kernel, shape, 0, stream_,
                          static_cast<const std::uint64_t*>(old_table.get()), old_slots,
                          static_cast<std::uint64_t*>(s.table.get()), s.slots - 1);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        return old_table;
    }

    // The bitmap of every tuple of `arity` columns under the value bound; none (words 0)
    // without a bound or with bitmaps off.
    [[nodiscard]] TupleBitmapShape bitmap_shape(std::uint32_t arity) const {
        if (!root().has_value_bound_ || !root().bitmap_on_ || arity == 0 || arity > 2) return {};
        return tuple_bitmap_shape(arity, root().value_bound_);
    }

    // The bitmap a tuple set could move into: none when it would take more than a quarter
    // of the free device memory.
    [[nodiscard]] TupleBitmapShape bitmap_for_set(std::uint32_t arity) const {
        const TupleBitmapShape bitmap = bitmap_shape(arity);
        return bitmap.bytes() <= free_memory() / 4 ? bitmap : TupleBitmapShape{};
    }

    // The output tuples of outer slice [lo, hi) (offsets relative to the counts' begin):
    // the whole output needs no read-back.
    std::uint64_t slice_output(const CudaJoinCounts& c, std::uint64_t lo, std::uint64_t hi) {
        if (lo == 0 && hi == c.end - c.begin) return c.total;
        const auto* d_offsets = static_cast<const std::uint64_t*>(c.offsets.get());
        stage(d_offsets + lo, sizeof(std::uint64_t), 0);
        stage(d_offsets + hi, sizeof(std::uint64_t), sizeof(std::uint64_t));
        wait("join: slice bounds");
        return staged<std::uint64_t>(sizeof(std::uint64_t)) - staged<std::uint64_t>(0);
    }

    // Whether join_into_set runs step `spec` (into a bitmap set): a step with an inner
    // relation, no per-match filters and one or two output columns.
    [[nodiscard]] bool takes_one_pass(const JoinSpec& spec) const {
        return root().one_pass_on_ && spec.has_inner && spec.filter_count == 0 && spec.out_arity != 0 &&
               spec.out_arity <= 2;
    }

    // The most tuples one key of `hisa` has (Hisa::longest_run, measured on first use).
    std::uint64_t longest_run(const Hisa& hisa) {
        if (hisa.key_len == 0) return hisa.data.size;  // every outer tuple meets the whole relation
        std::atomic_ref<std::uint64_t> cached(hisa.longest_run);
        if (const std::uint64_t known = cached.load(std::memory_order_relaxed); known != 0) return known;
        if (hisa.slot_count == 0) return 0;
        {
            auto traced = span("index: longest run", hisa.slot_count * sizeof(IndexSlot));
            launch_kernel(&longest_run_kernel, shape_for(longest_run_kernel, hisa.slot_count), 0, stream_,
                          static_cast<const IndexSlot*>(hisa.slots.get()), hisa.slot_count, grid_totals());
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        wait("index: longest run");
        const std::uint64_t longest = published(0);
        cached.store(longest, std::memory_order_relaxed);
        return longest;
    }

    // A tuple hash set kernel's shape: shape_for's, at most kHashSetBlocksPerSm blocks per SM.
    template <class Kernel>
    LaunchShape hash_set_shape(Kernel* kernel, std::uint64_t items) const {
        LaunchShape shape = shape_for(kernel, items);
        const unsigned most = kHashSetBlocksPerSm * static_cast<unsigned>(properties_.multiProcessorCount);
        shape.grid = std::max(1u, std::min(shape.grid, most * 256 / std::max(1u, shape.block)));
        return shape;
    }

    // The launch shape of `kernel` over `items` work items: the default without --sched,
    // else the coordinator's (the model's when other lanes' kernels are in flight).
    template <class Kernel>
    LaunchShape shape_for(Kernel* kernel, std::uint64_t items) const {
        if (!coordinator_) {
            if (mode_ != sched::SchedMode::kOff) root().default_launches_.fetch_add(1, std::memory_order_relaxed);
            return default_shape(items, properties_.multiProcessorCount);
        }
        const void* identity = reinterpret_cast<const void*>(kernel);
        const sched::Launch launch = coordinator_->launch(lane_id_, kernel_profile(identity, items), identity);
        return LaunchShape{launch.grid, launch.block};
    }

    // Relations that one thread block sorts, deduplicates and searches in one launch
    // (tile_kernels.cuh).
    [[nodiscard]] bool fits_tile(const TupleArray& rows) const {
        return tile_ops_ && rows.size >= 1 && rows.size <= kTileTuples && rows.arity >= 1 && rows.arity <= 2;
    }

    // Kernels of a fixed shape (one block) bypass the coordinator; streams mode counts them.
    void note_fixed_launch() const {
        if (!coordinator_ && mode_ != sched::SchedMode::kOff)
            root().default_launches_.fetch_add(1, std::memory_order_relaxed);
    }

    // tile_sort_difference_kernel<Sort, ...> over `rows` (fits_tile) minus `b` into `out`
    // (capacity rows.size; may be rows.data()); returns the number of rows written. That
    // number is known without a round trip for a plain sort; otherwise the kernel writes it
    // straight into the pinned staging memory (mapped: unified addressing), and the one
    // synchronization reads it.
    template <bool Sort>
    std::uint64_t tile_operator(const TupleArray& rows, bool unique, const TupleArray& b, Cell* out, const char* name) {
        const std::uint64_t n = rows.size;
        const bool known = !unique && b.size == 0;
        auto* d_count = known ? nullptr : static_cast<std::uint64_t*>(staging_);
        note_fixed_launch();
        {
            auto traced = span(name, n * rows.arity * 8ull);
            // One row per thread when that is enough: a sort pass then costs an eighth.
            auto* kernel = n <= kTileThreads ? &tile_sort_difference_kernel<Sort, 1>
                                             : &tile_sort_difference_kernel<Sort, kTileItems>;
            launch_kernel(kernel, LaunchShape{1, kTileThreads}, 0, stream_, rows.data(),
                          static_cast<std::uint32_t>(n), rows.arity, unique, b.data(), b.size, out, d_count);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        if (known) return n;
        wait(name);
        return staged<std::uint64_t>();
    }

    // The bitmap of every possible tuple of `arity` columns where deduplicating `rows` rows
    // through it (sort_unique, join_distinct) pays: mostly in L2 (at most
    // kSortBitmapMostBytes) and its passes no longer than a radix sort's over the rows (at
    // most kSortBitmapBytesPerRow a row); else none (words 0).
    [[nodiscard]] TupleBitmapShape small_bitmap(std::uint32_t arity, std::uint64_t rows) const {
        const TupleBitmapShape bitmap = bitmap_shape(arity);
        const bool pays = bitmap.bytes() <= kSortBitmapMostBytes && bitmap.bytes() <= rows * kSortBitmapBytesPerRow;
        return pays ? bitmap : TupleBitmapShape{};
    }

    // sort_unique as a counting sort: every row sets its bit in a zeroed bitmap, which then
    // lists the distinct rows in order into the rows' own buffer (one read-back, the count).
    void bitmap_sort_unique(TupleArray& tuples, const TupleBitmapShape& bitmap) {
        Buffer buffer = allocate(bitmap.bytes());
        auto* d_bits = static_cast<std::uint32_t*>(buffer.get());
        GALIAS_CUDA_TRY(cudaMemsetAsync(d_bits, 0, bitmap.bytes(), stream_));
        {
            const LaunchShape shape = shape_for(&tuple_bitmap_set_kernel<RowBits>, tuples.size);
            auto traced = span("sort unique (bitmap): set bits", tuples.size * tuples.arity * 4ull);
            launch_kernel(&tuple_bitmap_set_kernel<RowBits>, shape, 0, stream_, tuples.size,
                          RowBits{tuples.data(), tuples.arity, bitmap.row_bits}, d_bits);
        }
        tuples.size = list_bitmap(d_bits, bitmap, tuples.arity, tuples.data(), true);
    }

    // Writes the tuples of bitmap `bits` (of shape `bitmap`) in order to `out`: the chunks'
    // counts, their scan, then each chunk writes its tuples at its offset. With `count` the
    // total is read back and returned (one round trip); else 0.
    std::uint64_t list_bitmap(const std::uint32_t* bits, const TupleBitmapShape& bitmap, std::uint32_t arity, Cell* out,
                              bool count) {
        const std::uint64_t words = bitmap.words, row_bits = bitmap.row_bits;
        const std::uint64_t chunks = (words + kListChunkWords - 1) / kListChunkWords;
        Buffer offsets = allocate((chunks + 1) * sizeof(std::uint64_t));
        auto* d_offsets = static_cast<std::uint64_t*>(offsets.get());
        auto traced = span("bitmap: list", words * 8ull);
        GALIAS_CUDA_TRY(cudaMemsetAsync(d_offsets + chunks, 0, sizeof(std::uint64_t), stream_));
        note_fixed_launch();
        launch_kernel(&tuple_bitmap_count_kernel, LaunchShape{static_cast<unsigned>(chunks), kListThreads}, 0,
                      stream_, bits, words, d_offsets);
        std::size_t temp_bytes = 0;
        GALIAS_CUDA_TRY(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, d_offsets, d_offsets, chunks + 1, stream_));
        {
            Buffer temp = allocate(std::max<std::size_t>(temp_bytes, 1));
            GALIAS_CUDA_TRY(
                cub::DeviceScan::ExclusiveSum(temp.get(), temp_bytes, d_offsets, d_offsets, chunks + 1, stream_));
        }
        note_fixed_launch();
        launch_kernel(&tuple_bitmap_list_kernel, LaunchShape{static_cast<unsigned>(chunks), kListThreads}, 0, stream_,
                      bits, words, static_cast<const std::uint64_t*>(d_offsets), arity, row_bits, out);
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        if (!count) return 0;
        stage(d_offsets + chunks, sizeof(std::uint64_t));
        wait("bitmap: count");
        return staged<std::uint64_t>();
    }

    // Sort (and optionally deduplicate) rows. Rows whose columns' bit widths sum to at most
    // 64 are packed into 64-bit keys and radix-sorted on exactly those bits; wider rows fall
    // back to a comparison merge sort.
    void sort_impl(TupleArray& tuples, bool unique) {
        const std::uint64_t n = tuples.size;
        if (n < 2) return;
        const std::uint32_t arity = tuples.arity;
        if (fits_tile(tuples)) {  // one launch, in place; the size is read back only after unique
            tuples.size = tile_operator<true>(tuples, unique, TupleArray(arity), tuples.data(),
                                              unique ? "sort unique (tile)" : "sort (tile)");
            return;
        }
        if (const TupleBitmapShape bitmap = unique ? small_bitmap(tuples.arity, tuples.size) : TupleBitmapShape{};
            bitmap.words != 0) {
            bitmap_sort_unique(tuples, bitmap);
            return;
        }
        // With the executor's bound on every value, columns are packed to its width: no
        // column ranges to measure and read back, and fewer radix passes than 32 bits a column.
        if (const std::uint32_t bits = bound_bits(arity); bits != 0) {
            radix_sort_packed(tuples, unique, column_layout(arity, bits), arity * bits);
            return;
        }
        // Small arrays of at most two columns skip the column ranges: a round trip to the
        // host costs more than radix-sorting all 64 bits of so few keys.
        if (n <= kSmallSortTuples && arity <= 2) {
            radix_sort_packed(tuples, unique, column_layout(arity, 32), 32 * arity);
            return;
        }
        Buffer ranges = allocate(2 * kMaxArity * sizeof(Cell));
        auto* d_min = static_cast<Cell*>(ranges.get());
        auto* d_max = d_min + kMaxArity;
        GALIAS_CUDA_TRY(cudaMemsetAsync(d_min, 0xFF, kMaxArity * sizeof(Cell), stream_));
        GALIAS_CUDA_TRY(cudaMemsetAsync(d_max, 0x00, kMaxArity * sizeof(Cell), stream_));
        const LaunchShape shape = shape_for(column_range_kernel, n);
        {
            auto traced = span("sort: column ranges", n * arity * 4ull);
            launch_kernel(&column_range_kernel, shape, 0, stream_, tuples.data(), n, arity, d_min, d_max);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        Cell host_ranges[2 * kMaxArity];
        static_assert(sizeof host_ranges <= kStagingBytes);
        stage(d_min, sizeof host_ranges);
        wait("sort: column ranges");
        std::memcpy(host_ranges, staging_, sizeof host_ranges);
        PackLayout layout{};
        layout.arity = arity;
        std::uint32_t total_bits = 0;
        for (std::uint32_t c = arity; c-- > 0;) {
            layout.min[c] = host_ranges[c];
            layout.shift[c] = total_bits;
            total_bits += static_cast<std::uint32_t>(std::bit_width(host_ranges[kMaxArity + c] - host_ranges[c]));
        }
        if (total_bits > 64) {
            comparison_sort(tuples, unique);
            return;
        }
        radix_sort_packed(tuples, unique, layout, total_bits);
    }

    // The bits of the executor's bound on every value (set_value_bound), when one was
    // given and `arity` columns of them fit a 64-bit key; else 0.
    [[nodiscard]] std::uint32_t bound_bits(std::uint32_t arity) const {
        const std::uint32_t bits = root().value_bits_;
        return arity != 0 && arity * bits <= 64 ? bits : 0;
    }

    // A key of `arity` columns of `bits` bits each, the first column most significant.
    static PackLayout column_layout(std::uint32_t arity, std::uint32_t bits) {
        PackLayout layout{};
        layout.arity = arity;
        for (std::uint32_t c = 0; c < arity; ++c) layout.shift[c] = bits * (arity - 1 - c);
        return layout;
    }

    // Calls body.template operator()<Key>() with the narrowest key type that holds
    // total_bits: 32-bit keys halve the bytes every radix pass moves.
    template <class Body>
    static void with_key_width(std::uint32_t total_bits, Body&& body) {
        if (total_bits <= 32) body.template operator()<std::uint32_t>();
        else body.template operator()<std::uint64_t>();
    }

    // Rows packed into keys by `layout` and radix-sorted on their total_bits significant
    // bits; with `distinct_count` (device or pinned host memory) also deduplicated, the
    // number of distinct keys left there and not read back. The rows' own buffer serves as
    // the sort's second buffer when it is big enough (its contents are then consumed).
    template <class Key>
    struct SortedKeys {
        Buffer keys;            // the first key buffer
        Buffer alternate;       // the second, unless the rows' own buffer serves
        Key* sorted = nullptr;  // the sorted (and, if asked, distinct) keys
        Key* spare = nullptr;   // the other buffer, free for the caller
        bool in_rows = false;   // `sorted` lies in the rows' own buffer
    };
    struct SortStepNames {
        const char* pack;
        const char* radix;
        const char* unique;
    };
    static constexpr SortStepNames kSortSteps{"sort: pack", "sort: radix", "sort: unique"};
    static constexpr SortStepNames kUniqueDifferenceSteps{"unique-difference: pack", "unique-difference: radix",
                                                          "unique-difference: unique"};

    template <class Key>
    SortedKeys<Key> sort_packed_keys(TupleArray& tuples, const PackLayout& layout, std::uint32_t total_bits,
                                     std::uint64_t* distinct_count, const SortStepNames& names) {
        const std::uint64_t n = tuples.size;
        const std::uint32_t arity = tuples.arity;
        SortedKeys<Key> result;
        result.keys = allocate(n * sizeof(Key));
        auto* d_keys = static_cast<Key*>(result.keys.get());
        Key* d_alt = reinterpret_cast<Key*>(tuples.data());
        if (tuples.buffer.bytes() < n * sizeof(Key)) {
            result.alternate = allocate(n * sizeof(Key));
            d_alt = static_cast<Key*>(result.alternate.get());
        }
        {
            const LaunchShape shape = shape_for(pack_kernel<Key>, n);
            auto traced = span(names.pack, n * (arity * 4ull + sizeof(Key)));
            launch_kernel(&pack_kernel<Key>, shape, 0, stream_, layout, tuples.data(), n, d_keys);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream_);
        cub::DoubleBuffer<Key> buffers(d_keys, d_alt);
        const int end_bit = std::max<int>(1, static_cast<int>(total_bits));
        std::size_t temp_bytes = 0;
        GALIAS_CUDA_TRY(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, buffers, n, 0, end_bit, stream_));
        {
            Buffer temp = allocate(std::max<std::size_t>(temp_bytes, 1));
            auto traced = span(names.radix, n * 2ull * sizeof(Key) * ((end_bit + 7) / 8));
            GALIAS_CUDA_TRY(cub::DeviceRadixSort::SortKeys(temp.get(), temp_bytes, buffers, n, 0, end_bit, stream_));
        }
        result.sorted = buffers.Current();
        result.spare = result.sorted == d_keys ? d_alt : d_keys;
        if (distinct_count != nullptr) {
            std::size_t unique_bytes = 0;
            GALIAS_CUDA_TRY(
                cub::DeviceSelect::Unique(nullptr, unique_bytes, result.sorted, result.spare, distinct_count, n, stream_));
            Buffer temp = allocate(std::max<std::size_t>(unique_bytes, 1));
            auto traced = span(names.unique, n * 2ull * sizeof(Key));
            GALIAS_CUDA_TRY(
                cub::DeviceSelect::Unique(temp.get(), unique_bytes, result.sorted, result.spare, distinct_count, n, stream_));
            std::swap(result.sorted, result.spare);
        }
        result.in_rows = result.alternate.get() == nullptr && result.sorted == d_alt;
        return result;
    }

    // Sorts rows packed into keys by `layout` (total_bits significant bits).
    void radix_sort_packed(TupleArray& tuples, bool unique, const PackLayout& layout, std::uint32_t total_bits) {
        with_key_width(total_bits, [&]<class Key>() { radix_sort_packed_as<Key>(tuples, unique, layout, total_bits); });
    }

    template <class Key>
    void radix_sort_packed_as(TupleArray& tuples, bool unique, const PackLayout& layout, std::uint32_t total_bits) {
        const std::uint32_t arity = tuples.arity;
        // The distinct count goes straight to pinned memory (no copy): only the host reads it.
        auto* h_distinct = unique ? static_cast<std::uint64_t*>(staging_) : nullptr;
        SortedKeys<Key> keys = sort_packed_keys<Key>(tuples, layout, total_bits, h_distinct, kSortSteps);
        std::uint64_t count = tuples.size;
        if (unique) {
            wait("sort: unique count");
            count = staged<decltype(count)>();
        }
        // Unpack. Keys that ended up in the rows' own buffer are unpacked in place when a
        // row is exactly one key wide (each thread reads its key, then writes its row);
        // otherwise into a fresh buffer.
        const bool in_place = !keys.in_rows || arity * sizeof(Cell) == sizeof(Key);
        TupleArray result = in_place ? TupleArray(arity) : make_array(arity, count);
        Cell* destination = result.buffer.get() != nullptr ? result.data() : tuples.data();
        if (count != 0) {
            const LaunchShape unpack_shape = shape_for(unpack_kernel<Key>, count);
            {
                auto traced = span("sort: unpack", count * (arity * 4ull + sizeof(Key)));
                launch_kernel(&unpack_kernel<Key>, unpack_shape, 0, stream_, layout, keys.sorted, count,
                              destination, nullptr);
            }
            GALIAS_CUDA_CHECK_LAUNCH(stream_);
        }
        if (result.buffer.get() != nullptr) {
            result.size = count;
            tuples = std::move(result);
        } else {
            tuples.size = count;
        }
    }

    void comparison_sort(TupleArray& tuples, bool unique) {
        dispatch_arity(tuples.arity, [&](auto arity) {
            constexpr std::uint32_t A = decltype(arity)::value;
            auto* rows = reinterpret_cast<Row<A>*>(tuples.data());
            {
                auto traced = span("sort: comparison", tuples.size * A * 8ull);
                thrust::sort(policy(), rows, rows + tuples.size, RowLess<A>{});
            }
            if (unique) {
                auto* end = thrust::unique(policy(), rows, rows + tuples.size, RowEqual<A>{});
                tuples.size = static_cast<std::uint64_t>(end - rows);
            }
        });
    }

    sched::SchedMode mode_ = sched::SchedMode::kOff;
    double urgency_ = 0;             // 0..1: the streams' priority, from least to greatest
    std::uint32_t value_bits_ = 0;   // bits of the largest value (set_value_bound), 0 = unknown; lanes read the root's
    Cell value_bound_ = 0;           // the largest value itself, when has_value_bound_
    bool has_value_bound_ = false;
    CudaBackend* parent_ = nullptr;  // set on lanes
    std::shared_ptr<sched::LaunchCoordinator> coordinator_;  // only with --sched model
    mutable std::atomic<std::uint64_t> default_launches_{0};  // --sched streams, on the root backend
    [[nodiscard]] const CudaBackend& root() const { return parent_ != nullptr ? *parent_ : *this; }
    int lane_id_ = -1;
    std::mutex lanes_mutex_;
    std::vector<std::unique_ptr<CudaBackend>> lanes_;  // lanes 1..kLanes-1
    cudaDeviceProp properties_{};
    cudaStream_t stream_{};
    void* staging_ = nullptr;  // pinned, kStagingBytes
    Buffer totals_;            // the counters of GridTotals (kernels.cuh), zero between launches
    std::unique_ptr<BlockCache> cache_;
    std::unique_ptr<KernelTrace> trace_;
    int difference_mode_ = 0;  // 0 auto, 1 always binary search, 2 always merge path
    bool tile_ops_ = true;     // single-block operators for small relations (GALIAS_CUDA_TILE=0: off)
    bool filter_on_ = true;    // duplicate pre-filter for join output (GALIAS_CUDA_FILTER=0: off, experiments)
    bool bitmap_on_ = true;    // tuple sets may become bitmaps (GALIAS_CUDA_BITMAP=0: never, experiments)
    bool one_pass_on_ = true;  // joins into bitmap sets in one pass (GALIAS_CUDA_ONE_PASS=0: two, experiments)
    bool optimistic_on_ = true;  // ... also where the bound exceeds the room (GALIAS_CUDA_OPTIMISTIC=0: not)
    cudaMemPool_t pool_{};
};

}  // namespace

bool dependent_launches() {
    static const bool enabled = [] {
        const char* setting = std::getenv("GALIAS_CUDA_PDL");
        return setting == nullptr || std::string(setting) != "0";
    }();
    return enabled;
}

bool device_available() { return device_state().available; }
std::string device_problem() { return device_state().problem; }

std::unique_ptr<Backend> make_cuda_backend(sched::SchedMode mode, double urgency) {
    try {
        auto backend = std::make_unique<CudaBackend>(mode, urgency);
        device_started().store(true);
        return backend;
    } catch (const OutOfMemory& e) {
        // cudaSetDevice creates the context, which itself needs device memory.
        throw DeviceUnavailable(std::string("the CUDA device could not be started: ") + e.what());
    } catch (const CudaError& e) {
        throw DeviceUnavailable(std::string("the CUDA device could not be started: ") + e.what());
    }
}

void release_memory() {
    if (!device_started().load()) return;  // never started: nothing to free, and no context to create
    // Errors are ignored: this runs on the way out, and the process's end frees all anyway.
    IdleBlocks::instance().drain(nullptr);
    cudaDeviceSynchronize();
    cudaMemPool_t pool = nullptr;
    if (cudaDeviceGetDefaultMemPool(&pool, 0) == cudaSuccess) cudaMemPoolTrimTo(pool, 0);
    PinnedSlots::instance().release();
    cudaGetLastError();
}

std::vector<std::string> occupancy_model_mismatches() {
    const sched::DeviceProfile device = sched::query_device_profile(0);
    struct Named {
        const void* kernel;
        const char* name;
    };
    const Named kernels[] = {
        {reinterpret_cast<const void*>(&join_count_kernel), "join_count"},
        {reinterpret_cast<const void*>(&join_emit_kernel), "join_emit"},
        {reinterpret_cast<const void*>(&join_emit_balanced_kernel), "join_emit_balanced"},
        {reinterpret_cast<const void*>(&permute_kernel), "permute"},
        {reinterpret_cast<const void*>(&column_range_kernel), "column_range"},
        {reinterpret_cast<const void*>(&pack_kernel<std::uint32_t>), "pack (32-bit keys)"},
        {reinterpret_cast<const void*>(&pack_kernel<std::uint64_t>), "pack"},
        {reinterpret_cast<const void*>(&unpack_kernel<std::uint32_t>), "unpack (32-bit keys)"},
        {reinterpret_cast<const void*>(&unpack_kernel<std::uint64_t>), "unpack"},
        {reinterpret_cast<const void*>(&absent_flags_kernel), "absent_flags"},
        {reinterpret_cast<const void*>(&join_emit_distinct_kernel<false, false>), "join_emit_distinct"},
        {reinterpret_cast<const void*>(&join_emit_distinct_kernel<true, false>),
         "join_emit_distinct (grouped)"},
        {reinterpret_cast<const void*>(&join_emit_distinct_kernel<false, true>),
         "join_emit_distinct (hash set)"},
        {reinterpret_cast<const void*>(&join_emit_distinct_kernel<true, true>),
         "join_emit_distinct (hash set, grouped)"},
        {reinterpret_cast<const void*>(&tuple_hash_set_insert_kernel), "tuple_hash_set_insert"},
        {reinterpret_cast<const void*>(&tuple_hash_set_rehash_kernel), "tuple_hash_set_rehash"},
        {reinterpret_cast<const void*>(&tuple_bitmap_set_kernel<KeyBits>), "tuple_bitmap_set (keys)"},
        {reinterpret_cast<const void*>(&tuple_bitmap_set_kernel<RowBits>), "tuple_bitmap_set (rows)"},
        {reinterpret_cast<const void*>(&join_into_set_kernel), "join_into_set"},
        {reinterpret_cast<const void*>(&longest_run_kernel), "longest_run"},
        {reinterpret_cast<const void*>(&count_runs_kernel), "count_runs"},
        {reinterpret_cast<const void*>(&insert_runs_kernel), "insert_runs"},
    };
    std::vector<std::string> mismatches;
    for (const Named& named : kernels) {
        const sched::KernelCosts costs =
            sched::kernel_costs(device, sched::query_kernel_profile(named.kernel, named.name, 1));
        for (int warps = 1; warps <= costs.max_warps_per_block; ++warps) {
            const std::int64_t model = sched::blocks_per_sm_alone(device, costs, warps);
            const int cuda = sched::cuda_occupancy_blocks_per_sm(named.kernel, warps * device.warp_size, 0);
            if (model != cuda)
                mismatches.push_back(std::string(named.name) + " with " + std::to_string(warps) + " warps per block: model " +
                                     std::to_string(model) + " blocks per SM, CUDA " + std::to_string(cuda));
        }
    }
    return mismatches;
}

}  // namespace galias::engine::cuda
