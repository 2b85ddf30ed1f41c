#pragma once
// The CUDA backend's policy: its tuning constants, each with the reason for its value, and
// its switches (CudaSwitches, gpu_engine/cuda_switches.hpp), which the engine's options set
// (EngineOptions::cuda) and make_cuda_backend() hands to the backend; its lanes share its
// policy. Plain host C++: no CUDA header needed.
//
// Switches, and why each is kept as an option (the command line's names; docs/CLI.md):
//
//   --cuda-trace             the per-kernel times, bytes and counters that the GPU numbers
//                            of docs/BENCHMARKS.md were read from.
//   --cuda-off tile          the tile path's comparison (docs/ENGINE.md); small inputs on
//                            the multi-kernel paths in the GPU tests.
//   --cuda-off filter        what the duplicate pre-filter saves; the unfiltered emit of
//                            one- and two-column outputs in the GPU tests.
//   --cuda-off bitmap        bitmap sets against hash tables, time and memory
//                            (docs/BENCHMARKS.md); tables under a value bound in the tests.
//   --cuda-off one-pass      the one pass's comparison (docs/ENGINE.md); the two passes into
//                            sets in the GPU tests.
//   --cuda-off optimistic    what the optimistic pass buys on graphs with hubs, against
//                            the two passes where the bound exceeds the room.
//   --cuda-off pdl           programmatic dependent launches against plain stream order
//                            (docs/ENGINE.md); the GPU tests also run without them.
//   --cuda-difference        search | merge: the alternate difference paths, which the
//                            sanitizer runs and the GPU tests cover (docs/FAILURES.md).
//
// The batch's shortest-job-first priority (EngineOptions::batch_priority, --batch-priority
// none) is kept for its comparison in docs/SCHEDULING.md.

#include <cstddef>
#include <cstdint>

#include "gpu_engine/cuda_switches.hpp"

namespace galias::engine::cuda {

// How difference() (and the fused unique_difference) find the rows of `a` absent from `b`
// (CudaSwitches::Difference says each mode).
using DifferenceMode = CudaSwitches::Difference;

// The switches (CudaSwitches, its base) and the tuning constants below.
struct CudaPolicy : CudaSwitches {
    CudaPolicy() = default;
    explicit CudaPolicy(const CudaSwitches& switches) : CudaSwitches(switches) {}

    // ---- Tuning: compile-time values, one reason each ----

    // Streams (lanes) a backend offers with --sched streams|model. Lanes are made on first
    // use, so lanes the executor does not drive cost nothing (no measurement of other
    // counts is recorded).
    static constexpr std::size_t kLanes = 8;

    // Arrays of at most this many tuples (one or two columns, no value bound) are
    // radix-sorted on all 32 bits a column: a round trip to read their column ranges
    // costs more than the extra radix passes.
    static constexpr std::uint64_t kSmallSortTuples = std::uint64_t{1} << 18;

    // Relations of at most this many tuples get an index sized for one key per tuple,
    // without reading the number of keys back (at most 1.3 M slots of 16 bytes at the
    // default load factor 0.8): the round trip costs more than the spare slots.
    static constexpr std::uint64_t kIndexWithoutReadBack = std::uint64_t{1} << 20;

    // Threads of the one-block index build (tile_index_kernel, two rows each): a larger
    // block than the sort's, since its time is its threads' chains of dependent loads.
    static constexpr unsigned kIndexTileThreads = 1024;

    // A duplicate filter that admitted more than half of at least kFilterTrialTuples
    // derived tuples leaves the next kFilterSkips emits of its relation unfiltered, then
    // measures again: where most derived tuples are new (REACH), a probe and an atomic per
    // tuple buy little.
    static constexpr std::uint64_t kFilterTrialTuples = std::uint64_t{1} << 20;
    static constexpr unsigned kFilterSkips = 8;

    // A duplicate pre-filter's table holds 2^16 to 2^22 keys: at most 32 MiB, so that it
    // stays in the H100's 50 MB L2; twice the tuples it is expected to see.
    static constexpr std::uint64_t kDuplicateFilterMinSlots = std::uint64_t{1} << 16;
    static constexpr std::uint64_t kDuplicateFilterMaxSlots = std::uint64_t{1} << 22;

    // The tuple hash set's kernels launch at most this many 256-thread blocks per SM (a
    // quarter of an H100's thread slots): their probes are random accesses and compare-
    // and-swaps, whose rate the memory system sets, not the number of threads waiting on
    // them. The default eight waves of full blocks took the same time one after another
    // and held every slot the whole while; capped, the queue of 64 at 8 at once took
    // 0.148 s instead of 0.167 s on an H200 (docs/BENCHMARKS.md, "Concurrent analyses on
    // one GPU").
    static constexpr unsigned kHashSetBlocksPerSm = 2;

    // The filtered emit with outputs grouped (kernels.cuh, LocalFilter): a block takes a
    // run of consecutive tiles, and the longer the run, the more copies its filter finds —
    // but fewer, longer-running blocks leave the GPU's latency less hidden. Runs of
    // kLocalFilterRun tiles, and a tile per block while that leaves fewer than
    // kLocalFilterBlocks blocks, were best on CSPA and SG (at most 1024 blocks, each with a
    // longer run, let 6 % of copies past instead of 16 % and took longer;
    // docs/BENCHMARKS.md, "Concurrent analyses on one GPU").
    static constexpr std::uint64_t kLocalFilterRun = 4;
    static constexpr std::uint64_t kLocalFilterBlocks = 1024;

    // Join outputs of at most this many tuples skip the duplicate pre-filter (no read-back
    // of the admitted count), and a small outer relation's output of at most this many is
    // written by the counting launch itself: radix-sorting 2^14 more keys takes a few
    // microseconds on an H100, less than one round trip to the host (12-50 us,
    // docs/BENCHMARKS.md).
    static constexpr std::uint64_t kUnfilteredEmitTuples = std::uint64_t{1} << 14;

    // sort_unique through a bitmap: at most this many bytes of bitmap, mostly kept in L2,
    // and at most this many a row — a radix sort moves about 90 bytes a row (packing, four
    // or more passes, unpacking).
    static constexpr std::uint64_t kSortBitmapMostBytes = std::uint64_t{16} << 20;
    static constexpr std::uint64_t kSortBitmapBytesPerRow = 64;

    // The most room a join into a bitmap set reserves for the tuples it appends in one
    // pass (128 MiB of two-column tuples). Their bound, |outer| x the longest key run,
    // overestimates a graph of hubs twenty to sixty times; past this room the pass runs
    // optimistically (the REACH jobs of the queue append at most 6.6 million tuples a
    // join, while their bounds reach 518 million: docs/ENGINE.md, "One pass into a bitmap").
    static constexpr std::uint64_t kJoinIntoSetMostTuples = std::uint64_t{1} << 24;
    // The least room an optimistic one pass runs with: with less (the executor's batch
    // budget nearly spent) it would likely run out, and its pass be mostly wasted.
    static constexpr std::uint64_t kJoinIntoSetLeastOptimisticRoom = std::uint64_t{1} << 16;
    // Unused room a one-pass join leaves in its output before the output is copied into a
    // buffer of its size: the output lives on as the next delta.
    static constexpr std::uint64_t kJoinIntoSetSlackBytes = std::uint64_t{16} << 20;

    // difference() searches `b` per row of `a` when |a| x kSearchProbeWeight x
    // log2(|b| + 2) is less than |b|: a merge path reads all of `b` (late iterations: a
    // tiny `new`, a huge full relation), while each step of a binary search is a dependent
    // random load, weighed here as 32 rows of the merge's sequential reads.
    static constexpr double kSearchProbeWeight = 32.0;

    // The executor's join-output batch: a sixteenth of free device memory, between 256 MiB
    // and 2 GiB. Large enough to keep the GPU busy (hundreds of millions of tuples), small
    // enough that the batch, its radix-sort keys and differences fit beside the relations.
    static constexpr std::size_t kBatchFreeMemoryDivisor = 16;
    static constexpr std::size_t kBatchLeastBytes = std::size_t{256} << 20;
    static constexpr std::size_t kBatchMostBytes = std::size_t{2} << 30;

    // EBM's merge buffers grow geometrically by this factor: device memory is plentiful
    // next to the relations, and every growth costs a fresh mapping.
    static constexpr double kMergeBufferGrowth = 1.5;

    // The launch coordinator's defaults (--sched model) match default_shape() (launch.cuh):
    // blocks of 256 threads, at most 8 resident waves.
    static constexpr unsigned kDefaultBlock = 256;
    static constexpr unsigned kDefaultWaves = 8;
};

}  // namespace galias::engine::cuda
