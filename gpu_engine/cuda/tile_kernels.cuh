#pragma once
// Single-launch operators for small relations (docs/ENGINE.md, "CUDA backend"). The jobs
// of a batch are made of many operators on a few hundred tuples each, and on the device
// what such an operator costs is its launches (several kernels for CUB's sort, unique and
// select, each with its own launch), not its bytes. Here one thread block does the whole
// operator in one kernel, in registers and shared memory:
//
//  * tile_sort_difference_kernel: sort, sort_unique, difference, and the fused
//    sort_unique-then-difference of a batch (unique_difference);
//  * tile_index_kernel: a relation's hash index (clear the table, insert one entry per
//    key run).
//
// A tile is kTileThreads threads x kTileItems rows; rows of one or two columns are packed
// into 64-bit keys (column 0 in the high half), whose order is the rows' order.

#include <cstdint>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_scan.cuh>

#include "gpu_engine/cuda/device_atomics.cuh"
#include "gpu_engine/cuda/launch.cuh"
#include "gpu_engine/hisa/tuple_ops.hpp"

namespace galias::engine::cuda {

constexpr unsigned kTileThreads = 256;
constexpr unsigned kTileItems = 8;  // rows per thread of a full tile; at most kTileThreads rows take 1
constexpr std::uint64_t kTileTuples = std::uint64_t{kTileThreads} * kTileItems;

// Row i of a one- or two-column array as a 64-bit key.
__device__ __forceinline__ std::uint64_t tile_key(const Cell* rows, std::uint64_t i, std::uint32_t arity) {
    return arity == 2 ? (std::uint64_t{rows[2 * i]} << 32 | rows[2 * i + 1]) : std::uint64_t{rows[i]};
}

// found[j] = keys[j] is a row of sorted, distinct `b` (nb rows). The searches run in
// lockstep: with the same nb every search takes the same ceil(log2 nb) halvings, so the
// loads of a thread's Items searches are issued together rather than one after another.
// Each step keeps the last position whose row is <= the key in [base, base+len).
template <unsigned Items>
__device__ __forceinline__ void tile_find(const Cell* b, std::uint64_t nb, std::uint32_t arity,
                                          const std::uint64_t (&keys)[Items], bool (&found)[Items]) {
    std::uint64_t base[Items];
#pragma unroll
    for (unsigned j = 0; j < Items; ++j) base[j] = 0;
    for (std::uint64_t len = nb; len > 1;) {
        const std::uint64_t half = len / 2;
#pragma unroll
        for (unsigned j = 0; j < Items; ++j)
            if (tile_key(b, base[j] + half, arity) <= keys[j]) base[j] += half;
        len -= half;
    }
#pragma unroll
    for (unsigned j = 0; j < Items; ++j) found[j] = nb != 0 && tile_key(b, base[j], arity) == keys[j];
}

// One block (kTileThreads threads), n <= kTileThreads * Items rows of arity 1 or 2 in
// `rows`: writes the rows, sorted, to `out` and their number to *count (when count is not
// null), leaving out copies of a row when `unique` and rows of sorted, distinct `b` (nb
// rows, may be 0). With Sort = false the rows must already be sorted. Every row is read
// before any is written, so `out` may be `rows`; it must not overlap `b`.
//
// The sort runs on the bits the rows use: column 1 (if any) takes the bit width of its
// largest value w1, column 0 the bits above it, so keys of node numbers below 2^17 sort in
// 34 bits (9 passes of CUB's 4-bit digits) instead of 64 (16).
template <bool Sort, unsigned Items>
__global__ void __launch_bounds__(kTileThreads)
    tile_sort_difference_kernel(const Cell* rows, std::uint32_t n, std::uint32_t arity, bool unique,
                                const Cell* b, std::uint64_t nb, Cell* out, std::uint64_t* count) {
    await_preceding_grid();
    using Sorter = cub::BlockRadixSort<std::uint64_t, kTileThreads, Items>;
    using Scan = cub::BlockScan<std::uint32_t, kTileThreads>;
    __shared__ union {
        typename Sorter::TempStorage sort;
        typename Scan::TempStorage scan;
    } temp;
    __shared__ std::uint64_t s_last[kTileThreads];  // each thread's last key, for the next thread
    __shared__ Cell s_max[2];                       // largest value of each column
    const unsigned t = threadIdx.x;
    std::uint64_t keys[Items];
    if constexpr (Sort) {
        if (t < 2) s_max[t] = 0;
        __syncthreads();
        // Any arrangement sorts the same: load striped (coalesced).
        Cell c0[Items], c1[Items];
        Cell max0 = 0, max1 = 0;
#pragma unroll
        for (unsigned j = 0; j < Items; ++j) {
            const std::uint32_t i = j * kTileThreads + t;
            c0[j] = 0;
            c1[j] = 0;
            if (i < n) {
                c0[j] = arity == 2 ? rows[2 * i] : rows[i];
                if (arity == 2) c1[j] = rows[2 * i + 1];
            }
            max0 = max(max0, c0[j]);
            max1 = max(max1, c1[j]);
        }
        if (max0 != 0) atomicMax(&s_max[0], max0);
        if (max1 != 0) atomicMax(&s_max[1], max1);
        __syncthreads();
        const std::uint32_t w1 = 32 - __clz(s_max[1]);  // 0 for arity 1
        const std::uint32_t bits = (32 - __clz(s_max[0])) + w1;
        // Padding is all ones in `bits` bits: it sorts after (or with) every row, and only
        // positions < n are ever output.
        const std::uint64_t pad = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
#pragma unroll
        for (unsigned j = 0; j < Items; ++j)
            keys[j] = j * kTileThreads + t < n ? (std::uint64_t{c0[j]} << w1 | c1[j]) : pad;
        Sorter(temp.sort).Sort(keys, 0,
                               static_cast<int>(bits == 0 ? 1 : bits));  // blocked: position t*Items + j
        const std::uint64_t low = w1 >= 32 ? 0xFFFFFFFFull : (std::uint64_t{1} << w1) - 1;
#pragma unroll
        for (unsigned j = 0; j < Items; ++j)  // back to the rows' 64-bit keys (column 0 high)
            keys[j] = arity == 2 ? ((keys[j] >> w1) << 32 | (keys[j] & low)) : keys[j];
    } else {
#pragma unroll
        for (unsigned j = 0; j < Items; ++j) {
            const std::uint32_t i = t * Items + j;
            keys[j] = i < n ? tile_key(rows, i, arity) : 0;
        }
    }
    s_last[t] = keys[Items - 1];
    __syncthreads();  // s_last is written, and the sort is done with its temporary storage
    bool keep[Items];
#pragma unroll
    for (unsigned j = 0; j < Items; ++j) {
        const std::uint32_t i = t * Items + j;
        const bool first = j == 0 ? (t == 0 || s_last[t - 1] != keys[0]) : keys[j - 1] != keys[j];
        keep[j] = i < n && (first || !unique);
    }
    bool found[Items];
    tile_find<Items>(b, nb, arity, keys, found);
    std::uint32_t flags[Items], offsets[Items];
#pragma unroll
    for (unsigned j = 0; j < Items; ++j) flags[j] = keep[j] && !found[j] ? 1u : 0u;
    std::uint32_t total = 0;
    Scan(temp.scan).ExclusiveSum(flags, offsets, total);
#pragma unroll
    for (unsigned j = 0; j < Items; ++j) {
        if (flags[j] == 0) continue;
        if (arity == 2) {
            out[2 * offsets[j]] = static_cast<Cell>(keys[j] >> 32);
            out[2 * offsets[j] + 1] = static_cast<Cell>(keys[j]);
        } else {
            out[offsets[j]] = static_cast<Cell>(keys[j]);
        }
    }
    if (t == 0 && count != nullptr) *count = total;
}

// One block of Threads threads: the hash index of sorted `data` (n rows, n <= Threads *
// Items) over its first key_len columns in `slots` (capacity entries). Clears the table,
// then inserts one entry {key -> begin, count} per key run, as insert_runs_kernel does.
//
// A run's end is the next run's start. Walking a run to its end with one thread made the
// block wait for its longest run (a relation of one key: 2048 steps by one thread), so the
// run starts are instead numbered by a block-wide scan of the start flags and put in
// shared memory in order; run r is then [start r, start r+1), read in O(1). The block is
// larger than the sort's (1024 threads, two rows each): one block's time is its threads'
// chains of dependent loads and compare-and-swaps, so shorter chains finish sooner.
template <unsigned Threads, unsigned Items>
__global__ void __launch_bounds__(Threads)
    tile_index_kernel(const Cell* data, std::uint32_t n, std::uint32_t arity, std::uint32_t key_len,
                      IndexSlot* slots, std::uint64_t capacity) {
    await_preceding_grid();
    using Scan = cub::BlockScan<std::uint32_t, Threads>;
    __shared__ typename Scan::TempStorage scan;
    __shared__ std::uint32_t s_start[Threads * Items + 1];  // run r starts at row s_start[r]
    const unsigned t = threadIdx.x;
    for (std::uint64_t s = t; s < capacity; s += blockDim.x)
        slots[s] = IndexSlot{kEmptySlot, kEmptySlot, kEmptySlot, kEmptySlot};
    std::uint32_t starts[Items], rank[Items];
#pragma unroll
    for (unsigned j = 0; j < Items; ++j) {  // blocked: the scan numbers rows t*Items + j in order
        const std::uint32_t i = t * Items + j;
        starts[j] = i < n && starts_key_run(data, i, arity, key_len) ? 1u : 0u;
    }
    std::uint32_t runs = 0;
    Scan(scan).ExclusiveSum(starts, rank, runs);
#pragma unroll
    for (unsigned j = 0; j < Items; ++j)
        if (starts[j] != 0) s_start[rank[j]] = t * Items + j;
    if (t == 0) s_start[runs] = n;  // the end of the last run
    __syncthreads();                // the run starts and the cleared table are visible to the whole block
    for (std::uint32_t r = t; r < runs; r += blockDim.x) {
        const std::uint32_t begin = s_start[r];
        insert_key_run(slots, capacity, data + static_cast<std::uint64_t>(begin) * arity, key_len, begin,
                       s_start[r + 1] - begin, IndexSlotCas{});
    }
}

}  // namespace galias::engine::cuda
