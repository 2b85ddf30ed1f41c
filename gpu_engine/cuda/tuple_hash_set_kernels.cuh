#pragma once
// The tuple hash set's kernels (hisa/tuple_hash_set.hpp): insert a batch of tuples and
// append those that were new; move a table's keys into a larger one, or into a bitmap.

#include <cooperative_groups.h>

#include <cstdint>

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

// Every key of old_table[0, old_slots) into a zeroed bitmap of rows of `row_bits` bits.
__global__ void tuple_hash_set_to_bitmap_kernel(const std::uint64_t* old_table, std::uint64_t old_slots,
                                                std::uint32_t arity, std::uint32_t* bits, std::uint64_t row_bits) {
    await_preceding_grid();
    for (std::uint64_t i = thread_index(); i < old_slots; i += grid_stride()) {
        const std::uint64_t key = old_table[i];
        if (key == kEmptyKey) continue;
        const Cell first = arity == 2 ? static_cast<Cell>(key >> 32) : static_cast<Cell>(key);
        const Cell second = static_cast<Cell>(key);
        const std::uint64_t bit = tuple_bit(first, second, arity, row_bits);
        atomicOr(bits + (bit >> 5), std::uint32_t{1} << (bit & 31));
    }
}

}  // namespace galias::engine::cuda
