#pragma once
// The CUDA backend's kernels. Each is a grid-stride loop whose per-element body is the
// shared host/device logic of gpu_engine/hisa/ (join_logic.hpp, tuple_ops.hpp).

#include <cooperative_groups.h>

#include <cstdint>

#include "gpu_engine/cuda/device_atomics.cuh"
#include "gpu_engine/cuda/launch.cuh"
#include "gpu_engine/hisa/duplicate_filter.hpp"
#include "gpu_engine/hisa/join_logic.hpp"
#include "gpu_engine/hisa/tuple_hash_set.hpp"
#include "gpu_engine/hisa/tuple_ops.hpp"

namespace galias::engine::cuda {

__device__ __forceinline__ std::uint64_t thread_index() {
    return static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ std::uint64_t grid_stride() {
    return static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
}

// The join spec is copied once per block into shared memory: every thread reads it, and
// indexing it at run time from the parameter space would spill it to local memory.
__device__ __forceinline__ const JoinSpec& shared_spec(const JoinSpec& spec) {
    __shared__ JoinSpec s_spec;
    if (threadIdx.x == 0) s_spec = spec;
    __syncthreads();
    return s_spec;
}

// Pass 1 for outer tuple begin + i: its number of output tuples. When `begins` is given
// (steps without per-match filters) the start of its inner range goes to begins[i] too, so
// pass 2 can be load-balanced over output tuples instead of outer tuples.
__device__ __forceinline__ std::uint64_t count_outer_tuple(const JoinSpec& s, const HisaRef& inner,
                                                           const Cell* outer, std::uint64_t begin,
                                                           std::uint64_t i, std::uint32_t* begins) {
    const Cell* row = outer + (begin + i) * s.outer_arity;
    if (begins == nullptr) return count_matches(s, inner, row);
    const Range range = probe(s, inner, row);
    begins[i] = static_cast<std::uint32_t>(range.begin);
    return range.count;
}

// Totals of one launch handed to the host without a copy or a memset: the blocks add into
// device counters that are zero between launches; the last block to finish writes them
// into the backend's pinned memory (device-accessible: unified addressing) and zeroes
// them for the next launch on the same stream. A copy and a memset are each a dependent
// step on the stream, and with eight analyses on the GPU each such step waits 13-17 us
// instead of about 1.5 us alone (docs/BENCHMARKS.md, a stream timeline of eight analyses).
constexpr unsigned kGridTotals = 2;
struct GridTotals {
    unsigned long long* counters;  // kGridTotals
    unsigned* finished;            // blocks that have published
    unsigned long long* host;      // kGridTotals, pinned
};

// Block-wide, as every block's last action.
__device__ __forceinline__ void publish_totals(const GridTotals& totals) {
    __syncthreads();  // the block's additions are done
    if (threadIdx.x != 0) return;
    __threadfence();  // ... and visible before it counts as finished
    if (atomicAdd(totals.finished, 1u) != gridDim.x - 1) return;
    __threadfence();
    for (unsigned c = 0; c < kGridTotals; ++c) totals.host[c] = atomicExch(&totals.counters[c], 0ull);
    *totals.finished = 0;
    __threadfence_system();
}

// Adds a thread's value to counter c with one atomic per warp (every thread of the block
// calls it).
__device__ __forceinline__ void add_to_total(const GridTotals& totals, unsigned c, unsigned long long value) {
    for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xFFFFFFFFu, value, offset);
    if (threadIdx.x % 32 == 0 && value != 0) atomicAdd(&totals.counters[c], value);
}

// Pass 1: counts[i] = output tuples of outer tuple begin + i (count_outer_tuple), and
// counts[n] = 0, so that an exclusive scan over n + 1 entries ends with the total; the
// total also goes to the host (publish_totals). Blocks are whole warps.
__global__ void join_count_kernel(const JoinSpec spec, const HisaRef inner, const Cell* outer,
                                  std::uint64_t begin, std::uint64_t n, std::uint64_t* counts,
                                  std::uint32_t* begins, const GridTotals totals) {
    await_preceding_grid();
    const JoinSpec& s = shared_spec(spec);
    if (thread_index() == 0) counts[n] = 0;
    unsigned long long sum = 0;
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride()) {
        counts[i] = count_outer_tuple(s, inner, outer, begin, i, begins);
        sum += counts[i];
    }
    add_to_total(totals, 0, sum);
    publish_totals(totals);
}

// Largest i in [lo, hi) with offsets[i] <= target, given offsets[lo] <= target and
// offsets never decreasing: plain bisection.
template <class Index, class Offset>
__device__ __forceinline__ Index bisect_source(const Offset* offsets, Index lo, Index hi, Offset target) {
    while (hi - lo > 1) {
        const Index mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= target)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

// The same, starting with doubling steps from lo (the answer is usually close to it).
__device__ __forceinline__ std::uint64_t find_source(const std::uint64_t* offsets, std::uint64_t lo,
                                                     std::uint64_t hi, std::uint64_t target) {
    std::uint64_t step = 1;
    std::uint64_t probe_at = lo + 1;
    while (probe_at < hi && offsets[probe_at] <= target) {
        lo = probe_at;
        probe_at = lo + step;
        step *= 2;
    }
    // offsets[lo] <= target < offsets[probe_at] (or probe_at >= hi)
    return bisect_source(offsets, lo, min(probe_at, hi), target);
}

// Pass 2, load-balanced: every thread writes output tuples, whatever the fan-out of the
// outer tuple they come from (a hub node does not leave the rest of a warp idle). Blocks
// take tiles of kBalancedTile outputs; the whole block finds the outer tuples of the
// tile's first and last outputs, stages the offsets between them in shared memory, and
// every thread finds its outputs' sources there (docs/ENGINE.md, "CUDA backend").
//
// Why so: the filtered emit is the largest user of the GPU in the concurrency pool. With
// one thread bisecting the whole slice for each tile's first source while the block
// waits, then every output galloping through global offsets, its warps stalled on global
// loads 60 % of the time (ncu); with the offsets staged, emits are 2x faster on graphs of
// small fan-out and 7 % slower on a graph of large hubs.
constexpr std::uint32_t kBalancedTile = 1024;
// Offsets one tile stages: its sources (at most one per output, plus outer tuples without
// output in between; more of those and the tile searches global memory instead).
constexpr std::uint32_t kStagedOffsets = 2 * kBalancedTile + 1;

// Block-wide: the largest i in [lo, hi) with offsets[i] <= target, given offsets[lo] <=
// target. Every round each thread reads one of blockDim.x evenly spaced offsets and the
// count of those <= target narrows the range blockDim.x-fold (offsets never decrease):
// about log_256 of the range in loads, each done by all threads at once. Every thread of
// the block must call it with the same arguments; all get the same answer.
__device__ __forceinline__ std::uint64_t block_find_source(const std::uint64_t* offsets, std::uint64_t lo,
                                                           std::uint64_t hi, std::uint64_t target) {
    while (hi - lo > 1) {
        const std::uint64_t step = (hi - lo + blockDim.x - 1) / blockDim.x;
        const std::uint64_t at = lo + threadIdx.x * step;
        const int below =
            __syncthreads_count(at < hi && offsets[at] <= target);  // >= 1: offsets[lo] <= target
        const std::uint64_t next_lo = lo + static_cast<std::uint64_t>(below - 1) * step;
        hi = min(hi, next_lo + step);
        lo = next_lo;
    }
    return lo;
}

// Calls write(k, outer_row, inner_row) for output k of the slice, load-balanced as above.
// Each block takes one contiguous run of tiles (consecutive outputs come from consecutive
// outer tuples, which a block-local duplicate filter can exploit); before each tile the
// whole block calls tile_start().
struct NoTileStart {
    __device__ void operator()() const {}
};
template <class Write, class TileStart = NoTileStart>
__device__ __forceinline__ void for_each_balanced_output(const JoinSpec& s, const HisaRef& inner,
                                                         const Cell* outer, std::uint64_t begin,
                                                         std::uint64_t from, std::uint64_t to,
                                                         const std::uint64_t* offsets,
                                                         const std::uint32_t* begins, Write write,
                                                         TileStart tile_start = {}) {
    // A tile's sources, staged: their offsets relative to the first one's (32 bits: cheaper
    // to store and to compare) and the starts of their inner ranges.
    __shared__ std::uint32_t s_offsets[kStagedOffsets];
    __shared__ std::uint32_t s_begins[kStagedOffsets];
    const std::uint64_t base = offsets[from];
    const std::uint64_t total = offsets[to] - base;
    const std::uint64_t tiles = (total + kBalancedTile - 1) / kBalancedTile;
    const std::uint64_t per_block = (tiles + gridDim.x - 1) / gridDim.x;
    const std::uint64_t first_tile = static_cast<std::uint64_t>(blockIdx.x) * per_block;
    const std::uint64_t end_tile = min(tiles, first_tile + per_block);
    for (std::uint64_t t = first_tile; t < end_tile; ++t) {
        tile_start();
        const std::uint64_t tile = t * kBalancedTile;
        const std::uint32_t tile_size =
            static_cast<std::uint32_t>(min(total - tile, std::uint64_t{kBalancedTile}));
        const std::uint64_t first = block_find_source(offsets, from, to, base + tile);
        const std::uint64_t last = block_find_source(offsets, first, to, base + tile + tile_size - 1);
        // Sources first..last and the offset that ends the last one, staged in shared
        // memory when they fit (the same for the whole block), else read where they are.
        const std::uint64_t staged = last - first + 2;
        const std::uint64_t origin = offsets[first];
        if (staged <= kStagedOffsets && offsets[last + 1] - origin <= 0xFFFFFFFFull) {
            for (std::uint32_t r = threadIdx.x; r < staged; r += blockDim.x) {
                s_offsets[r] = static_cast<std::uint32_t>(offsets[first + r] - origin);
                if (r + 1 < staged) s_begins[r] = begins[first + r];
            }
            __syncthreads();
            const Cell* outer_first = outer + (begin + first) * s.outer_arity;
            const std::uint32_t tile_origin = static_cast<std::uint32_t>(base + tile - origin);
            std::uint32_t r = 0;  // a thread's outputs come in order: each search starts at the last source
            for (std::uint32_t k = threadIdx.x; k < tile_size; k += blockDim.x) {
                const std::uint32_t target = tile_origin + k;
                r = bisect_source<std::uint32_t>(s_offsets, r, static_cast<std::uint32_t>(staged - 1),
                                                 target);
                write(tile + k, outer_first + r * s.outer_arity,
                      inner.row(s_begins[r] + (target - s_offsets[r])));
            }
        } else {
            const std::uint64_t* sources = offsets + first;  // index r: source first + r
            for (std::uint64_t k = tile + threadIdx.x; k < tile + tile_size; k += blockDim.x) {
                const std::uint64_t target = base + k;
                const std::uint64_t r = find_source(sources, 0, staged - 1, target);
                const std::uint64_t i = first + r;
                write(k, outer + (begin + i) * s.outer_arity, inner.row(begins[i] + (target - sources[r])));
            }
        }
        __syncthreads();  // the staged sources are refilled by the next tile
    }
}

__global__ void join_emit_balanced_kernel(const JoinSpec spec, const HisaRef inner, const Cell* outer,
                                          std::uint64_t begin, std::uint64_t from, std::uint64_t to,
                                          const std::uint64_t* offsets, const std::uint32_t* begins,
                                          Cell* out) {
    await_preceding_grid();
    const JoinSpec& s = shared_spec(spec);
    for_each_balanced_output(s, inner, outer, begin, from, to, offsets, begins,
                             [&](std::uint64_t k, const Cell* outer_row, const Cell* inner_row) {
                                 write_output(s, outer_row, inner_row, out + k * s.out_arity);
                             });
}

// Whether the outer's first stored column is an output column: the outer is sorted, so
// consecutive outputs then share that value and most copies of a tuple (they all share
// it) come from nearby outer tuples — where a block-local filter finds them.
__host__ __device__ inline bool outputs_grouped(const JoinSpec& s) {
    for (std::uint32_t c = 0; c < s.out_arity; ++c)
        if (s.out[c].kind == OperandKind::Outer && s.out[c].column == 0) return true;
    return false;
}

// A block's duplicate filter in shared memory, in front of the global one: a probe there
// costs a fraction of a probe of the global table (L2 or device memory). Keys are whole,
// so "already here" is exact; the table is emptied between tiles once half full, so it
// holds the recent outputs' keys. On CSPA zlib k=1, 16 % of the derived tuples reach the
// global table (docs/BENCHMARKS.md).
constexpr std::uint32_t kLocalFilterSlots = 2048;

struct LocalFilter {
    std::uint64_t* slots;
    unsigned* held;              // keys admitted since the last clear (at least those stored)
    unsigned long long* passed;  // keys admitted before the last clear

    // Block-wide, before the first tile.
    __device__ __forceinline__ void start() const {
        for (std::uint32_t r = threadIdx.x; r < kLocalFilterSlots; r += blockDim.x) slots[r] = kEmptyKey;
        if (threadIdx.x == 0) *held = 0, *passed = 0;
        __syncthreads();
    }

    // Block-wide, at a tile's start: empties the table if half full.
    __device__ __forceinline__ void tile_start() const {
        const bool clear = *held > kLocalFilterSlots / 2;  // the same for every thread
        __syncthreads();                                   // all have read *held
        if (!clear) return;
        for (std::uint32_t r = threadIdx.x; r < kLocalFilterSlots; r += blockDim.x) slots[r] = kEmptyKey;
        if (threadIdx.x == 0) *passed += *held, *held = 0;
        __syncthreads();
    }

    // Block-wide, after the last tile: adds the keys the block admitted to *total.
    __device__ __forceinline__ void finish(unsigned long long* total) const {
        if (threadIdx.x == 0) atomicAdd(total, *passed + *held);
    }

    // False when an earlier copy of `key` passed this block's filter (and so is kept).
    __device__ __forceinline__ bool admit(std::uint64_t key) const {
        if (!admit_first_copy(slots, kLocalFilterSlots - 1, key, SlotLoad{}, SlotCas{})) return false;
        atomicAdd(held, 1u);
        return true;
    }
};

// One output column's source, read from the spec once per thread: per output, one load
// (or the constant) instead of interpreting the operand.
struct OutputColumn {
    __device__ explicit OutputColumn(const Operand& operand)
        : constant(operand.kind == OperandKind::Constant),
          from_inner(operand.kind == OperandKind::Inner),
          column(operand.column),
          value_if_constant(operand.value) {}
    __device__ Cell value(const Cell* outer_row, const Cell* inner_row) const {
        return constant ? value_if_constant : (from_inner ? inner_row : outer_row)[column];
    }
    bool constant;
    bool from_inner;
    std::uint32_t column;
    Cell value_if_constant;
};

// The same through the duplicate pre-filter (duplicate_filter.hpp), for outputs of one or
// two columns: a tuple is appended (at total 0, counted with one atomic per warp) only if
// the filter admits it, so most copies of a tuple are never written. With Local
// (outputs_grouped) a block-local filter sees each tuple first; total 1 counts the tuples
// it let through to the global one. Both reach the host through publish_totals.
// Without Exact `set` is the pre-filter's table (set.table, set.mask). With Exact it is a
// tuple set (tuple_hash_set.hpp; a hash table or a bitmap): a tuple is appended exactly
// when the set did not hold it, and is inserted.
template <bool Local, bool Exact>
__global__ void join_emit_distinct_kernel(const JoinSpec spec, const HisaRef inner, const Cell* outer,
                                          std::uint64_t begin, std::uint64_t from, std::uint64_t to,
                                          const std::uint64_t* offsets, const std::uint32_t* begins,
                                          const TupleSetRef set, Cell* out, const GridTotals totals) {
    await_preceding_grid();
    unsigned long long* appended = totals.counters;
    const JoinSpec& s = shared_spec(spec);
    __shared__ std::uint64_t s_local[Local ? kLocalFilterSlots : 1];
    __shared__ unsigned s_held;
    __shared__ unsigned long long s_passed;
    const LocalFilter local{s_local, &s_held, &s_passed};
    if (Local) local.start();
    const OutputColumn columns[2] = {OutputColumn(s.out[0]),
                                     OutputColumn(s.out_arity == 2 ? s.out[1] : Operand{})};
    for_each_balanced_output(
        s, inner, outer, begin, from, to, offsets, begins,
        [&](std::uint64_t, const Cell* outer_row, const Cell* inner_row) {
            const Cell row[2] = {columns[0].value(outer_row, inner_row),
                                 columns[1].value(outer_row, inner_row)};
            const std::uint64_t key = pack_key(row[0], row[1], s.out_arity);
            if (Local && !local.admit(key)) return;
            if constexpr (Exact) {
                if (!insert_tuple_on_device(set, row[0], row[1], s.out_arity)) return;
            } else {
                if (!admit_first_copy(set.table, set.mask, key, SlotLoad{}, SlotCas{})) return;
            }
            const cooperative_groups::coalesced_group group = cooperative_groups::coalesced_threads();
            unsigned long long position = 0;
            if (group.thread_rank() == 0)
                position = atomicAdd(appended, static_cast<unsigned long long>(group.size()));
            position = group.shfl(position, 0) + group.thread_rank();
            for (std::uint32_t c = 0; c < s.out_arity; ++c) out[position * s.out_arity + c] = row[c];
        },
        [&] {
            if (Local) local.tile_start();
        });
    if (Local) local.finish(appended + 1);
    publish_totals(totals);
}

// Pass 2 over a slice: outer tuple begin + i (i in [from, to)) writes its output at
// offsets[i] - offsets[from] in `out`.
__global__ void join_emit_kernel(const JoinSpec spec, const HisaRef inner, const Cell* outer,
                                 std::uint64_t begin, std::uint64_t from, std::uint64_t to,
                                 const std::uint64_t* offsets, Cell* out) {
    await_preceding_grid();
    const JoinSpec& s = shared_spec(spec);
    const std::uint64_t base = offsets[from];
    for (std::uint64_t i = from + thread_index(); i < to; i += grid_stride())
        emit_matches(s, inner, outer + (begin + i) * s.outer_arity, out + (offsets[i] - base) * s.out_arity);
}

// The largest stop in (from, n] with offsets[stop] - offsets[from] <= budget (at least
// from + 1). One thread: a binary search on the scanned counts.
__global__ void split_kernel(const std::uint64_t* offsets, std::uint64_t n, std::uint64_t from,
                             std::uint64_t budget, std::uint64_t* stop) {
    await_preceding_grid();
    const std::uint64_t limit = offsets[from] + budget;
    std::uint64_t lo = from + 1, hi = n;  // answer in [from + 1, n]
    if (offsets[lo] > limit) {
        *stop = lo;
        return;
    }
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if (offsets[mid] <= limit)
            lo = mid;
        else
            hi = mid - 1;
    }
    *stop = lo;
}

struct ColumnMap {
    std::uint32_t in_arity;
    std::uint32_t out_arity;
    std::uint32_t columns[kMaxArity];
};

__global__ void permute_kernel(const ColumnMap map, const Cell* in, std::uint64_t n, Cell* out) {
    await_preceding_grid();
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride())
        for (std::uint32_t c = 0; c < map.out_arity; ++c)
            out[i * map.out_arity + c] = in[i * map.in_arity + map.columns[c]];
}

// Per-column minimum and maximum (block-local reduction, then one atomic per block).
__global__ void column_range_kernel(const Cell* rows, std::uint64_t n, std::uint32_t arity, Cell* mins,
                                    Cell* maxs) {
    await_preceding_grid();
    __shared__ Cell s_min[kMaxArity], s_max[kMaxArity];
    if (threadIdx.x < arity) {
        s_min[threadIdx.x] = 0xFFFFFFFFu;
        s_max[threadIdx.x] = 0;
    }
    __syncthreads();
    Cell lo[kMaxArity], hi[kMaxArity];
#pragma unroll
    for (std::uint32_t c = 0; c < kMaxArity; ++c) {
        lo[c] = 0xFFFFFFFFu;
        hi[c] = 0;
    }
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride()) {
#pragma unroll
        for (std::uint32_t c = 0; c < kMaxArity; ++c) {
            if (c < arity) {
                const Cell v = rows[i * arity + c];
                lo[c] = min(lo[c], v);
                hi[c] = max(hi[c], v);
            }
        }
    }
#pragma unroll
    for (std::uint32_t c = 0; c < kMaxArity; ++c) {
        if (c < arity) {
            atomicMin(&s_min[c], lo[c]);
            atomicMax(&s_max[c], hi[c]);
        }
    }
    __syncthreads();
    if (threadIdx.x < arity) {
        atomicMin(&mins[threadIdx.x], s_min[threadIdx.x]);
        atomicMax(&maxs[threadIdx.x], s_max[threadIdx.x]);
    }
}

// A tuple packed into one 64-bit key: column c contributes (value - min[c]) << shift[c].
// Packing preserves lexicographic order when the columns' bit widths sum to at most 64.
struct PackLayout {
    std::uint32_t arity;
    Cell min[kMaxArity];
    std::uint32_t shift[kMaxArity];
};

// Key is std::uint32_t when the layout's bits fit 32 (half the bytes to sort), else
// std::uint64_t.
template <class Key>
__global__ void pack_kernel(const PackLayout layout, const Cell* rows, std::uint64_t n, Key* keys) {
    await_preceding_grid();
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride()) {
        Key key = 0;
        for (std::uint32_t c = 0; c < layout.arity; ++c)
            key |= static_cast<Key>(rows[i * layout.arity + c] - layout.min[c]) << layout.shift[c];
        keys[i] = key;
    }
}

// `count`, when given, is the number of keys on the device (at most n): the host launched
// for the bound n without reading the count back. Rows past the count are zeroed: the
// selection that follows (CUB's DeviceSelect over the bound) reads every row up to n, and
// its flag 0 keeps them out, but a read of memory nobody wrote is still a read of
// indeterminate values (compute-sanitizer's initcheck).
template <class Key>
__global__ void unpack_kernel(const PackLayout layout, const Key* keys, std::uint64_t n, Cell* rows,
                              const std::uint64_t* count) {
    await_preceding_grid();
    const std::uint64_t valid = count != nullptr && *count < n ? *count : n;
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride()) {
        if (i >= valid) {
            for (std::uint32_t c = 0; c < layout.arity; ++c) rows[i * layout.arity + c] = 0;
            continue;
        }
        const std::uint64_t key = keys[i];
        for (std::uint32_t c = 0; c < layout.arity; ++c) {
            const std::uint32_t next_shift = c == 0 ? 64 : layout.shift[c - 1];
            const std::uint32_t width = next_shift - layout.shift[c];
            const std::uint64_t mask = width >= 64 ? ~0ull : ((1ull << width) - 1);
            rows[i * layout.arity + c] = static_cast<Cell>((key >> layout.shift[c]) & mask) + layout.min[c];
        }
    }
}

// flags[i] = 1 when row i of sorted `a` is not in sorted `b` (binary search; used when
// `a` is much smaller than `b`, where a merge-path difference would read all of `b`).
// `a_count`, when given, is a's size on the device (at most na): rows past it get flag 0.
__global__ void absent_flags_kernel(const Cell* a, std::uint64_t na, const Cell* b, std::uint64_t nb,
                                    std::uint32_t arity, std::uint8_t* flags, const std::uint64_t* a_count) {
    await_preceding_grid();
    const std::uint64_t valid = a_count != nullptr && *a_count < na ? *a_count : na;
    for (std::uint64_t i = thread_index(); i < na; i += grid_stride()) {
        if (i >= valid) {
            flags[i] = 0;
            continue;
        }
        const Cell* x = a + i * arity;
        std::uint64_t lo = 0, hi = nb;
        while (lo < hi) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            if (row_less(b + mid * arity, x, arity))
                lo = mid + 1;
            else
                hi = mid;
        }
        flags[i] = (lo < nb && compare_rows(b + lo * arity, x, arity) == 0) ? 0 : 1;
    }
}

// Merged-sequence positions a thread of merge_absent_flags_kernel walks: its merge-path
// search (about log2 of the shorter input in row reads) is paid once per this many steps.
constexpr std::uint64_t kMergeFlagsItems = 32;

// flags[i] = 1 when row i of sorted, distinct `a` is not in sorted, distinct `b`, by a
// merge path: the rows of both in one order (a row of `a` before an equal row of `b`),
// each thread taking kMergeFlagsItems consecutive positions of it. A thread finds where
// its positions start with a binary search along the diagonal, then walks them: a row of
// `a` it meets is in `b` exactly when the next row of `b` (all before it are smaller)
// equals it. Every read is of a row of `a` or `b`: nothing past either end (unlike
// Thrust's set_difference for rows wider than 8 bytes; set_ops.cuh, difference).
__global__ void merge_absent_flags_kernel(const Cell* a, std::uint64_t na, const Cell* b, std::uint64_t nb,
                                          std::uint32_t arity, std::uint8_t* flags) {
    await_preceding_grid();
    const std::uint64_t total = na + nb;
    for (std::uint64_t start = thread_index() * kMergeFlagsItems; start < total;
         start += grid_stride() * kMergeFlagsItems) {
        // i = rows of `a` among the merged order's first `start`: a[mid] is one of them
        // exactly when it is not greater than b[start - 1 - mid].
        std::uint64_t lo = start > nb ? start - nb : 0, hi = min(start, na);
        while (lo < hi) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            if (!row_less(b + (start - 1 - mid) * arity, a + mid * arity, arity))
                lo = mid + 1;
            else
                hi = mid;
        }
        std::uint64_t i = lo, j = start - lo;
        const std::uint64_t end = min(start + kMergeFlagsItems, total);
        for (std::uint64_t k = start; k < end; ++k) {
            const Cell* x = a + i * arity;
            if (i < na && (j >= nb || !row_less(b + j * arity, x, arity))) {  // a[i] comes next
                flags[i] = (j < nb && compare_rows(b + j * arity, x, arity) == 0) ? 0 : 1;
                ++i;
            } else {
                ++j;
            }
        }
    }
}

// The number of key runs of sorted data, to the host (publish_totals): sizes a large
// relation's index.
__global__ void count_runs_kernel(const Cell* data, std::uint64_t n, std::uint32_t arity,
                                  std::uint32_t key_len, const GridTotals totals) {
    await_preceding_grid();
    unsigned long long runs = 0;
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride())
        runs += starts_key_run(data, i, arity, key_len);
    add_to_total(totals, 0, runs);
    publish_totals(totals);
}

// Marks every slot of an index table empty, as a memset to 0xFF would: a kernel, so that
// it and the insert after it follow the kernel before them as programmatic dependents
// (launch.cuh) instead of each waiting for the front end.
__global__ void clear_slots_kernel(IndexSlot* slots, std::uint64_t capacity) {
    await_preceding_grid();
    const IndexSlot empty{kEmptySlot, kEmptySlot, kEmptySlot, kEmptySlot};
    for (std::uint64_t i = thread_index(); i < capacity; i += grid_stride()) slots[i] = empty;
}

// One thread per tuple of sorted data: a tuple that starts a key run inserts {key ->
// begin, count} with atomicCAS, finding the run's end by a doubling search. No list of
// run starts to select first: one launch instead of three.
__global__ void insert_runs_kernel(const Cell* data, std::uint64_t n, std::uint32_t arity,
                                   std::uint32_t key_len, IndexSlot* slots, std::uint64_t capacity) {
    await_preceding_grid();
    for (std::uint64_t i = thread_index(); i < n; i += grid_stride())
        insert_run_starting_at(slots, capacity, data, i, n, arity, key_len, IndexSlotCas{});
}

}  // namespace galias::engine::cuda
