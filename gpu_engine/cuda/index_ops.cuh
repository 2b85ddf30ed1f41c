#pragma once
// A relation's hash index on the device (HISA, hisa/key_table.hpp): building it (one launch
// for a tile, else clear and insert, sized by a count of the keys for large relations) and
// the longest key run it holds.

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "gpu_engine/cuda/device_context.cuh"
#include "gpu_engine/cuda/join_into_set.cuh"
#include "gpu_engine/cuda/kernels.cuh"
#include "gpu_engine/cuda/tile_kernels.cuh"

namespace galias::engine::cuda::indexes {

// Backend::build_index.
inline void build_index(DeviceContext& ctx, Hisa& hisa, double load_factor) {
    const cudaStream_t stream = ctx.stream();
    const std::uint64_t n = hisa.data.size;
    hisa.drop_index();
    if (hisa.key_len == 0 || n == 0) return;
    if (n >= kEmptySlot)
        throw std::length_error("relation of " + std::to_string(n) +
                                " tuples is too large for a 32-bit index");
    if (ctx.policy().tile_ops &&
        n <= kTileTuples) {  // one launch: clear the table and insert, sized for n keys
        hisa.slot_count = index_capacity(n, load_factor);
        hisa.slots = ctx.allocate(hisa.slot_count * sizeof(IndexSlot));
        ctx.note_fixed_launch();
        {
            auto traced =
                ctx.span("index (tile)", n * hisa.data.arity * 4ull + hisa.slot_count * sizeof(IndexSlot));
            // One row per thread when that is enough: a smaller scan.
            constexpr unsigned kIndexThreads = CudaPolicy::kIndexTileThreads;
            static_assert(kIndexThreads * 2 >= kTileTuples);
            auto* kernel = n <= kIndexThreads ? &tile_index_kernel<kIndexThreads, 1>
                                              : &tile_index_kernel<kIndexThreads, 2>;
            ctx.launch(kernel, LaunchShape{1, kIndexThreads}, hisa.data.data(), static_cast<std::uint32_t>(n),
                       hisa.data.arity, hisa.key_len, static_cast<IndexSlot*>(hisa.slots.get()),
                       hisa.slot_count);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream);
        return;
    }
    // Small relations get a table sized for n keys, the bound on their runs: no round
    // trip to the host (it costs more than the spare slots). Large ones count theirs.
    std::uint64_t runs = n;
    if (n > CudaPolicy::kIndexWithoutReadBack) {
        const LaunchShape shape = ctx.shape_for(count_runs_kernel, n);
        {
            auto traced = ctx.span("index: count keys", n * hisa.data.arity * 4ull);
            ctx.launch(&count_runs_kernel, shape, hisa.data.data(), n, hisa.data.arity, hisa.key_len,
                       ctx.grid_totals());
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream);
        ctx.wait("index: key count");
        runs = ctx.published(0);
    }
    hisa.slot_count = index_capacity(runs, load_factor);
    hisa.slots = ctx.allocate(hisa.slot_count * sizeof(IndexSlot));
    {
        auto* slots = static_cast<IndexSlot*>(hisa.slots.get());
        auto traced = ctx.span("index: clear", hisa.slot_count * sizeof(IndexSlot));
        ctx.launch(&clear_slots_kernel, ctx.shape_for(clear_slots_kernel, hisa.slot_count), slots,
                   hisa.slot_count);
    }
    GALIAS_CUDA_CHECK_LAUNCH(stream);
    const LaunchShape insert_shape = ctx.shape_for(insert_runs_kernel, n);
    {
        auto traced = ctx.span("index: insert", n * hisa.data.arity * 4ull + runs * 16ull);
        ctx.launch(&insert_runs_kernel, insert_shape, hisa.data.data(), n, hisa.data.arity, hisa.key_len,
                   static_cast<IndexSlot*>(hisa.slots.get()), hisa.slot_count);
    }
    GALIAS_CUDA_CHECK_LAUNCH(stream);
}

// The most tuples one key of `hisa` has (Hisa::longest_run, measured on first use).
inline std::uint64_t longest_run(DeviceContext& ctx, const Hisa& hisa) {
    if (hisa.key_len == 0) return hisa.data.size;  // every outer tuple meets the whole relation
    std::atomic_ref<std::uint64_t> cached(hisa.longest_run);
    if (const std::uint64_t known = cached.load(std::memory_order_relaxed); known != 0) return known;
    if (hisa.slot_count == 0) return 0;
    {
        auto traced = ctx.span("index: longest run", hisa.slot_count * sizeof(IndexSlot));
        ctx.launch(&longest_run_kernel, ctx.shape_for(longest_run_kernel, hisa.slot_count),
                   static_cast<const IndexSlot*>(hisa.slots.get()), hisa.slot_count, ctx.grid_totals());
    }
    GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    ctx.wait("index: longest run");
    const std::uint64_t longest = ctx.published(0);
    cached.store(longest, std::memory_order_relaxed);
    return longest;
}

}  // namespace galias::engine::cuda::indexes
