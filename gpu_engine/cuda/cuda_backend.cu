// The CUDA backend: relations in device memory (HISA layout), CUB for sorting, scans and
// selection, Thrust's merge-path merge and set difference, and the shared per-element join
// and index logic in explicit kernels. A backend's work runs on its stream; its lanes
// (`--sched streams|model`) each have their own stream, so the executor's independent
// rules run concurrently, and the launch coordinator shapes the kernels that run
// together (gpu_engine/sched/launch_coordinator.hpp). Device memory comes from a
// stream-ordered pool (cudaMallocAsync) that keeps freed memory for reuse, so the many
// per-iteration allocations cost next to nothing.
//
// Layered as CUB and cuCollections are (gpu_engine/cuda/README.md): CudaBackend below only
// owns a DeviceContext (device_context.cuh) and forwards each operator to its family —
// sort_ops.cuh, set_ops.cuh, index_ops.cuh, join_ops.cuh, tuple_set_ops.cuh — whose
// kernels are in the *_kernels.cuh, kernels.cuh, tile_join.cuh and join_into_set.cuh
// headers. The whole backend is this one translation unit: the kernels are defined in
// those headers, and each must be compiled once (one address per kernel, which the launch
// coordinator and the occupancy check below take as its identity).

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "gpu_engine/cuda/cuda_backend.hpp"
#include "gpu_engine/cuda/device_context.cuh"
#include "gpu_engine/cuda/error.cuh"
#include "gpu_engine/cuda/index_ops.cuh"
#include "gpu_engine/cuda/join_ops.cuh"
#include "gpu_engine/cuda/policy.hpp"
#include "gpu_engine/cuda/set_ops.cuh"
#include "gpu_engine/cuda/shared_device.cuh"
#include "gpu_engine/cuda/sort_ops.cuh"
#include "gpu_engine/cuda/tuple_set_ops.cuh"
#include "gpu_engine/engine.hpp"
#include "gpu_engine/runtime/launch_scheduling.hpp"
#include "gpu_engine/sched/cuda_profiles.hpp"

namespace galias::engine::cuda {

namespace {

// The process's one SharedDevice (shared_device.cuh says why it is shared), handed to
// every backend make_cuda_backend starts; `started` once a backend has started, so that
// release_memory() has something to free. Never destroyed: it holds no CUDA resource that
// the context does not free at exit, and a backend may outlive static destruction order.
struct DeviceAnchor {
    std::mutex mutex;
    std::shared_ptr<SharedDevice> device;
    std::atomic<bool> started{false};

    std::shared_ptr<SharedDevice> get() {
        std::lock_guard lock(mutex);
        if (!device) device = std::make_shared<SharedDevice>();
        return device;
    }
};

DeviceAnchor& anchor() {
    static auto* anchor = new DeviceAnchor();
    return *anchor;
}

// Capabilities: lanes (streams, with a mode other than off; a lane has none of its own),
// launch scheduling, the counting pass that emits small outputs, the duplicate filter,
// tuple sets and the one-pass join into a set. No in-place merge: a second buffer is
// cheap next to a sequential merge on the device.
class CudaBackend final : public Backend,
                          public LaneSet,
                          public LaunchScheduling,
                          public CountingEmit,
                          public DuplicateFiltering,
                          public TupleSets,
                          public OnePassJoin {
public:
    // `parent`: the backend whose lane this is, else null. A lane takes its parent's policy.
    CudaBackend(std::shared_ptr<SharedDevice> device, sched::SchedMode mode, const CudaPolicy& policy,
                double urgency = 0, CudaBackend* parent = nullptr)
        : urgency_(urgency),
          parent_(parent),
          context_(prepare(parent), &CudaBackend::count_wait_of, std::move(device), policy, mode, urgency,
                   parent != nullptr ? &parent->context_ : nullptr) {}
    ~CudaBackend() override {
        lanes_.clear();    // their buffers are gone: the executor has finished
        context_.close();  // while this backend's allocation calls still reach the context
    }

    [[nodiscard]] std::string description() const override {
        return std::string("cuda (") + context_.properties().name + ", " +
               std::to_string(context_.properties().multiProcessorCount) + " SMs)";
    }
    [[nodiscard]] unsigned threads() const override { return 1; }

    [[nodiscard]] BackendCapabilities capabilities() override {
        BackendCapabilities capabilities;
        if (context_.mode() != sched::SchedMode::kOff && parent_ == nullptr) capabilities.lanes = this;
        capabilities.scheduling = this;
        capabilities.counting_emit = this;
        capabilities.duplicate_filtering = this;
        capabilities.tuple_sets = this;
        capabilities.one_pass_join = this;
        return capabilities;
    }

    // Lanes (LaneSet): each its own CudaBackend, with its own stream.
    [[nodiscard]] std::size_t count() const override { return CudaPolicy::kLanes; }
    Backend& lane(std::size_t index) override {
        if (index == 0 || parent_ != nullptr) return *this;
        std::lock_guard lock(lanes_mutex_);
        while (lanes_.size() < index)
            lanes_.push_back(std::make_unique<CudaBackend>(context_.device_ptr(), context_.mode(),
                                                           context_.policy(), urgency_, this));
        return *lanes_[index - 1];
    }
    // Launch scheduling (LaunchScheduling).
    [[nodiscard]] sched::SchedMode mode() const override { return context_.mode(); }
    [[nodiscard]] sched::CoordinatorCounters counters() const override {
        if (context_.coordinator()) return context_.coordinator()->counters();
        sched::CoordinatorCounters counters;
        counters.launches = context_.default_launches();
        return counters;
    }

    [[nodiscard]] std::size_t free_memory() const override { return context_.free_memory(); }
    // CudaPolicy::kBatchFreeMemoryDivisor says why.
    [[nodiscard]] std::size_t default_batch_bytes() const override {
        return std::clamp<std::size_t>(free_memory() / CudaPolicy::kBatchFreeMemoryDivisor,
                                       CudaPolicy::kBatchLeastBytes, CudaPolicy::kBatchMostBytes);
    }
    [[nodiscard]] double merge_buffer_growth() const override { return CudaPolicy::kMergeBufferGrowth; }
    void set_value_bound(Cell largest) override { context_.set_value_bound(largest); }
    [[nodiscard]] std::size_t reserved_peak_bytes() const override { return context_.reserved_peak_bytes(); }

    void synchronize() override { context_.wait("executor"); }

    void upload(const Cell* host, std::size_t cells, Cell* dst) override {
        GALIAS_CUDA_TRY(
            cudaMemcpyAsync(dst, host, cells * sizeof(Cell), cudaMemcpyHostToDevice, context_.stream()));
        context_.wait("upload");
    }
    void download(const Cell* src, std::size_t cells, Cell* host) override {
        GALIAS_CUDA_TRY(
            cudaMemcpyAsync(host, src, cells * sizeof(Cell), cudaMemcpyDeviceToHost, context_.stream()));
        context_.wait("download");
    }
    void copy(const Cell* src, std::size_t cells, Cell* dst) override { context_.copy(src, cells, dst); }

    void permute(const TupleArray& in, std::span<const std::uint32_t> columns, TupleArray& out) override {
        DeviceContext& ctx = context_;
        ColumnMap map{};
        map.in_arity = in.arity;
        map.out_arity = static_cast<std::uint32_t>(columns.size());
        for (std::size_t c = 0; c < columns.size(); ++c) map.columns[c] = columns[c];
        out = make_array(map.out_arity, in.size);
        out.size = in.size;
        if (in.size == 0) return;
        const LaunchShape shape = ctx.shape_for(permute_kernel, in.size);
        {
            auto traced = ctx.span("permute", in.size * (in.arity + map.out_arity) * 4ull);
            ctx.launch(&permute_kernel, shape, map, in.data(), in.size, out.data());
        }
        GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    }

    // Sorting (sort_ops.cuh).
    void sort(TupleArray& tuples) override { sorting::sort(context_, tuples, false); }
    void sort_unique(TupleArray& tuples) override { sorting::sort(context_, tuples, true); }

    // Set operations (set_ops.cuh).
    void difference(const TupleArray& a, const TupleArray& b, TupleArray& out) override {
        set_ops::difference(context_, a, b, out);
    }
    void unique_difference(TupleArray& fresh, const TupleArray& b, TupleArray& out) override {
        if (!set_ops::unique_difference(context_, fresh, b, out)) Backend::unique_difference(fresh, b, out);
    }
    void merge(const TupleArray& a, const TupleArray& b, TupleArray& out) override {
        set_ops::merge(context_, a, b, out);
    }

    // Indexes (index_ops.cuh).
    void build_index(Hisa& hisa, double load_factor) override {
        indexes::build_index(context_, hisa, load_factor);
    }

    // Joins (join_ops.cuh).
    std::unique_ptr<JoinCounts> join_count(const JoinSpec& spec, const TupleArray& outer, std::uint64_t begin,
                                           std::uint64_t end, const Hisa* inner) override {
        return joins::count(context_, spec, outer, begin, end, inner);
    }
    std::unique_ptr<JoinCounts> join_count_emit(const JoinSpec& spec, const TupleArray& outer,
                                                const Hisa* inner, TupleArray& out,
                                                std::uint64_t room) override {
        return joins::count_emit(context_, spec, outer, inner, out, room);
    }
    void join_emit(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner, const JoinCounts& counts,
                   std::uint64_t from, std::uint64_t to, TupleArray& out) override {
        joins::emit(context_, spec, outer, inner, counts, from, to, out);
    }
    [[nodiscard]] bool filters(std::uint32_t arity) const override { return joins::filters(context_, arity); }
    std::unique_ptr<DuplicateFilter> make_duplicate_filter(std::uint32_t arity) override {
        return joins::make_duplicate_filter(context_, arity);
    }
    std::uint64_t join_emit_distinct(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                     const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                                     TupleArray& out, DuplicateFilter& filter) override {
        if (auto derived = joins::emit_distinct(context_, spec, outer, inner, counts, from, to, out, filter))
            return *derived;
        return emit_unfiltered(*this, spec, outer, inner, counts, from, to, out);
    }
    std::uint64_t join_emit_new(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                                const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                                TupleArray& out, TupleHashSet& set) override {
        if (auto derived = joins::emit_new(context_, spec, outer, inner, counts, from, to, out, set))
            return *derived;
        return emit_then_insert_new(*this, *this, spec, outer, inner, counts, from, to, out, set);
    }
    std::optional<std::uint64_t> join_into_set(const JoinSpec& spec, const TupleArray& outer,
                                               const Hisa* inner, TupleArray& out, TupleHashSet& set,
                                               std::uint64_t room) override {
        return joins::into_set(context_, spec, outer, inner, out, set, room);
    }
    std::unique_ptr<TupleHashSet> make_scratch_bitmap(const JoinSpec& spec, std::uint64_t rows) override {
        return joins::make_scratch_bitmap(context_, spec, rows);
    }

    // Tuple sets and bitmaps (tuple_set_ops.cuh).
    [[nodiscard]] bool holds(std::uint32_t arity) const override { return tuple_sets::holds(arity); }
    std::unique_ptr<TupleHashSet> make_tuple_hash_set(std::uint32_t arity) override {
        return tuple_sets::make_tuple_hash_set(arity);
    }
    [[nodiscard]] bool prefers_hash_dedup(std::uint32_t /*arity*/) const override { return true; }
    void insert_new(TupleHashSet& set, const TupleArray& tuples, TupleArray& out) override {
        tuple_sets::insert_new(context_, set, tuples, out);
    }
    void list_sorted(const TupleHashSet& set, std::uint32_t arity, TupleArray& out) override {
        tuple_sets::list_sorted(context_, set, arity, out);
    }

protected:
    void* raw_allocate(std::size_t bytes) override { return context_.cache().allocate(bytes); }
    void raw_release(void* data, std::size_t bytes) override { context_.cache().release(data, bytes); }

private:
    // Before the context is made (its first allocation): this thread's device, and a
    // lane's allocations counted in its parent's counters. Returns *this.
    Backend& prepare(CudaBackend* parent) {
        GALIAS_CUDA_TRY(cudaSetDevice(0));
        if (parent != nullptr) account_in(*parent);
        return *this;
    }
    static void count_wait_of(Backend& backend, double seconds) {
        static_cast<CudaBackend&>(backend).count_wait(seconds);
    }

    double urgency_ = 0;             // 0..1: the streams' priority, from least to greatest
    CudaBackend* parent_ = nullptr;  // set on lanes
    DeviceContext context_;          // this backend's stream, cache and staging; raw_allocate's allocator
    std::mutex lanes_mutex_;
    std::vector<std::unique_ptr<CudaBackend>> lanes_;  // lanes 1..kLanes-1
};

}  // namespace

std::unique_ptr<Backend> make_cuda_backend(sched::SchedMode mode, const CudaSwitches& switches,
                                           double urgency) {
    try {
        auto backend = std::make_unique<CudaBackend>(anchor().get(), mode, CudaPolicy(switches), urgency);
        anchor().started.store(true);
        return backend;
    } catch (const OutOfMemory& e) {
        // cudaSetDevice creates the context, which itself needs device memory.
        throw DeviceUnavailable(std::string("the CUDA device could not be started: ") + e.what());
    } catch (const CudaError& e) {
        throw DeviceUnavailable(std::string("the CUDA device could not be started: ") + e.what());
    }
}

void release_memory() {
    if (!anchor().started.load()) return;  // never started: nothing to free, and no context to create
    anchor().get()->release_memory();
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
        {reinterpret_cast<const void*>(&merge_absent_flags_kernel), "merge_absent_flags"},
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
                mismatches.push_back(std::string(named.name) + " with " + std::to_string(warps) +
                                     " warps per block: model " + std::to_string(model) +
                                     " blocks per SM, CUDA " + std::to_string(cuda));
        }
    }
    return mismatches;
}

}  // namespace galias::engine::cuda
