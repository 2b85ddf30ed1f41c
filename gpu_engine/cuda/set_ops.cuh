#pragma once
// Set operations on sorted, distinct rows on the device: difference (a tile, a binary
// search per row, or a merge path), the fused sort_unique-then-difference of a batch
// (unique_difference), and merge (Thrust's merge path).

#include <thrust/merge.h>
#include <thrust/set_operations.h>

#include <cmath>
#include <cstdint>
#include <cub/device/device_select.cuh>

#include "gpu_engine/cuda/device_context.cuh"
#include "gpu_engine/cuda/kernels.cuh"
#include "gpu_engine/cuda/sort_ops.cuh"
#include "gpu_engine/hisa/rows.hpp"

namespace galias::engine::cuda::set_ops {

// out = those of the n rows of `arity` cells at `rows` whose flag is 1 (out's capacity at
// least n); the count is read back (CUB writes it to pinned memory: no copy; one wait).
inline void select_flagged(DeviceContext& ctx, const Cell* rows, std::uint32_t arity, std::uint64_t n,
                           const Buffer& flags, TupleArray& out, const char* site) {
    dispatch_arity(arity, [&](auto width) {
        constexpr std::uint32_t A = decltype(width)::value;
        const Row<A>* x = as_rows<A>(rows);
        Row<A>* w = as_rows<A>(out.data());
        auto* d_flags = static_cast<const std::uint8_t*>(flags.get());
        auto* h_count =
            static_cast<std::uint64_t*>(ctx.staging());  // CUB writes it to pinned memory: no copy
        std::size_t temp_bytes = 0;
        GALIAS_CUDA_TRY(
            cub::DeviceSelect::Flagged(nullptr, temp_bytes, x, d_flags, w, h_count, n, ctx.stream()));
        Buffer temp = ctx.allocate(std::max<std::size_t>(temp_bytes, 1));
        GALIAS_CUDA_TRY(
            cub::DeviceSelect::Flagged(temp.get(), temp_bytes, x, d_flags, w, h_count, n, ctx.stream()));
    });
    ctx.wait(site);
    out.size = ctx.staged<std::uint64_t>();
}

// Backend::difference.
inline void difference(DeviceContext& ctx, const TupleArray& a, const TupleArray& b, TupleArray& out) {
    const DifferenceMode mode = ctx.policy().difference;
    out = ctx.make_array(a.arity, a.size);
    if (a.size == 0) return;
    if (ctx.fits_tile(a) && mode == DifferenceMode::kAuto) {
        out.size =
            sorting::tile_operator<false>(ctx, a, /*unique=*/false, b, out.data(), "difference (tile)");
        return;
    }
    // A merge-path difference reads all of b; late iterations have a tiny `new` and a
    // huge full relation, where a binary search per row of a moves far fewer bytes.
    const double search_cost = static_cast<double>(a.size) * CudaPolicy::kSearchProbeWeight *
                               std::log2(static_cast<double>(b.size) + 2.0);
    bool search = b.size != 0 && search_cost < static_cast<double>(b.size);
    if (mode == DifferenceMode::kSearch) search = b.size != 0;
    if (mode == DifferenceMode::kMerge) search = false;
    if (search) {
        Buffer flags = ctx.allocate(a.size);
        const LaunchShape shape = ctx.shape_for(absent_flags_kernel, a.size);
        {
            auto traced = ctx.span("difference (search)", a.size * a.arity * 4ull * 2);
            ctx.launch(&absent_flags_kernel, shape, a.data(), a.size, b.data(), b.size, a.arity,
                       static_cast<std::uint8_t*>(flags.get()), nullptr);
        }
        GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
        select_flagged(ctx, a.data(), a.arity, a.size, flags, out, "difference (search): size");
        return;
    }
    // Rows of one or two cells: Thrust's merge-path set_difference. Thrust sizes a tile's
    // keys in shared memory with room past the tile, so that each thread's serial merge
    // may read a key past its range instead of checking it (serial_set_difference in
    // thrust/system/cuda/detail/set_operations.h). For rows of 12 bytes or more that
    // storage exceeds the 48 KiB a block may have, and Thrust keeps it in global memory
    // instead ("virtual shared memory"): there those reads are reads of memory no one
    // wrote (compute-sanitizer initcheck, about 100 in the test
    // SortAndUniqueDifferenceUnderAValueBound, none with the search), and every access to
    // the tile goes to device memory. Rows of three cells or more therefore take the
    // backend's own merge path (merge_absent_flags_kernel, which reads only rows of `a`
    // and `b`), then the selection the search takes: one read-back of the count, as
    // Thrust's set_difference has.
    if (a.arity <= 2) {
        dispatch_arity(a.arity, [&](auto arity) {
            constexpr std::uint32_t A = decltype(arity)::value;
            const Row<A>* x = as_rows<A>(a.data());
            const Row<A>* y = as_rows<A>(b.data());
            Row<A>* w = as_rows<A>(out.data());
            auto traced = ctx.span("difference (merge path)", (a.size + b.size + a.size) * A * 4ull);
            Row<A>* end =
                thrust::set_difference(ctx.thrust_policy(), x, x + a.size, y, y + b.size, w, RowLess<A>{});
            out.size = static_cast<std::uint64_t>(end - w);
        });
        return;
    }
    Buffer flags = ctx.allocate(a.size);
    const std::uint64_t walkers = (a.size + b.size + kMergeFlagsItems - 1) / kMergeFlagsItems;
    const LaunchShape shape = ctx.shape_for(merge_absent_flags_kernel, walkers);
    {
        auto traced = ctx.span("difference (merge path)", (a.size + b.size) * a.arity * 4ull + a.size);
        ctx.launch(&merge_absent_flags_kernel, shape, a.data(), a.size, b.data(), b.size, a.arity,
                   static_cast<std::uint8_t*>(flags.get()));
    }
    GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    select_flagged(ctx, a.data(), a.arity, a.size, flags, out, "difference (merge path): size");
}

// Backend::unique_difference, where it is one operator here; false where the caller takes
// the two (Backend::unique_difference: sort_unique, then difference).
//
// Batches of at most one tile (kTileTuples tuples) of one or two columns: one kernel
// (tile_kernels.cuh). Larger small batches of one or two columns are fused: the sorted,
// distinct keys stay on the device with their count; rows are unpacked and searched in
// `b` for the bound n, and only the number of survivors is read back (one round trip
// instead of sort_unique's and difference's two; a batch of 2^18 tuples costs well under
// one round trip to search). Larger or wider batches take the two operators.
inline bool unique_difference(DeviceContext& ctx, TupleArray& fresh, const TupleArray& b, TupleArray& out) {
    const DifferenceMode mode = ctx.policy().difference;
    const std::uint64_t n = fresh.size;
    const std::uint32_t arity = fresh.arity;
    if (ctx.fits_tile(fresh) && mode != DifferenceMode::kMerge) {  // one launch
        out = ctx.make_array(arity, n);
        out.size = sorting::tile_operator<true>(ctx, fresh, /*unique=*/true, b, out.data(),
                                                "unique-difference (tile)");
        return true;
    }
    if (n < 2 || n > CudaPolicy::kSmallSortTuples || arity == 0 || arity > 2 ||
        mode == DifferenceMode::kMerge)
        return false;
    const cudaStream_t stream = ctx.stream();
    const std::uint32_t bound = ctx.bound_bits(arity);
    const std::uint32_t bits = bound != 0 ? bound : 32;  // no bound known: 32 bits a column
    const PackLayout layout = sorting::column_layout(arity, bits);
    const std::uint32_t total_bits = arity * bits;
    Buffer distinct = ctx.allocate(sizeof(std::uint64_t));  // read on the device
    auto* d_distinct = static_cast<std::uint64_t*>(distinct.get());
    TupleArray rows = ctx.make_array(arity, n);
    sorting::with_key_width(total_bits, [&]<class Key>() {
        // fresh's own buffer may serve as the sort's second buffer: it is consumed.
        const sorting::SortedKeys<Key> keys = sorting::sort_packed_keys<Key>(
            ctx, fresh, layout, total_bits, d_distinct, sorting::kUniqueDifferenceSteps);
        const LaunchShape shape = ctx.shape_for(unpack_kernel<Key>, n);
        auto traced = ctx.span("unique-difference: unpack", n * (arity * 4ull + sizeof(Key)));
        ctx.launch(&unpack_kernel<Key>, shape, layout, keys.sorted, n, rows.data(), d_distinct);
    });
    GALIAS_CUDA_CHECK_LAUNCH(stream);
    if (b.size == 0) {  // nothing to subtract: the distinct rows are the result
        ctx.stage(d_distinct, sizeof(std::uint64_t));
        ctx.wait("unique-difference: size");
        rows.size = ctx.staged<std::uint64_t>();
        out = std::move(rows);
        return true;
    }
    Buffer flags = ctx.allocate(n);
    {
        const LaunchShape shape = ctx.shape_for(absent_flags_kernel, n);
        auto traced = ctx.span("unique-difference: search", n * arity * 4ull * 2);
        ctx.launch(&absent_flags_kernel, shape, rows.data(), n, b.data(), b.size, arity,
                   static_cast<std::uint8_t*>(flags.get()), d_distinct);
    }
    GALIAS_CUDA_CHECK_LAUNCH(stream);
    out = ctx.make_array(arity, n);
    // All n rows are selected from: those past the distinct count were zeroed, with flag 0.
    select_flagged(ctx, rows.data(), arity, n, flags, out, "unique-difference: size");
    return true;
}

// Backend::merge: out = a ∪ b for sorted, disjoint, distinct a and b.
inline void merge(DeviceContext& ctx, const TupleArray& a, const TupleArray& b, TupleArray& out) {
    const std::uint64_t total = a.size + b.size;
    if (out.capacity() < total) throw std::logic_error("merge: output buffer too small");
    out.arity = a.arity;
    out.size = total;
    if (total == 0) return;
    dispatch_arity(a.arity, [&](auto arity) {
        constexpr std::uint32_t A = decltype(arity)::value;
        const Row<A>* x = as_rows<A>(a.data());
        const Row<A>* y = as_rows<A>(b.data());
        Row<A>* w = as_rows<A>(out.data());
        auto traced = ctx.span("merge", (a.size + b.size) * A * 8ull);
        thrust::merge(ctx.thrust_policy(), x, x + a.size, y, y + b.size, w, RowLess<A>{});
    });
}

}  // namespace galias::engine::cuda::set_ops
