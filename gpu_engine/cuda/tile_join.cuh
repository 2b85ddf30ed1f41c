#pragma once
// A join's counting pass for small outer relations in one launch (docs/ENGINE.md, "CUDA
// backend"). The grid path (cuda_backend.cu, join_count) clears the total, runs
// join_count_kernel, CUB's scan (two kernels) and copies the total to the host: four or
// five launches and copies before the one synchronization that reads the total. The probe
// of the launch-bound jobs in docs/BENCHMARKS.md shows that a round trip's cost is its
// launches, so for at most one tile of outer tuples one block counts, scans and hands the
// total over itself — and, for a join's last step with a small output, writes the output
// too.

#include <cstdint>
#include <cub/block/block_scan.cuh>

#include "gpu_engine/cuda/kernels.cuh"
#include "gpu_engine/cuda/tile_kernels.cuh"

namespace galias::engine::cuda {

// One block (kTileThreads threads), n <= kTileThreads * Items outer tuples begin..begin+n-1:
// offsets[i] = output tuples of outer tuples before i (exclusive scan), offsets[n] = the
// total, and the total also into *total (the backend's pinned staging memory, mapped), so
// that the synchronization after this kernel is the only other step. `begins` as in
// join_count_kernel (inner range starts, for the load-balanced emit), or null.
// With `out`, a total of at most `room` tuples is also emitted there (pass 2 in the same
// launch: load-balanced over the block when `begins` is given, else per outer tuple).
template <unsigned Items>
__global__ void __launch_bounds__(kTileThreads)
    tile_join_count_kernel(const JoinSpec spec, const HisaRef inner, const Cell* outer, std::uint64_t begin,
                           std::uint32_t n, std::uint64_t* offsets, std::uint32_t* begins,
                           std::uint64_t* total, Cell* out, std::uint64_t room) {
    await_preceding_grid();
    using Scan = cub::BlockScan<std::uint64_t, kTileThreads>;
    __shared__ typename Scan::TempStorage scan;
    const JoinSpec& s = shared_spec(spec);
    const unsigned t = threadIdx.x;
    std::uint64_t counts[Items];
#pragma unroll
    for (unsigned j = 0; j < Items; ++j) {  // blocked: the scan runs over tuples t*Items + j in order
        const std::uint32_t i = t * Items + j;
        counts[j] = i < n ? count_outer_tuple(s, inner, outer, begin, i, begins) : 0;
    }
    std::uint64_t sum = 0;
    Scan(scan).ExclusiveSum(counts, counts, sum);
#pragma unroll
    for (unsigned j = 0; j < Items; ++j)
        if (t * Items + j < n) offsets[t * Items + j] = counts[j];
    if (t == 0) {
        offsets[n] = sum;
        *total = sum;
    }
    if (out == nullptr || sum == 0 || sum > room) return;
    if (begins != nullptr) {
        __syncthreads();  // offsets and begins written by the whole block are read below
        for_each_balanced_output(s, inner, outer, begin, 0, n, offsets, begins,
                                 [&](std::uint64_t k, const Cell* outer_row, const Cell* inner_row) {
                                     write_output(s, outer_row, inner_row, out + k * s.out_arity);
                                 });
        return;
    }
#pragma unroll
    for (unsigned j = 0; j < Items; ++j) {
        const std::uint32_t i = t * Items + j;
        if (i < n) emit_matches(s, inner, outer + (begin + i) * s.outer_arity, out + counts[j] * s.out_arity);
    }
}

}  // namespace galias::engine::cuda
