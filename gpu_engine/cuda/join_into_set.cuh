#pragma once
// A join's last step straight into a bitmap tuple set, in one pass (docs/ENGINE.md, "One
// pass into a bitmap"). The two-pass join counts every outer tuple's matches (a probe of
// the inner index), scans the counts with CUB, reads the total back, and only then emits
// — probing again. With eight graph analyses on the GPU those counts and scans were a
// fifth of the kernels' time, and the read-back a dependent step per join
// (docs/SCHEDULING.md, "What limits the speed-up"). A bitmap set needs neither: it never
// grows, so nothing must be sized before the insert, and the tuples it did not hold are
// appended at atomic positions into room the host bounds by |outer| x the inner's longest
// key run.
//
// Where that bound is far too large to reserve (a graph's hubs make it overestimate
// twenty to sixty times), the host reserves less room and the kernel runs optimistically:
// a thread whose position falls past the room takes its tuple out of the set again
// (withdraw_tuple_on_device), so that the set holds exactly the tuples written, and the
// appended count it publishes exceeds the room — the host then lets the two passes derive
// what is missing.
//
// Each block takes chunks of blockDim.x * Items outer tuples: every thread probes its
// tuples, a block-wide scan turns the matches into offsets in shared memory, and then the
// block's threads share the chunk's outputs evenly (as the balanced emit does across the
// grid), so a hub's matches are spread over the block instead of left to one thread.
//
// A warp stages the new tuples it finds in shared memory and appends them a few hundred
// at a time: the appended count is one counter for the whole grid, and waiting for an
// atomic on it at every warp step was the kernel's largest stall (29 % of the warp stall
// samples of REACH's largest join on an H200; docs/ENGINE.md, "One pass into a bitmap").

#include <cstdint>

#include "gpu_engine/cuda/device_atomics.cuh"
#include "gpu_engine/cuda/kernels.cuh"

namespace galias::engine::cuda {

constexpr unsigned kJoinIntoSetThreads = 256;  // the most threads a block may have
constexpr unsigned kJoinIntoSetItems = 4;      // outer tuples a thread probes per chunk
constexpr unsigned kJoinIntoSetChunk = kJoinIntoSetThreads * kJoinIntoSetItems;
constexpr unsigned kJoinIntoSetStaged = 256;  // new tuples a warp stages before it appends them

// Block-wide exclusive sum of one value per thread, for any block of whole warps up to
// kJoinIntoSetThreads threads; `total` gets the sum. The model may choose a smaller block
// than the largest, so no fixed-size cub::BlockScan.
__device__ __forceinline__ std::uint32_t block_exclusive_sum(std::uint32_t value, std::uint32_t& total) {
    __shared__ std::uint32_t s_warp_sums[kJoinIntoSetThreads / 32];
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    std::uint32_t inclusive = value;
    for (unsigned offset = 1; offset < 32; offset *= 2) {
        const std::uint32_t below = __shfl_up_sync(0xFFFFFFFFu, inclusive, offset);
        if (lane >= offset) inclusive += below;
    }
    if (lane == 31) s_warp_sums[warp] = inclusive;
    __syncthreads();
    std::uint32_t before = 0;
    total = 0;
    for (unsigned w = 0; w < warps; ++w) {
        if (w < warp) before += s_warp_sums[w];
        total += s_warp_sums[w];
    }
    __syncthreads();  // the sums are read before the next call overwrites them
    return before + inclusive - value;
}

// Appends the `staged` tuples of a warp's stage (first and second columns) at positions
// taken with one atomic on `appended`; those past the room are withdrawn from the set
// instead. Every lane of the warp calls it; `staged` is zero afterwards.
__device__ __forceinline__ void append_staged(const Cell* stage_first, const Cell* stage_second,
                                              unsigned& staged, std::uint32_t arity, const TupleSetRef& set,
                                              Cell* out, std::uint64_t room, unsigned long long* appended) {
    __syncwarp();  // the stage is written
    const unsigned lane = threadIdx.x % 32;
    unsigned long long base = 0;
    if (lane == 0) base = atomicAdd(appended, static_cast<unsigned long long>(staged));
    base = __shfl_sync(0xFFFFFFFFu, base, 0);
    for (unsigned i = lane; i < staged; i += 32) {
        const unsigned long long position = base + i;
        if (position >= room) {
            withdraw_tuple_on_device(set, stage_first[i], stage_second[i], arity);
            continue;
        }
        out[position * arity] = stage_first[i];
        if (arity == 2) out[position * arity + 1] = stage_second[i];
    }
    __syncwarp();  // ... and read before it is refilled
    staged = 0;
}

// Output columns come from the spec's operands (OutputColumn); one or two of them. The
// set is a bitmap (TupleSetRef::bits); `out` has room for `room` tuples. Totals: 0 the
// tuples the set did not hold (those past the room withdrawn again), 1 the tuples derived;
// both reach the host through publish_totals.
__global__ void __launch_bounds__(kJoinIntoSetThreads, 5)
    join_into_set_kernel(const JoinSpec spec, const HisaRef inner, const Cell* outer, std::uint64_t n,
                         const TupleSetRef set, Cell* out, std::uint64_t room, const GridTotals totals) {
    await_preceding_grid();
    __shared__ std::uint32_t s_offsets[kJoinIntoSetChunk + 1];  // a chunk's output offsets, then its total
    __shared__ std::uint32_t s_begins[kJoinIntoSetChunk];       // each outer tuple's inner range start
    __shared__ Cell s_stage_first[kJoinIntoSetThreads / 32][kJoinIntoSetStaged];   // a warp's new tuples
    __shared__ Cell s_stage_second[kJoinIntoSetThreads / 32][kJoinIntoSetStaged];  // (their second columns)
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    unsigned staged = 0;  // the same in every lane of a warp
    const JoinSpec& s = shared_spec(spec);
    const auto append = [&] {  // the warp's stage, out (every lane calls it)
        append_staged(s_stage_first[warp], s_stage_second[warp], staged, s.out_arity, set, out, room,
                      &totals.counters[0]);
    };
    const OutputColumn columns[2] = {OutputColumn(s.out[0]),
                                     OutputColumn(s.out_arity == 2 ? s.out[1] : Operand{})};
    const std::uint32_t chunk = blockDim.x * kJoinIntoSetItems;
    unsigned long long derived = 0;
    for (std::uint64_t first = static_cast<std::uint64_t>(blockIdx.x) * chunk; first < n;
         first += static_cast<std::uint64_t>(gridDim.x) * chunk) {
        // Probe: thread t takes the chunk's tuples t * Items .. t * Items + Items - 1, so
        // that one scan of the threads' sums orders the offsets by tuple.
        std::uint32_t counts[kJoinIntoSetItems];
        std::uint32_t sum = 0;
#pragma unroll
        for (unsigned j = 0; j < kJoinIntoSetItems; ++j) {
            const std::uint32_t r = threadIdx.x * kJoinIntoSetItems + j;
            Range range{};
            if (first + r < n) range = probe(s, inner, outer + (first + r) * s.outer_arity);
            counts[j] = static_cast<std::uint32_t>(range.count);
            s_begins[r] = static_cast<std::uint32_t>(range.begin);
            sum += counts[j];
        }
        std::uint32_t total = 0;
        std::uint32_t offset = block_exclusive_sum(sum, total);
#pragma unroll
        for (unsigned j = 0; j < kJoinIntoSetItems; ++j) {
            s_offsets[threadIdx.x * kJoinIntoSetItems + j] = offset;
            offset += counts[j];
        }
        if (threadIdx.x == 0) s_offsets[chunk] = total;
        __syncthreads();
        // Emit: output k of the chunk comes from the last tuple whose offset is <= k (tuples
        // without matches share their successor's offset and are passed over).
        // A warp steps through its outputs together (the stage is the warp's).
        std::uint32_t r = 0;  // a thread's outputs come in order: each search starts at the last source
        for (std::uint32_t step = threadIdx.x - lane; step < total; step += blockDim.x) {
            const std::uint32_t k = step + lane;
            bool added = false;
            Cell first_value = 0, second_value = 0;
            if (k < total) {
                r = bisect_source<std::uint32_t>(s_offsets, r, chunk, k);
                const Cell* outer_row = outer + (first + r) * s.outer_arity;
                const Cell* inner_row = inner.row(s_begins[r] + (k - s_offsets[r]));
                first_value = columns[0].value(outer_row, inner_row);
                second_value = columns[1].value(outer_row, inner_row);
                added = insert_tuple_on_device(set, first_value, second_value, s.out_arity);
            }
            const unsigned added_lanes = __ballot_sync(0xFFFFFFFFu, added);
            if (added) {
                const unsigned at = staged + __popc(added_lanes & ((1u << lane) - 1));
                s_stage_first[warp][at] = first_value;
                s_stage_second[warp][at] = second_value;
            }
            staged += __popc(added_lanes);
            if (staged > kJoinIntoSetStaged - 32) append();
        }
        derived += total;
        __syncthreads();  // the chunk's offsets and begins are refilled by the next one
    }
    if (staged != 0) append();
    if (threadIdx.x == 0 && derived != 0) atomicAdd(&totals.counters[1], derived);
    publish_totals(totals);
}

// The most tuples one key of an index has (its slots' largest count), to the host
// (publish_totals, total 0).
__global__ void longest_run_kernel(const IndexSlot* slots, std::uint64_t capacity, const GridTotals totals) {
    await_preceding_grid();
    unsigned longest = 0;
    for (std::uint64_t i = thread_index(); i < capacity; i += grid_stride())
        if (slots[i].begin != kEmptySlot) longest = max(longest, slots[i].count);
    longest = __reduce_max_sync(0xFFFFFFFFu, longest);
    if (threadIdx.x % 32 == 0 && longest != 0)
        atomicMax(&totals.counters[0], static_cast<unsigned long long>(longest));
    publish_totals(totals);
}

}  // namespace galias::engine::cuda
