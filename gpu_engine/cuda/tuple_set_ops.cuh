#pragma once
// Tuple sets and bitmaps on the device (hisa/tuple_hash_set.hpp): the CUDA tuple hash set
// (a table of packed keys that may become a bitmap of every possible tuple), inserting a
// batch, growing, and listing a bitmap's tuples in order. The kernels are in
// tuple_hash_set_kernels.cuh.

#include <cstdint>
#include <cub/device/device_scan.cuh>

#include "gpu_engine/cuda/device_context.cuh"
#include "gpu_engine/cuda/tuple_hash_set_kernels.cuh"
#include "gpu_engine/hisa/tuple_hash_set.hpp"

namespace galias::engine::cuda {

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
    Buffer bits;                // the bitmap, once the set is one (then no table)
    TupleBitmapShape bitmap;    // its shape
    bool room_ran_out = false;  // an optimistic one-pass join into it did not fit (join_into_set)
};

namespace tuple_sets {

// The bitmap of every tuple of `arity` columns under the value bound; none (words 0)
// without a bound or with bitmaps off.
[[nodiscard]] inline TupleBitmapShape bitmap_shape(const DeviceContext& ctx, std::uint32_t arity) {
    if (!ctx.has_value_bound() || !ctx.policy().bitmaps || arity == 0 || arity > 2) return {};
    return tuple_bitmap_shape(arity, ctx.value_bound());
}

// The bitmap a tuple set could move into: none when it would take more than a quarter of
// the free device memory.
[[nodiscard]] inline TupleBitmapShape bitmap_for_set(const DeviceContext& ctx, std::uint32_t arity) {
    const TupleBitmapShape bitmap = bitmap_shape(ctx, arity);
    return bitmap.bytes() <= ctx.free_memory() / 4 ? bitmap : TupleBitmapShape{};
}

// The bitmap of every possible tuple of `arity` columns where deduplicating `rows` rows
// through it (sort_unique, join_distinct) pays: mostly in L2 (at most
// kSortBitmapMostBytes) and its passes no longer than a radix sort's over the rows (at
// most kSortBitmapBytesPerRow a row); else none (words 0).
[[nodiscard]] inline TupleBitmapShape small_bitmap(const DeviceContext& ctx, std::uint32_t arity,
                                                   std::uint64_t rows) {
    const TupleBitmapShape bitmap = bitmap_shape(ctx, arity);
    const bool pays = bitmap.bytes() <= CudaPolicy::kSortBitmapMostBytes &&
                      bitmap.bytes() <= rows * CudaPolicy::kSortBitmapBytesPerRow;
    return pays ? bitmap : TupleBitmapShape{};
}

// A zeroed bitmap set of shape `bitmap` (words != 0).
inline std::unique_ptr<CudaTupleHashSet> make_bitmap_set(DeviceContext& ctx, const TupleBitmapShape& bitmap) {
    auto set = std::make_unique<CudaTupleHashSet>();
    set->bits = ctx.allocate(bitmap.bytes());
    set->bitmap = bitmap;
    GALIAS_CUDA_TRY(cudaMemsetAsync(set->bits.get(), 0, bitmap.bytes(), ctx.stream()));
    return set;
}

// Writes the tuples of bitmap `bits` (of shape `bitmap`) in order to `out`: the chunks'
// counts, their scan, then each chunk writes its tuples at its offset. With `count` the
// total is read back and returned (one round trip); else 0.
inline std::uint64_t list_bitmap(DeviceContext& ctx, const std::uint32_t* bits,
                                 const TupleBitmapShape& bitmap, std::uint32_t arity, Cell* out, bool count) {
    const cudaStream_t stream = ctx.stream();
    const std::uint64_t words = bitmap.words, row_bits = bitmap.row_bits;
    const std::uint64_t chunks = (words + kListChunkWords - 1) / kListChunkWords;
    Buffer offsets = ctx.allocate((chunks + 1) * sizeof(std::uint64_t));
    auto* d_offsets = static_cast<std::uint64_t*>(offsets.get());
    auto traced = ctx.span("bitmap: list", words * 8ull);
    GALIAS_CUDA_TRY(cudaMemsetAsync(d_offsets + chunks, 0, sizeof(std::uint64_t), stream));
    ctx.note_fixed_launch();
    ctx.launch(&tuple_bitmap_count_kernel, LaunchShape{static_cast<unsigned>(chunks), kListThreads}, bits,
               words, d_offsets);
    std::size_t temp_bytes = 0;
    GALIAS_CUDA_TRY(
        cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, d_offsets, d_offsets, chunks + 1, stream));
    {
        Buffer temp = ctx.allocate(std::max<std::size_t>(temp_bytes, 1));
        GALIAS_CUDA_TRY(
            cub::DeviceScan::ExclusiveSum(temp.get(), temp_bytes, d_offsets, d_offsets, chunks + 1, stream));
    }
    ctx.note_fixed_launch();
    ctx.launch(&tuple_bitmap_list_kernel, LaunchShape{static_cast<unsigned>(chunks), kListThreads}, bits,
               words, static_cast<const std::uint64_t*>(d_offsets), arity, row_bits, out);
    GALIAS_CUDA_CHECK_LAUNCH(stream);
    if (!count) return 0;
    ctx.stage(d_offsets + chunks, sizeof(std::uint64_t));
    ctx.wait("bitmap: count");
    return ctx.staged<std::uint64_t>();
}

// Makes `s` ready for `incoming` more keys of `arity` columns (its flag word made, its
// table large enough for all of them to be new, rehashed on this stream when it grows, or
// moved into a bitmap once that is the smaller: tuple_set_becomes_bitmap); returns the
// table it replaced, which the caller keeps until its wait.
inline Buffer make_room(DeviceContext& ctx, CudaTupleHashSet& s, std::uint64_t incoming,
                        std::uint32_t arity) {
    const cudaStream_t stream = ctx.stream();
    if (s.bits.get() != nullptr) return Buffer();  // a bitmap holds every possible tuple
    if (s.flag.get() == nullptr) {
        s.flag = ctx.allocate(sizeof(std::uint64_t));
        GALIAS_CUDA_TRY(cudaMemsetAsync(s.flag.get(), 0, sizeof(std::uint64_t), stream));
    }
    const std::uint64_t wanted = tuple_hash_set_slots(s.held, incoming);
    if (s.slots >= wanted) return Buffer();
    Buffer old_table = std::move(s.table);
    const std::uint64_t old_slots = s.slots;
    if (const TupleBitmapShape bitmap = bitmap_for_set(ctx, arity);
        tuple_set_becomes_bitmap(wanted, bitmap)) {
        s.bits = ctx.allocate(bitmap.bytes());
        s.bitmap = bitmap;
        s.slots = 0;
        GALIAS_CUDA_TRY(cudaMemsetAsync(s.bits.get(), 0, bitmap.bytes(), stream));
        if (s.held != 0) {
            const LaunchShape shape = ctx.hash_set_shape(&tuple_bitmap_set_kernel<KeyBits>, old_slots);
            auto traced = ctx.span("hash set: into a bitmap", old_slots * 8ull + s.held * 4ull);
            ctx.launch(&tuple_bitmap_set_kernel<KeyBits>, shape, old_slots,
                       KeyBits{static_cast<const std::uint64_t*>(old_table.get()), arity, bitmap.row_bits},
                       static_cast<std::uint32_t*>(s.bits.get()));
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream);
        return old_table;
    }
    s.table = ctx.allocate(wanted * sizeof(std::uint64_t));
    s.slots = wanted;
    GALIAS_CUDA_TRY(cudaMemsetAsync(s.table.get(), 0xFF, wanted * sizeof(std::uint64_t), stream));
    if (s.held != 0) {
        const LaunchShape shape = ctx.hash_set_shape(&tuple_hash_set_rehash_kernel, old_slots);
        auto traced = ctx.span("hash set: grow", old_slots * 8ull + s.held * 8ull);
        ctx.launch(&tuple_hash_set_rehash_kernel, shape, static_cast<const std::uint64_t*>(old_table.get()),
                   old_slots, static_cast<std::uint64_t*>(s.table.get()), s.slots - 1);
    }
    GALIAS_CUDA_CHECK_LAUNCH(stream);
    return old_table;
}

// TupleSets::holds: tuples must pack into one 64-bit key.
inline bool holds(std::uint32_t arity) {
    return arity == 1 || arity == 2;
}

// TupleSets::make_tuple_hash_set.
inline std::unique_ptr<TupleHashSet> make_tuple_hash_set(std::uint32_t arity) {
    if (!holds(arity)) return nullptr;
    return std::make_unique<CudaTupleHashSet>();
}

// TupleSets::insert_new.
inline void insert_new(DeviceContext& ctx, TupleHashSet& set, const TupleArray& tuples, TupleArray& out) {
    auto& s = static_cast<CudaTupleHashSet&>(set);
    const std::uint32_t arity = tuples.arity;
    out = ctx.make_array(arity, tuples.size);
    if (tuples.size == 0) return;
    const Buffer old_table =
        make_room(ctx, s, tuples.size, arity);  // read by the rehash: kept until the wait
    {
        const LaunchShape shape = ctx.hash_set_shape(&tuple_hash_set_insert_kernel, tuples.size);
        auto traced = ctx.span("hash set: insert", tuples.size * (arity * 8ull + 8ull));
        ctx.launch(&tuple_hash_set_insert_kernel, shape, tuples.data(), tuples.size, arity, s.ref(),
                   out.data(), ctx.grid_totals());
    }
    GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    ctx.wait("hash set: inserted");
    out.size = ctx.published(0);
    s.held += out.size;
}

// TupleSets::list_sorted: a bitmap set's tuples in order (list_bitmap). No read-back: the
// set knows how many it holds.
inline void list_sorted(DeviceContext& ctx, const TupleHashSet& set, std::uint32_t arity, TupleArray& out) {
    const auto& s = static_cast<const CudaTupleHashSet&>(set);
    out = ctx.make_array(arity, s.held);
    out.size = s.held;
    if (s.held != 0)
        list_bitmap(ctx, static_cast<const std::uint32_t*>(s.bits.get()), s.bitmap, arity, out.data(), false);
}

}  // namespace tuple_sets

}  // namespace galias::engine::cuda
