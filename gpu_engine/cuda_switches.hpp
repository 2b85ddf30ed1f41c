#pragma once
// The CUDA backend's switches (EngineOptions::cuda): a trace, and strategies that can be
// turned off, for comparisons and for tests of the plainer code paths. Plain host C++, no
// CUDA header: the engine's options hold it whether or not the CUDA backend is built. The
// backend takes it when it is created (make_backend) and its lanes share it; the CPU
// backend has none of these strategies, and the switches do not apply to it.
//
// On the command line (tools/galias/engine_switch_options.hpp): --cuda-trace, --cuda-off
// tile|filter|bitmap|one-pass|optimistic|pdl (repeatable), --cuda-difference
// auto|search|merge. Why each is kept: gpu_engine/cuda/policy.hpp.

namespace galias::engine {

struct CudaSwitches {
    // How difference() (and the fused unique_difference) find the rows of `a` absent from
    // `b` (gpu_engine/cuda/set_ops.cuh).
    enum class Difference {
        // The one-block tile kernel for small inputs of one or two columns; else a binary
        // search in `b` per row of `a` where that reads fewer bytes than a merge path, else
        // the merge path. unique_difference also fuses the sort and the difference for small
        // batches.
        kAuto,
        // difference() always searches (no tile); unique_difference as kAuto.
        kSearch,
        // No tile, no search and no fused unique_difference: sort_unique, then the
        // merge-path difference.
        kMerge,
    };

    // --cuda-trace: per-kernel times, bytes and counters on stderr when the backend ends
    // (gpu_engine/cuda/trace.cuh).
    bool trace = false;
    // --cuda-off tile: no single-block operators for small relations (tile_kernels.cuh,
    // tile_join.cuh); they take the multi-kernel paths.
    bool tile_ops = true;
    // --cuda-off filter: no duplicate pre-filter in front of join output
    // (DuplicateFiltering: the backend offers it for no arity).
    bool duplicate_filter = true;
    // --cuda-off bitmap: tuple sets never become bitmaps, and sort_unique never counts
    // through one.
    bool bitmaps = true;
    // --cuda-off one-pass: joins into bitmap sets take the two passes (count, emit) instead
    // of one (join_into_set.cuh), as every other join.
    bool one_pass = true;
    // --cuda-off optimistic: a one-pass join whose bound exceeds its room takes the two
    // passes instead of running optimistically.
    bool optimistic = true;
    // --cuda-off pdl: kernels are launched in plain stream order, not as programmatic
    // dependents of the kernel before them (launch.cuh).
    bool dependent_launches = true;
    // --cuda-difference search|merge.
    Difference difference = Difference::kAuto;

    // The plainest CUDA backend: every strategy above off, merge-path differences (the
    // trace as given). The GPU tests run the operator suite under it.
    [[nodiscard]] static CudaSwitches plain() {
        CudaSwitches switches;
        switches.tile_ops = false;
        switches.duplicate_filter = false;
        switches.bitmaps = false;
        switches.one_pass = false;
        switches.optimistic = false;
        switches.dependent_launches = false;
        switches.difference = Difference::kMerge;
        return switches;
    }

    bool operator==(const CudaSwitches&) const = default;
};

}  // namespace galias::engine
