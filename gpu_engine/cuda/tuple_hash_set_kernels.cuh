#pragma once
// The tuple hash set's kernels (hisa/tuple_hash_set.hpp): insert a batch of tuples and
// append those that were new; move a table's keys into a larger one, or into a bitmap;
// list a bitmap's tuples in sorted order.

#include <cooperative_groups.h>

#include <cstdint>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

#include "gpu_engine/cuda/device_atomics.cuh"
#include "gpu_engine/cuda/kernels.cuh"
#include "gpu_engine/hisa/tuple_hash_set.hpp"

namespace galias::engine::cuda {

// Inserts rows[0, n) of `arity` (1 or 2) columns; a row whose key was not in the set is
// appended to `out` (its position taken with one atomic per group of threads that
// append together); the count reaches the host through publish_totals (counter 0).
__global__ void tuple_hash_set_insert_kernel(const Cell* rows, std::uint64_t n, std::uint32_t arity,
                                             const TupleSetRef set, Cell* out, const GridTotals totals) {
    await_preceding_grid();
    unsigned long long* appended = totals.counters;
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride()) {
        const Cell first = rows[i * arity];
        const Cell second = arity == 2 ? rows[i * arity + 1] : 0;
        if (!insert_tuple_on_device(set, first, second, arity)) continue;
        const cooperative_groups::coalesced_group group = cooperative_groups::coalesced_threads();
        unsigned long long position = 0;
        if (group.thread_rank() == 0)
            position = atomicAdd(appended, static_cast<unsigned long long>(group.size()));
        position = group.shfl(position, 0) + group.thread_rank();
        out[position * arity] = first;
        if (arity == 2) out[position * arity + 1] = second;
    }
    publish_totals(totals);
}

// Every key of old_table[0, old_slots) into `table` (larger, empty): keys are distinct,
// so each claims a slot of its own.
__global__ void tuple_hash_set_rehash_kernel(const std::uint64_t* old_table, std::uint64_t old_slots,
                                             std::uint64_t* table, std::uint64_t mask) {
    await_preceding_grid();
    for (std::uint64_t i = thread_index(); i < old_slots; i += grid_stride()) {
        const std::uint64_t key = old_table[i];
        if (key != kEmptyKey) claim_key(table, mask, key, mask + 1, SlotLoad{}, SlotCas{});
    }
}

// The bits tuple_bitmap_set_kernel sets: those of rows[0, n) of `arity` columns, or those
// of the keys in a hash table's slots (kNoTupleBit for an empty one).
struct RowBits {
    const Cell* rows;
    std::uint32_t arity;
    std::uint64_t row_bits;
    __device__ std::uint64_t operator()(std::uint64_t i) const {
        return tuple_bit(rows[i * arity], arity == 2 ? rows[i * arity + 1] : 0, arity, row_bits);
    }
};
struct KeyBits {
    const std::uint64_t* slots;
    std::uint32_t arity;
    std::uint64_t row_bits;
    __device__ std::uint64_t operator()(std::uint64_t i) const {
        return slots[i] == kEmptyKey ? kNoTupleBit : tuple_bit_of_key(slots[i], arity, row_bits);
    }
};

// Sets bit bit_of(i) of a zeroed bitmap for every i < n that has one: a batch's rows (a
// counting sort) or an old table's keys (a set that becomes a bitmap).
template <class BitOf>
__global__ void tuple_bitmap_set_kernel(std::uint64_t n, const BitOf bit_of, std::uint32_t* bits) {
    await_preceding_grid();
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride()) {
        const std::uint64_t bit = bit_of(i);
        if (bit == kNoTupleBit) continue;
        const std::uint32_t mask = std::uint32_t{1} << (bit & 31);
        std::uint32_t* word = bits + (bit >> 5);
        if ((*word & mask) == 0) atomicOr(word, mask);
    }
}

// Listing a bitmap: chunks of kListChunkWords words, a block each, kListWordsPerThread
// consecutive words a thread (so that a block-wide scan of the threads' counts orders
// the tuples).
constexpr unsigned kListThreads = 256;
constexpr unsigned kListWordsPerThread = 16;
constexpr std::uint64_t kListChunkWords = kListThreads * kListWordsPerThread;

// counts[c] = the set bits of chunk c of bits[0, words).
__global__ void __launch_bounds__(kListThreads)
    tuple_bitmap_count_kernel(const std::uint32_t* bits, std::uint64_t words, std::uint64_t* counts) {
    await_preceding_grid();
    using Reduce = cub::BlockReduce<std::uint64_t, kListThreads>;
    __shared__ typename Reduce::TempStorage temp;
    const std::uint64_t base = blockIdx.x * kListChunkWords;
    std::uint64_t count = 0;
    for (std::uint64_t w = base + threadIdx.x; w < base + kListChunkWords && w < words; w += kListThreads)
        count += static_cast<std::uint64_t>(__popc(bits[w]));
    const std::uint64_t total = Reduce(temp).Sum(count);
    if (threadIdx.x == 0) counts[blockIdx.x] = total;
}

// Writes the tuples of chunk c (its bits in order) from tuple offsets[c] of `out`.
__global__ void __launch_bounds__(kListThreads)
    tuple_bitmap_list_kernel(const std::uint32_t* bits, std::uint64_t words, const std::uint64_t* offsets,
                             std::uint32_t arity, std::uint64_t row_bits, Cell* out) {
    await_preceding_grid();
    using Scan = cub::BlockScan<std::uint64_t, kListThreads>;
    __shared__ typename Scan::TempStorage temp;
    // A thread's words at a stride of kListWordsPerThread + 1: no bank conflicts.
    constexpr unsigned kStride = kListWordsPerThread + 1;
    __shared__ std::uint32_t chunk[kListThreads * kStride];
    const std::uint64_t base = blockIdx.x * kListChunkWords;
    for (unsigned k = threadIdx.x; k < kListChunkWords; k += kListThreads)
        chunk[k / kListWordsPerThread * kStride + k % kListWordsPerThread] =
            base + k < words ? bits[base + k] : 0;
    __syncthreads();
    const std::uint32_t* mine = chunk + threadIdx.x * kStride;
    std::uint64_t count = 0;
    for (unsigned k = 0; k < kListWordsPerThread; ++k) count += static_cast<std::uint64_t>(__popc(mine[k]));
    std::uint64_t before = 0;
    Scan(temp).ExclusiveSum(count, before);
    Cell* at = out + (offsets[blockIdx.x] + before) * arity;
    const std::uint64_t first_word = base + std::uint64_t{threadIdx.x} * kListWordsPerThread;
    if (count == 0) return;
    BitmapCursor cursor = bitmap_cursor(first_word * 32, row_bits);
    for (unsigned k = 0; k < kListWordsPerThread; ++k) {
        list_word(mine[k], first_word + k, arity, row_bits, cursor, at);
        at += static_cast<std::uint64_t>(__popc(mine[k])) * arity;
    }
}

}  // namespace galias::engine::cuda
