#pragma once
// A CUDA backend's (or lane's) device context: its stream, block cache, pinned staging
// slot, launch counters, kernel trace and policy, and the device it shares with every other
// backend (SharedDevice). The operator families (sort_ops.cuh, set_ops.cuh, index_ops.cuh,
// join_ops.cuh, tuple_set_ops.cuh) are free functions that take it; CudaBackend owns one
// and forwards to them. Everything here runs on the context's own stream.

#include <cuda_runtime.h>
#include <thrust/execution_policy.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <utility>

#include "gpu_engine/cuda/block_cache.cuh"
#include "gpu_engine/cuda/error.cuh"
#include "gpu_engine/cuda/kernels.cuh"
#include "gpu_engine/cuda/launch.cuh"
#include "gpu_engine/cuda/pinned_slots.cuh"
#include "gpu_engine/cuda/policy.hpp"
#include "gpu_engine/cuda/shared_device.cuh"
#include "gpu_engine/cuda/tile_kernels.cuh"
#include "gpu_engine/cuda/trace.cuh"
#include "gpu_engine/runtime/backend.hpp"

namespace galias::engine::cuda {

// Pinned host memory per backend for small device-to-host reads: copies staged at the
// start, kernels' published totals (GridTotals) from kTotalsOffset on.
constexpr std::size_t kStagingBytes = PinnedSlots::kSlotBytes;
constexpr std::size_t kTotalsOffset = 128;
static_assert(kTotalsOffset + kGridTotals * sizeof(unsigned long long) <= kStagingBytes);

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

class DeviceContext {
public:
    // How the owning backend counts a stream synchronization (Backend::count_wait is
    // protected: the backend passes a function that calls it).
    using CountWait = void (*)(Backend& owner, double seconds);

    // `owner`: the backend whose Buffers this context allocates (and counts), already set
    // up for that, with this context as its allocator (Backend::raw_allocate); `root`: the
    // root backend's context for a lane, else null (a lane reads the root's value bound and
    // counts its default launches there). A root reads its device's properties, a lane
    // takes its root's. The caller has called cudaSetDevice.
    DeviceContext(Backend& owner, CountWait count_wait, std::shared_ptr<SharedDevice> device,
                  const CudaPolicy& policy, sched::SchedMode mode, double urgency, DeviceContext* root)
        : owner_(owner),
          count_wait_(count_wait),
          device_(std::move(device)),
          policy_(policy),
          mode_(mode),
          root_(root) {
        properties_ = root != nullptr ? root->properties_ : device_->properties();
        // Urgency 0..1 onto CUDA's priorities (least = 0, the default; greatest < 0 on
        // current GPUs): lanes share their backend's priority.
        int least = 0, greatest = 0;
        GALIAS_CUDA_TRY(cudaDeviceGetStreamPriorityRange(&least, &greatest));
        const int priority =
            least + static_cast<int>(std::lround(std::clamp(urgency, 0.0, 1.0) * (greatest - least)));
        GALIAS_CUDA_TRY(cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking, priority));
        staging_ = device_->pinned_slots().take();
        cache_ = std::make_unique<BlockCache>(stream_, device_->idle_blocks());
        totals_ = allocate(kGridTotals * sizeof(unsigned long long) + sizeof(unsigned));
        GALIAS_CUDA_TRY(
            cudaMemsetAsync(totals_.get(), 0, totals_.bytes(), stream_));  // once: launches leave it zero
        // Only the model needs to know what runs beside a launch. In mode streams every
        // kernel takes its default shape, and a coordinator would only add a lock shared by
        // every lane of every analysis to each launch.
        if (mode_ == sched::SchedMode::kModel) {
            coordinator_ = device_->coordinator(mode_);
            lane_id_ = coordinator_->open_lane();
        }
        GALIAS_CUDA_TRY(cudaDeviceGetDefaultMemPool(&pool_, 0));
        // Keep freed memory in the pool: the next iteration's buffers come from it.
        std::uint64_t keep = std::numeric_limits<std::uint64_t>::max();
        GALIAS_CUDA_TRY(cudaMemPoolSetAttribute(pool_, cudaMemPoolAttrReleaseThreshold, &keep));
        trace_ = std::make_unique<KernelTrace>(stream_, policy_.trace);
    }
    DeviceContext(const DeviceContext&) = delete;
    DeviceContext& operator=(const DeviceContext&) = delete;
    ~DeviceContext() { close(); }

    // Ends the context: waits for its stream, reports the trace, gives the staging slot
    // and the cached blocks back and destroys the stream. The owning backend calls it first
    // thing in its destructor, while this context is whole (the totals' Buffer goes back
    // through the backend into this context's cache); the destructor's call is then a
    // no-op.
    void close() {
        if (stream_ == nullptr) return;
        cudaStreamSynchronize(stream_);
        if (coordinator_) coordinator_->close_lane(lane_id_);
        if (trace_) trace_->report(stderr);
        trace_.reset();
        device_->pinned_slots().give_back(staging_);
        staging_ = nullptr;
        totals_.reset();
        cudaStreamSynchronize(stream_);  // nothing queued uses the cached blocks any more
        cache_->retire();
        cache_.reset();
        cudaStreamDestroy(stream_);
        stream_ = nullptr;
    }

    // ---- What the context is ----

    [[nodiscard]] cudaStream_t stream() const { return stream_; }
    [[nodiscard]] const CudaPolicy& policy() const { return policy_; }
    [[nodiscard]] const cudaDeviceProp& properties() const { return properties_; }
    [[nodiscard]] sched::SchedMode mode() const { return mode_; }
    [[nodiscard]] SharedDevice& device() const { return *device_; }
    [[nodiscard]] const std::shared_ptr<SharedDevice>& device_ptr() const { return device_; }
    [[nodiscard]] BlockCache& cache() const { return *cache_; }
    [[nodiscard]] const std::shared_ptr<sched::LaunchCoordinator>& coordinator() const {
        return coordinator_;
    }
    [[nodiscard]] std::uint64_t default_launches() const {
        return root().default_launches_.load(std::memory_order_relaxed);
    }

    // ---- Memory ----

    // Counted allocations of the owning backend (Backend::allocate): on its block cache.
    Buffer allocate(std::size_t bytes) { return owner_.allocate(bytes); }
    TupleArray make_array(std::uint32_t arity, std::uint64_t capacity) {
        return owner_.make_array(arity, capacity);
    }
    void reserve(TupleArray& array, std::uint64_t tuples) { owner_.reserve(array, tuples); }
    void copy(const Cell* src, std::size_t cells, Cell* dst) {
        GALIAS_CUDA_TRY(cudaMemcpyAsync(dst, src, cells * sizeof(Cell), cudaMemcpyDeviceToDevice, stream_));
    }

    // Device memory that could still be allocated: free memory, the pool's memory not in
    // use, this context's cached blocks and the device's idle ones.
    [[nodiscard]] std::size_t free_memory() const {
        std::size_t free_bytes = 0, total = 0;
        GALIAS_CUDA_TRY(cudaMemGetInfo(&free_bytes, &total));
        std::uint64_t reserved = 0, used = 0;
        GALIAS_CUDA_TRY(cudaMemPoolGetAttribute(pool_, cudaMemPoolAttrReservedMemCurrent, &reserved));
        GALIAS_CUDA_TRY(cudaMemPoolGetAttribute(pool_, cudaMemPoolAttrUsedMemCurrent, &used));
        return free_bytes + (reserved - used) + cache_->cached_bytes() + device_->idle_blocks().bytes();
    }
    [[nodiscard]] std::size_t reserved_peak_bytes() const {
        std::uint64_t high = 0;
        GALIAS_CUDA_TRY(cudaMemPoolGetAttribute(pool_, cudaMemPoolAttrReservedMemHigh, &high));
        return high;
    }

    // Thrust's execution policy on this stream, its scratch memory from the block cache.
    auto thrust_policy() { return thrust::cuda::par_nosync(ThrustAllocator{cache_.get()}).on(stream_); }

    // ---- Reading values back ----

    // The pinned staging memory (kStagingBytes; device-accessible: unified addressing).
    [[nodiscard]] void* staging() const { return staging_; }
    // Small device-to-host reads (counts, sizes, bounds) go through pinned memory: the
    // driver stages a copy into pageable memory itself, serializing concurrent streams.
    void stage(const void* device, std::size_t bytes, std::size_t offset = 0) {
        GALIAS_CUDA_TRY(cudaMemcpyAsync(static_cast<char*>(staging_) + offset, device, bytes,
                                        cudaMemcpyDeviceToHost, stream_));
    }
    // A value staged at `offset`, valid after wait().
    template <class T>
    T staged(std::size_t offset = 0) const {
        T value;
        std::memcpy(&value, static_cast<const char*>(staging_) + offset, sizeof value);
        return value;
    }
    // The totals a kernel publishes (kernels.cuh, publish_totals); valid after wait().
    [[nodiscard]] GridTotals grid_totals() const {
        auto* counters = static_cast<unsigned long long*>(totals_.get());
        return GridTotals{
            counters, reinterpret_cast<unsigned*>(counters + kGridTotals),
            reinterpret_cast<unsigned long long*>(static_cast<char*>(staging_) + kTotalsOffset)};
    }
    [[nodiscard]] std::uint64_t published(unsigned c) const {
        return staged<unsigned long long>(kTotalsOffset + c * sizeof(unsigned long long));
    }

    // A stream synchronization, counted (device_waits) and, when traced, by `site`: the
    // round trips of a job are what limits concurrent analyses (docs/BENCHMARKS.md).
    void wait(const char* site) {
        if (trace_->enabled()) trace_->note_wait(site);
        const auto start = std::chrono::steady_clock::now();
        GALIAS_CUDA_TRY(cudaStreamSynchronize(stream_));
        count_wait_(owner_, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        if (coordinator_) coordinator_->idle(lane_id_);
        if (trace_ && trace_->enabled()) trace_->collect();
    }

    // ---- Tracing ----

    KernelTrace::Span span(const char* name, std::uint64_t bytes) { return trace_->span(name, bytes); }
    // Adds `value` to the trace's counter `name` (a string literal), when tracing.
    void count(const char* name, std::uint64_t value) { trace_->count(name, value); }

    // ---- Launches ----

    // kernel<<<shape>>>(args...) on this stream (launch.cuh; programmatic dependent
    // launches unless the policy turns them off).
    template <class... Params, class... Args>
    void launch(void (*kernel)(Params...), LaunchShape shape, Args&&... args) {
        launch_kernel(kernel, shape, 0, stream_, policy_.dependent_launches, std::forward<Args>(args)...);
    }

    // The launch shape of `kernel` over `items` work items: the default without --sched,
    // else the coordinator's (the model's when other lanes' kernels are in flight).
    template <class Kernel>
    LaunchShape shape_for(Kernel* kernel, std::uint64_t items) const {
        if (!coordinator_) {
            if (mode_ != sched::SchedMode::kOff)
                root().default_launches_.fetch_add(1, std::memory_order_relaxed);
            return default_shape(items, properties_.multiProcessorCount);
        }
        const void* identity = reinterpret_cast<const void*>(kernel);
        const sched::Launch launch =
            coordinator_->launch(lane_id_, device_->kernel_profile(identity, items), identity);
        return LaunchShape{launch.grid, launch.block};
    }

    // A tuple hash set kernel's shape: shape_for's, at most kHashSetBlocksPerSm blocks per SM.
    template <class Kernel>
    LaunchShape hash_set_shape(Kernel* kernel, std::uint64_t items) const {
        LaunchShape shape = shape_for(kernel, items);
        const unsigned most =
            CudaPolicy::kHashSetBlocksPerSm * static_cast<unsigned>(properties_.multiProcessorCount);
        shape.grid = std::max(1u, std::min(shape.grid, most * 256 / std::max(1u, shape.block)));
        return shape;
    }

    // Kernels of a fixed shape (one block) bypass the coordinator; streams mode counts them.
    void note_fixed_launch() const {
        if (!coordinator_ && mode_ != sched::SchedMode::kOff)
            root().default_launches_.fetch_add(1, std::memory_order_relaxed);
    }

    // Relations that one thread block sorts, deduplicates and searches in one launch
    // (tile_kernels.cuh).
    [[nodiscard]] bool fits_tile(const TupleArray& rows) const {
        return policy_.tile_ops && rows.size >= 1 && rows.size <= kTileTuples && rows.arity >= 1 &&
               rows.arity <= 2;
    }

    // ---- The executor's bound on every value (Backend::set_value_bound) ----

    void set_value_bound(Cell largest) {
        value_bits_ = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::bit_width(largest)));
        value_bound_ = largest;
        has_value_bound_ = true;
    }
    // The root's bound (lanes read the root's): whether there is one, and the value.
    [[nodiscard]] bool has_value_bound() const { return root().has_value_bound_; }
    [[nodiscard]] Cell value_bound() const { return root().value_bound_; }
    // The bits of the bound, when one was given and `arity` columns of them fit a 64-bit
    // key; else 0.
    [[nodiscard]] std::uint32_t bound_bits(std::uint32_t arity) const {
        const std::uint32_t bits = root().value_bits_;
        return arity != 0 && arity * bits <= 64 ? bits : 0;
    }

private:
    [[nodiscard]] const DeviceContext& root() const { return root_ != nullptr ? *root_ : *this; }

    Backend& owner_;
    CountWait count_wait_;
    std::shared_ptr<SharedDevice> device_;
    CudaPolicy policy_;
    sched::SchedMode mode_ = sched::SchedMode::kOff;
    DeviceContext* root_ = nullptr;  // set on lanes
    std::uint32_t value_bits_ =
        0;                  // bits of the largest value (set_value_bound), 0 = unknown; lanes read the root's
    Cell value_bound_ = 0;  // the largest value itself, when has_value_bound_
    bool has_value_bound_ = false;
    std::shared_ptr<sched::LaunchCoordinator> coordinator_;   // only with --sched model
    int lane_id_ = -1;                                        // in the coordinator
    mutable std::atomic<std::uint64_t> default_launches_{0};  // --sched streams, on the root
    cudaDeviceProp properties_{};
    cudaStream_t stream_{};
    void* staging_ = nullptr;  // pinned, kStagingBytes
    // Before totals_: a constructor that throws after allocating the totals releases them
    // into a cache that still exists.
    std::unique_ptr<BlockCache> cache_;
    Buffer totals_;  // the counters of GridTotals (kernels.cuh), zero between launches
    std::unique_ptr<KernelTrace> trace_;
    cudaMemPool_t pool_{};
};

}  // namespace galias::engine::cuda
