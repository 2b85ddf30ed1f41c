#pragma once
// Sorting and deduplicating rows on the device: one launch for a tile (tile_kernels.cuh),
// a counting sort through a bitmap, CUB's radix sort of rows packed into 32- or 64-bit
// keys, or Thrust's comparison merge sort for rows wider than 64 bits. The packed-key
// steps are shared with the fused unique_difference (set_ops.cuh).

#include <thrust/sort.h>
#include <thrust/unique.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>

#include "gpu_engine/cuda/device_context.cuh"
#include "gpu_engine/cuda/kernels.cuh"
#include "gpu_engine/cuda/tile_kernels.cuh"
#include "gpu_engine/cuda/tuple_set_ops.cuh"
#include "gpu_engine/hisa/rows.hpp"

namespace galias::engine::cuda::sorting {

// tile_sort_difference_kernel<Sort, ...> over `rows` (fits_tile) minus `b` into `out`
// (capacity rows.size; may be rows.data()); returns the number of rows written. That
// number is known without a round trip for a plain sort; otherwise the kernel writes it
// straight into the pinned staging memory (mapped: unified addressing), and the one
// synchronization reads it.
template <bool Sort>
std::uint64_t tile_operator(DeviceContext& ctx, const TupleArray& rows, bool unique, const TupleArray& b,
                            Cell* out, const char* name) {
    const std::uint64_t n = rows.size;
    const bool known = !unique && b.size == 0;
    auto* d_count = known ? nullptr : static_cast<std::uint64_t*>(ctx.staging());
    ctx.note_fixed_launch();
    {
        auto traced = ctx.span(name, n * rows.arity * 8ull);
        // One row per thread when that is enough: a sort pass then costs an eighth.
        auto* kernel = n <= kTileThreads ? &tile_sort_difference_kernel<Sort, 1>
                                         : &tile_sort_difference_kernel<Sort, kTileItems>;
        ctx.launch(kernel, LaunchShape{1, kTileThreads}, rows.data(), static_cast<std::uint32_t>(n),
                   rows.arity, unique, b.data(), b.size, out, d_count);
    }
    GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    if (known) return n;
    ctx.wait(name);
    return ctx.staged<std::uint64_t>();
}

// A key of `arity` columns of `bits` bits each, the first column most significant.
inline PackLayout column_layout(std::uint32_t arity, std::uint32_t bits) {
    PackLayout layout{};
    layout.arity = arity;
    for (std::uint32_t c = 0; c < arity; ++c) layout.shift[c] = bits * (arity - 1 - c);
    return layout;
}

// Calls body.template operator()<Key>() with the narrowest key type that holds
// total_bits: 32-bit keys halve the bytes every radix pass moves.
template <class Body>
void with_key_width(std::uint32_t total_bits, Body&& body) {
    if (total_bits <= 32)
        body.template operator()<std::uint32_t>();
    else
        body.template operator()<std::uint64_t>();
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
inline constexpr SortStepNames kSortSteps{"sort: pack", "sort: radix", "sort: unique"};
inline constexpr SortStepNames kUniqueDifferenceSteps{"unique-difference: pack", "unique-difference: radix",
                                                      "unique-difference: unique"};

template <class Key>
SortedKeys<Key> sort_packed_keys(DeviceContext& ctx, TupleArray& tuples, const PackLayout& layout,
                                 std::uint32_t total_bits, std::uint64_t* distinct_count,
                                 const SortStepNames& names) {
    const cudaStream_t stream = ctx.stream();
    const std::uint64_t n = tuples.size;
    const std::uint32_t arity = tuples.arity;
    SortedKeys<Key> result;
    result.keys = ctx.allocate(n * sizeof(Key));
    auto* d_keys = static_cast<Key*>(result.keys.get());
    Key* d_alt = reinterpret_cast<Key*>(tuples.data());
    if (tuples.buffer.bytes() < n * sizeof(Key)) {
        result.alternate = ctx.allocate(n * sizeof(Key));
        d_alt = static_cast<Key*>(result.alternate.get());
    }
    {
        const LaunchShape shape = ctx.shape_for(pack_kernel<Key>, n);
        auto traced = ctx.span(names.pack, n * (arity * 4ull + sizeof(Key)));
        ctx.launch(&pack_kernel<Key>, shape, layout, tuples.data(), n, d_keys);
    }
    GALIAS_CUDA_CHECK_LAUNCH(stream);
    cub::DoubleBuffer<Key> buffers(d_keys, d_alt);
    const int end_bit = std::max<int>(1, static_cast<int>(total_bits));
    std::size_t temp_bytes = 0;
    GALIAS_CUDA_TRY(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, buffers, n, 0, end_bit, stream));
    {
        Buffer temp = ctx.allocate(std::max<std::size_t>(temp_bytes, 1));
        auto traced = ctx.span(names.radix, n * 2ull * sizeof(Key) * ((end_bit + 7) / 8));
        GALIAS_CUDA_TRY(
            cub::DeviceRadixSort::SortKeys(temp.get(), temp_bytes, buffers, n, 0, end_bit, stream));
    }
    result.sorted = buffers.Current();
    result.spare = result.sorted == d_keys ? d_alt : d_keys;
    if (distinct_count != nullptr) {
        std::size_t unique_bytes = 0;
        GALIAS_CUDA_TRY(cub::DeviceSelect::Unique(nullptr, unique_bytes, result.sorted, result.spare,
                                                  distinct_count, n, stream));
        Buffer temp = ctx.allocate(std::max<std::size_t>(unique_bytes, 1));
        auto traced = ctx.span(names.unique, n * 2ull * sizeof(Key));
        GALIAS_CUDA_TRY(cub::DeviceSelect::Unique(temp.get(), unique_bytes, result.sorted, result.spare,
                                                  distinct_count, n, stream));
        std::swap(result.sorted, result.spare);
    }
    result.in_rows = result.alternate.get() == nullptr && result.sorted == d_alt;
    return result;
}

template <class Key>
void radix_sort_packed_as(DeviceContext& ctx, TupleArray& tuples, bool unique, const PackLayout& layout,
                          std::uint32_t total_bits) {
    const std::uint32_t arity = tuples.arity;
    // The distinct count goes straight to pinned memory (no copy): only the host reads it.
    auto* h_distinct = unique ? static_cast<std::uint64_t*>(ctx.staging()) : nullptr;
    SortedKeys<Key> keys = sort_packed_keys<Key>(ctx, tuples, layout, total_bits, h_distinct, kSortSteps);
    std::uint64_t count = tuples.size;
    if (unique) {
        ctx.wait("sort: unique count");
        count = ctx.staged<decltype(count)>();
    }
    // Unpack. Keys that ended up in the rows' own buffer are unpacked in place when a
    // row is exactly one key wide (each thread reads its key, then writes its row);
    // otherwise into a fresh buffer.
    const bool in_place = !keys.in_rows || arity * sizeof(Cell) == sizeof(Key);
    TupleArray result = in_place ? TupleArray(arity) : ctx.make_array(arity, count);
    Cell* destination = result.buffer.get() != nullptr ? result.data() : tuples.data();
    if (count != 0) {
        const LaunchShape unpack_shape = ctx.shape_for(unpack_kernel<Key>, count);
        {
            auto traced = ctx.span("sort: unpack", count * (arity * 4ull + sizeof(Key)));
            ctx.launch(&unpack_kernel<Key>, unpack_shape, layout, keys.sorted, count, destination, nullptr);
        }
        GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    }
    if (result.buffer.get() != nullptr) {
        result.size = count;
        tuples = std::move(result);
    } else {
        tuples.size = count;
    }
}

// Sorts rows packed into keys by `layout` (total_bits significant bits).
inline void radix_sort_packed(DeviceContext& ctx, TupleArray& tuples, bool unique, const PackLayout& layout,
                              std::uint32_t total_bits) {
    with_key_width(total_bits,
                   [&]<class Key>() { radix_sort_packed_as<Key>(ctx, tuples, unique, layout, total_bits); });
}

// Rows wider than 64 bits: Thrust's merge sort, then its unique.
inline void comparison_sort(DeviceContext& ctx, TupleArray& tuples, bool unique) {
    dispatch_arity(tuples.arity, [&](auto arity) {
        constexpr std::uint32_t A = decltype(arity)::value;
        Row<A>* rows = as_rows<A>(tuples.data());
        {
            auto traced = ctx.span("sort: comparison", tuples.size * A * 8ull);
            thrust::sort(ctx.thrust_policy(), rows, rows + tuples.size, RowLess<A>{});
        }
        if (unique) {
            auto* end = thrust::unique(ctx.thrust_policy(), rows, rows + tuples.size, RowEqual<A>{});
            tuples.size = static_cast<std::uint64_t>(end - rows);
        }
    });
}

// sort_unique as a counting sort: every row sets its bit in a zeroed bitmap, which then
// lists the distinct rows in order into the rows' own buffer (one read-back, the count).
inline void bitmap_sort_unique(DeviceContext& ctx, TupleArray& tuples, const TupleBitmapShape& bitmap) {
    Buffer buffer = ctx.allocate(bitmap.bytes());
    auto* d_bits = static_cast<std::uint32_t*>(buffer.get());
    GALIAS_CUDA_TRY(cudaMemsetAsync(d_bits, 0, bitmap.bytes(), ctx.stream()));
    {
        const LaunchShape shape = ctx.shape_for(&tuple_bitmap_set_kernel<RowBits>, tuples.size);
        auto traced = ctx.span("sort unique (bitmap): set bits", tuples.size * tuples.arity * 4ull);
        ctx.launch(&tuple_bitmap_set_kernel<RowBits>, shape, tuples.size,
                   RowBits{tuples.data(), tuples.arity, bitmap.row_bits}, d_bits);
    }
    tuples.size = tuple_sets::list_bitmap(ctx, d_bits, bitmap, tuples.arity, tuples.data(), true);
}

// Backend::sort and sort_unique. Rows whose columns' bit widths sum to at most 64 are
// packed into 64-bit keys and radix-sorted on exactly those bits; wider rows fall back to
// a comparison merge sort.
inline void sort(DeviceContext& ctx, TupleArray& tuples, bool unique) {
    const std::uint64_t n = tuples.size;
    if (n < 2) return;
    const std::uint32_t arity = tuples.arity;
    if (ctx.fits_tile(tuples)) {  // one launch, in place; the size is read back only after unique
        tuples.size = tile_operator<true>(ctx, tuples, unique, TupleArray(arity), tuples.data(),
                                          unique ? "sort unique (tile)" : "sort (tile)");
        return;
    }
    if (const TupleBitmapShape bitmap =
            unique ? tuple_sets::small_bitmap(ctx, tuples.arity, tuples.size) : TupleBitmapShape{};
        bitmap.words != 0) {
        bitmap_sort_unique(ctx, tuples, bitmap);
        return;
    }
    // With the executor's bound on every value, columns are packed to its width: no
    // column ranges to measure and read back, and fewer radix passes than 32 bits a column.
    if (const std::uint32_t bits = ctx.bound_bits(arity); bits != 0) {
        radix_sort_packed(ctx, tuples, unique, column_layout(arity, bits), arity * bits);
        return;
    }
    // Small arrays of at most two columns skip the column ranges: a round trip to the
    // host costs more than radix-sorting all 64 bits of so few keys.
    if (n <= CudaPolicy::kSmallSortTuples && arity <= 2) {
        radix_sort_packed(ctx, tuples, unique, column_layout(arity, 32), 32 * arity);
        return;
    }
    const cudaStream_t stream = ctx.stream();
    Buffer ranges = ctx.allocate(2 * kMaxArity * sizeof(Cell));
    auto* d_min = static_cast<Cell*>(ranges.get());
    auto* d_max = d_min + kMaxArity;
    GALIAS_CUDA_TRY(cudaMemsetAsync(d_min, 0xFF, kMaxArity * sizeof(Cell), stream));
    GALIAS_CUDA_TRY(cudaMemsetAsync(d_max, 0x00, kMaxArity * sizeof(Cell), stream));
    const LaunchShape shape = ctx.shape_for(column_range_kernel, n);
    {
        auto traced = ctx.span("sort: column ranges", n * arity * 4ull);
        ctx.launch(&column_range_kernel, shape, tuples.data(), n, arity, d_min, d_max);
    }
    GALIAS_CUDA_CHECK_LAUNCH(stream);
    Cell host_ranges[2 * kMaxArity];
    static_assert(sizeof host_ranges <= kStagingBytes);
    ctx.stage(d_min, sizeof host_ranges);
    ctx.wait("sort: column ranges");
    std::memcpy(host_ranges, ctx.staging(), sizeof host_ranges);
    PackLayout layout{};
    layout.arity = arity;
    std::uint32_t total_bits = 0;
    for (std::uint32_t c = arity; c-- > 0;) {
        layout.min[c] = host_ranges[c];
        layout.shift[c] = total_bits;
        total_bits += static_cast<std::uint32_t>(std::bit_width(host_ranges[kMaxArity + c] - host_ranges[c]));
    }
    if (total_bits > 64) {
        comparison_sort(ctx, tuples, unique);
        return;
    }
    radix_sort_packed(ctx, tuples, unique, layout, total_bits);
}

}  // namespace galias::engine::cuda::sorting
