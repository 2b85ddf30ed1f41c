#pragma once
// Single-launch operators for small relations (issue 6). The jobs of a batch are made of
// many operators on a few hundred tuples each, and on the device what such an operator
// costs is its launches (several kernels for CUB's sort, unique and select, each with its
// own launch), not its bytes. Here one thread block does the whole operator in one
// kernel, in registers and shared memory:
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

#include "gpu_engine/hisa/tuple_ops.hpp"

namespace galias::engine::cuda {

constexpr unsigned kTileThreads = 256;
constexpr unsigned kTileItems = 8;
constexpr std::uint64_t kTileTuples = std::uint64_t{kTileThreads} * kTileItems;

// Row i of a one- or two-column array as a 64-bit key.
__device__ __forceinline__ std::uint64_t tile_key(const Cell* rows, std::uint64_t i, std::uint32_t arity) {
    return arity == 2 ? (std::uint64_t{rows[2 * i]} << 32 | rows[2 * i + 1]) : std::uint64_t{rows[i]};
}

// found[j] = keys[j] is a row of sorted, distinct `b` (nb rows). The searches run in
// lockstep: with the same nb every search takes the same ceil(log2 nb) halvings, so the
// loads of a thread's kTileItems searches are issued together rather than one after
// another. Each step keeps the last position whose row is <= the key in [base, base+len).
__device__ __forceinline__ void tile_find(const Cell* b, std::uint64_t nb, std::uint32_t arity,
                                          const std::uint64_t (&keys)[kTileItems], bool (&found)[kTileItems]) {
    std::uint64_t base[kTileItems];
#pragma unroll
    for (unsigned j = 0; j < kTileItems; ++j) base[j] = 0;
    for (std::uint64_t len = nb; len > 1;) {
        const std::uint64_t half = len / 2;
#pragma unroll
        for (unsigned j = 0; j < kTileItems; ++j)
            if (tile_key(b, base[j] + half, arity) <= keys[j]) base[j] += half;
        len -= half;
    }
#pragma unroll
    for (unsigned j = 0; j < kTileItems; ++j) found[j] = nb != 0 && tile_key(b, base[j], arity) == keys[j];
}

// One block (kTileThreads threads), n <= kTileTuples rows of arity 1 or 2 in `rows`:
// writes the rows, sorted, to `out` and their number to *count (when count is not null),
// leaving out copies of a row when `unique` and rows of sorted, distinct `b` (nb rows, may
// be 0). With Sort = false the rows must already be sorted. Every row is read before any
// is written, so `out` may be `rows`; it must not overlap `b`.
template <bool Sort>
__global__ void __launch_bounds__(kTileThreads)
    tile_sort_difference_kernel(const Cell* rows, std::uint32_t n, std::uint32_t arity, bool unique, const Cell* b,
                                std::uint64_t nb, Cell* out, std::uint64_t* count) {
    using Sorter = cub::BlockRadixSort<std::uint64_t, kTileThreads, kTileItems>;
    using Scan = cub::BlockScan<std::uint32_t, kTileThreads>;
    __shared__ union {
        typename Sorter::TempStorage sort;
        typename Scan::TempStorage scan;
    } temp;
    __shared__ std::uint64_t s_last[kTileThreads];  // each thread's last key, for the next thread
    const unsigned t = threadIdx.x;
    // Padding sorts after every row (and is never output: only positions < n are).
    const std::uint64_t pad = arity == 2 ? ~std::uint64_t{0} : std::uint64_t{0xFFFFFFFFu};
    std::uint64_t keys[kTileItems];
    if constexpr (Sort) {
        // Any arrangement sorts the same: load striped (coalesced).
#pragma unroll
        for (unsigned j = 0; j < kTileItems; ++j) {
            const std::uint32_t i = j * kTileThreads + t;
            keys[j] = i < n ? tile_key(rows, i, arity) : pad;
        }
        Sorter(temp.sort).Sort(keys, 0, static_cast<int>(32 * arity));  // blocked result: position t*kTileItems + j
    } else {
#pragma unroll
        for (unsigned j = 0; j < kTileItems; ++j) {
            const std::uint32_t i = t * kTileItems + j;
            keys[j] = i < n ? tile_key(rows, i, arity) : pad;
        }
    }
    s_last[t] = keys[kTileItems - 1];
    __syncthreads();  // s_last is written, and the sort is done with its temporary storage
    bool keep[kTileItems];
#pragma unroll
    for (unsigned j = 0; j < kTileItems; ++j) {
        const std::uint32_t i = t * kTileItems + j;
        const bool first = j == 0 ? (t == 0 || s_last[t - 1] != keys[0]) : keys[j - 1] != keys[j];
        keep[j] = i < n && (first || !unique);
    }
    bool found[kTileItems];
    tile_find(b, nb, arity, keys, found);
    std::uint32_t flags[kTileItems], offsets[kTileItems];
#pragma unroll
    for (unsigned j = 0; j < kTileItems; ++j) flags[j] = keep[j] && !found[j] ? 1u : 0u;
    std::uint32_t total = 0;
    Scan(temp.scan).ExclusiveSum(flags, offsets, total);
#pragma unroll
    for (unsigned j = 0; j < kTileItems; ++j) {
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

// One block: the hash index of sorted `data` (n rows, n <= kTileTuples) over its first
// key_len columns in `slots` (capacity entries). Clears the table, then the first row of
// each key run inserts {key -> begin, count}, as insert_runs_kernel does.
__global__ void __launch_bounds__(kTileThreads)
    tile_index_kernel(const Cell* data, std::uint32_t n, std::uint32_t arity, std::uint32_t key_len, IndexSlot* slots,
                      std::uint64_t capacity) {
    for (std::uint64_t s = threadIdx.x; s < capacity; s += blockDim.x)
        slots[s] = IndexSlot{kEmptySlot, kEmptySlot, kEmptySlot, kEmptySlot};
    __syncthreads();  // the cleared table is visible to the whole block
    auto cas = [](std::uint32_t* address, std::uint32_t expected, std::uint32_t desired) {
        return atomicCAS(address, expected, desired);
    };
    for (std::uint32_t i = threadIdx.x; i < n; i += blockDim.x) {
        if (!starts_key_run(data, i, arity, key_len)) continue;
        const auto length = static_cast<std::uint32_t>(key_run_length(data, i, n, arity, key_len));
        insert_key_run(slots, capacity, data + static_cast<std::uint64_t>(i) * arity, key_len, i, length, cas);
    }
}

}  // namespace galias::engine::cuda
