#pragma once
// Joins on the device: the counting pass (one launch for a tile, else counts and CUB's
// scan), the emitting pass (per outer tuple, or load-balanced over output tuples), the
// emit through the duplicate pre-filter or straight into a tuple set, and the one-pass
// join into a bitmap set. The kernels are in kernels.cuh, tile_join.cuh and
// join_into_set.cuh.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <cub/device/device_scan.cuh>
#include <limits>
#include <memory>
#include <optional>

#include "gpu_engine/cuda/device_context.cuh"
#include "gpu_engine/cuda/index_ops.cuh"
#include "gpu_engine/cuda/join_into_set.cuh"
#include "gpu_engine/cuda/kernels.cuh"
#include "gpu_engine/cuda/tile_join.cuh"
#include "gpu_engine/cuda/tile_kernels.cuh"
#include "gpu_engine/cuda/tuple_set_ops.cuh"

namespace galias::engine::cuda {

// Scanned per-tuple output counts of a join's first pass, kept on the device.
class CudaJoinCounts final : public JoinCounts {
public:
    explicit CudaJoinCounts(DeviceContext& ctx) : ctx_(ctx) {}
    Buffer offsets;  // end - begin + 1 entries, exclusive scan of the counts
    Buffer begins;   // inner range start per outer tuple (load-balanced emit), or empty
    Buffer scratch;

    [[nodiscard]] std::uint64_t split(std::uint64_t from, std::uint64_t budget) const override {
        if (offsets.get() == nullptr) return end;
        if (from == begin && total <= budget) return end;  // all of it fits: no round trip
        auto* d_stop = static_cast<std::uint64_t*>(scratch.get());
        const cudaStream_t stream = ctx_.stream();
        ctx_.launch(&split_kernel, LaunchShape{1, 1}, static_cast<const std::uint64_t*>(offsets.get()),
                    end - begin, from - begin, budget, d_stop);
        GALIAS_CUDA_CHECK_LAUNCH(stream);
        std::uint64_t stop = 0;
        GALIAS_CUDA_TRY(cudaMemcpyAsync(ctx_.staging(), d_stop, sizeof stop, cudaMemcpyDeviceToHost, stream));
        GALIAS_CUDA_TRY(cudaStreamSynchronize(stream));
        std::memcpy(&stop, ctx_.staging(), sizeof stop);
        return begin + stop;
    }

private:
    DeviceContext& ctx_;  // the backend's (its stream, its pinned staging memory)
};

// The CUDA duplicate pre-filter: a device table of packed tuples, cleared on the owning
// lane's stream. `admitted` counts the keys the table may hold (appended since it was
// made or cleared), to size it.
class CudaDuplicateFilter final : public DuplicateFilter {
public:
    explicit CudaDuplicateFilter(cudaStream_t stream) : stream(stream) {}
    void clear() override {
        if (admitted != 0)
            GALIAS_CUDA_TRY(cudaMemsetAsync(table.get(), 0xFF, slots * sizeof(std::uint64_t), stream));
        admitted = 0;
    }
    // Whether the filter admits most of what it sees (REACH: most derived tuples are new),
    // so that a probe and an atomic per tuple buy little.
    [[nodiscard]] bool unhelpful() const {
        return measured_derived >= CudaPolicy::kFilterTrialTuples && 2 * measured_admitted > measured_derived;
    }

    cudaStream_t stream;
    Buffer table;
    std::uint64_t slots = 0;
    std::uint64_t admitted = 0;
    // Tuples derived and admitted since the filter was last measured afresh, and emits
    // left unfiltered since then.
    std::uint64_t measured_derived = 0;
    std::uint64_t measured_admitted = 0;
    unsigned skipped = 0;
};

namespace joins {

// Blocks of the filtered emit (join_emit_distinct_kernel) for `produced` outputs: a tile
// each, or with outputs grouped runs of kLocalFilterRun tiles while that leaves at least
// kLocalFilterBlocks blocks.
inline std::uint64_t filtered_emit_blocks(std::uint64_t produced, bool grouped) {
    const std::uint64_t tiles = (produced + kBalancedTile - 1) / kBalancedTile;
    if (!grouped) return tiles;
    return std::max(std::min(tiles, CudaPolicy::kLocalFilterBlocks),
                    (tiles + CudaPolicy::kLocalFilterRun - 1) / CudaPolicy::kLocalFilterRun);
}

// Backend::join_count, and with `emit_into` join_count_emit (the one-launch path only).
inline std::unique_ptr<JoinCounts> count(DeviceContext& ctx, const JoinSpec& spec, const TupleArray& outer,
                                         std::uint64_t begin, std::uint64_t end, const Hisa* inner,
                                         TupleArray* emit_into = nullptr, std::uint64_t room = 0) {
    const cudaStream_t stream = ctx.stream();
    auto counts = std::make_unique<CudaJoinCounts>(ctx);
    counts->begin = begin;
    counts->end = end;
    const std::uint64_t n = end - begin;
    const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
    if (n == 0 || (spec.has_inner && inner_ref.size == 0)) return counts;
    // Counts, then an exclusive scan over n+1 entries: offsets and the total.
    counts->offsets = ctx.allocate((n + 1) * sizeof(std::uint64_t));
    counts->scratch = ctx.allocate(sizeof(std::uint64_t) * 2);
    auto* d_offsets = static_cast<std::uint64_t*>(counts->offsets.get());
    // Without per-match filters every match is an output, so pass 2 can be balanced over
    // output tuples given each outer tuple's inner range start.
    const bool balanced = spec.has_inner && spec.filter_count == 0;
    if (balanced) counts->begins = ctx.allocate(n * sizeof(std::uint32_t));
    auto* d_begins = static_cast<std::uint32_t*>(counts->begins.get());
    if (ctx.policy().tile_ops &&
        n <= kTileTuples) {  // one launch, which also hands the total over (tile_join.cuh)
        ctx.note_fixed_launch();
        {
            auto traced = ctx.span(emit_into != nullptr ? "join: count + emit (tile)" : "join: count (tile)",
                                   n * (spec.outer_arity * 4ull + 8));
            auto* kernel =
                n <= kTileThreads ? &tile_join_count_kernel<1> : &tile_join_count_kernel<kTileItems>;
            ctx.launch(kernel, LaunchShape{1, kTileThreads}, spec, inner_ref, outer.data(), begin,
                       static_cast<std::uint32_t>(n), d_offsets, d_begins,
                       static_cast<std::uint64_t*>(ctx.staging()),
                       emit_into != nullptr ? emit_into->data() + emit_into->size * spec.out_arity : nullptr,
                       room);
        }
        GALIAS_CUDA_CHECK_LAUNCH(stream);
        ctx.wait("join: count total (tile)");
        counts->total = ctx.staged<std::uint64_t>();
        if (emit_into != nullptr && counts->total <= room) {
            emit_into->size += counts->total;
            counts->emitted = true;
        }
        return counts;
    }
    const LaunchShape shape = ctx.shape_for(join_count_kernel, n);
    {
        auto traced = ctx.span("join: count", n * (spec.outer_arity * 4ull + 8));
        ctx.launch(&join_count_kernel, shape, spec, inner_ref, outer.data(), begin, n, d_offsets, d_begins,
                   ctx.grid_totals());
    }
    GALIAS_CUDA_CHECK_LAUNCH(stream);
    std::size_t temp_bytes = 0;
    GALIAS_CUDA_TRY(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, d_offsets, d_offsets, n + 1, stream));
    {
        Buffer temp = ctx.allocate(std::max<std::size_t>(temp_bytes, 1));
        {
            auto traced = ctx.span("join: scan", (n + 1) * 16ull);
            GALIAS_CUDA_TRY(
                cub::DeviceScan::ExclusiveSum(temp.get(), temp_bytes, d_offsets, d_offsets, n + 1, stream));
        }
    }
    ctx.wait("join: count total");  // the count kernel published it
    counts->total = ctx.published(0);
    return counts;
}

// CountingEmit::join_count_emit: a small outer relation's output of up to
// kUnfilteredEmitTuples tuples is written in the counting launch, into room reserved
// beforehand in `out`.
inline std::unique_ptr<JoinCounts> count_emit(DeviceContext& ctx, const JoinSpec& spec,
                                              const TupleArray& outer, const Hisa* inner, TupleArray& out,
                                              std::uint64_t room) {
    room = std::min(room, CudaPolicy::kUnfilteredEmitTuples);
    if (!ctx.policy().tile_ops || outer.size > kTileTuples || room == 0)
        return count(ctx, spec, outer, 0, outer.size, inner);
    ctx.reserve(out, out.size + room);
    return count(ctx, spec, outer, 0, outer.size, inner, &out, room);
}

// Backend::join_emit.
inline void emit(DeviceContext& ctx, const JoinSpec& spec, const TupleArray& outer, const Hisa* inner,
                 const JoinCounts& counts, std::uint64_t from, std::uint64_t to, TupleArray& out) {
    const auto& c = static_cast<const CudaJoinCounts&>(counts);
    if (c.total == 0 || from >= to) return;
    const std::uint64_t lo = from - c.begin, hi = to - c.begin;
    const auto* d_offsets = static_cast<const std::uint64_t*>(c.offsets.get());
    std::uint64_t bounds[2] = {0, c.total};
    if (from != c.begin || to != c.end) {  // a slice: its output range is on the device
        ctx.stage(d_offsets + lo, sizeof(std::uint64_t), 0);
        ctx.stage(d_offsets + hi, sizeof(std::uint64_t), sizeof(std::uint64_t));
        ctx.wait("join: slice bounds");
        bounds[0] = ctx.staged<std::uint64_t>(0);
        bounds[1] = ctx.staged<std::uint64_t>(sizeof(std::uint64_t));
    }
    const std::uint64_t produced = bounds[1] - bounds[0];
    if (produced == 0) return;
    const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
    const std::uint64_t base = out.size;
    ctx.reserve(out, base + produced);
    if (c.begins.get() != nullptr) {
        const std::uint64_t tiles = (produced + kBalancedTile - 1) / kBalancedTile;
        const LaunchShape shape = ctx.shape_for(join_emit_balanced_kernel, tiles * 256);
        {
            auto traced = ctx.span("join: emit (balanced)", produced * spec.out_arity * 4ull);
            ctx.launch(&join_emit_balanced_kernel, shape, spec, inner_ref, outer.data(), c.begin, lo, hi,
                       d_offsets, static_cast<const std::uint32_t*>(c.begins.get()),
                       out.data() + base * spec.out_arity);
        }
    } else {
        const LaunchShape shape = ctx.shape_for(join_emit_kernel, hi - lo);
        {
            auto traced = ctx.span("join: emit", produced * spec.out_arity * 4ull);
            ctx.launch(&join_emit_kernel, shape, spec, inner_ref, outer.data(), c.begin, lo, hi, d_offsets,
                       out.data() + base * spec.out_arity);
        }
    }
    GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    out.size = base + produced;
}

// The output tuples of outer slice [lo, hi) (offsets relative to the counts' begin):
// the whole output needs no read-back.
inline std::uint64_t slice_output(DeviceContext& ctx, const CudaJoinCounts& c, std::uint64_t lo,
                                  std::uint64_t hi) {
    if (lo == 0 && hi == c.end - c.begin) return c.total;
    const auto* d_offsets = static_cast<const std::uint64_t*>(c.offsets.get());
    ctx.stage(d_offsets + lo, sizeof(std::uint64_t), 0);
    ctx.stage(d_offsets + hi, sizeof(std::uint64_t), sizeof(std::uint64_t));
    ctx.wait("join: slice bounds");
    return ctx.staged<std::uint64_t>(sizeof(std::uint64_t)) - ctx.staged<std::uint64_t>(0);
}

// DuplicateFiltering::filters: tuples must pack into one 64-bit key.
inline bool filters(const DeviceContext& ctx, std::uint32_t arity) {
    return arity <= 2 && ctx.policy().duplicate_filter;
}

// DuplicateFiltering::make_duplicate_filter.
inline std::unique_ptr<DuplicateFilter> make_duplicate_filter(DeviceContext& ctx, std::uint32_t arity) {
    if (!filters(ctx, arity)) return nullptr;
    return std::make_unique<CudaDuplicateFilter>(ctx.stream());
}

// DuplicateFiltering::join_emit_distinct, where it runs here: nullopt where the caller takes the
// generic pass (emit_unfiltered, backend.hpp) instead — only the load-balanced pass (no
// per-match filters) of one- or two-column output goes through the filter, on the lane
// that made it.
inline std::optional<std::uint64_t> emit_distinct(DeviceContext& ctx, const JoinSpec& spec,
                                                  const TupleArray& outer, const Hisa* inner,
                                                  const JoinCounts& counts, std::uint64_t from,
                                                  std::uint64_t to, TupleArray& out,
                                                  DuplicateFilter& filter) {
    const auto& c = static_cast<const CudaJoinCounts&>(counts);
    auto& f = static_cast<CudaDuplicateFilter&>(filter);
    if (c.begins.get() == nullptr || spec.out_arity > 2 || f.stream != ctx.stream()) return std::nullopt;
    if (c.total == 0 || from >= to) return 0;
    // A small output is appended whole, unfiltered: the filter's admitted count would
    // cost a round trip to the host, while the copies it would have dropped cost the
    // flush's sort_unique next to nothing. The table just does not learn these tuples
    // (their later copies pass once more), which the filter allows.
    if (from == c.begin && to == c.end && c.total <= CudaPolicy::kUnfilteredEmitTuples) {
        ctx.count("filter: small outputs unfiltered", c.total);
        emit(ctx, spec, outer, inner, counts, from, to, out);
        return c.total;
    }
    if (f.unhelpful()) {
        if (f.skipped++ < CudaPolicy::kFilterSkips) {
            const std::uint64_t before = out.size;
            emit(ctx, spec, outer, inner, counts, from, to, out);
            ctx.count("filter: skipped (admits most)", out.size - before);
            return out.size - before;
        }
        f.skipped = 0;  // measure afresh with this emit
        f.measured_derived = f.measured_admitted = 0;
    }
    const std::uint64_t lo = from - c.begin, hi = to - c.begin;
    const auto* d_offsets = static_cast<const std::uint64_t*>(c.offsets.get());
    const std::uint64_t produced = slice_output(ctx, c, lo, hi);
    if (produced == 0) return 0;
    // A bigger table when the keys held and the tuples to come may fill half of it;
    // at the largest size, a cleared one once the keys held fill half of it (the tuples
    // to come are mostly copies of known ones in late iterations: not a reason to
    // forget those). Forgotten keys' later copies pass once more and are removed by the
    // flush.
    const std::uint64_t wanted =
        std::clamp(std::bit_ceil(2 * (f.admitted + produced)), CudaPolicy::kDuplicateFilterMinSlots,
                   CudaPolicy::kDuplicateFilterMaxSlots);
    if (f.slots < wanted) {
        f.table = Buffer();
        f.table = ctx.allocate(wanted * sizeof(std::uint64_t));
        f.slots = wanted;
        f.admitted = 0;
        GALIAS_CUDA_TRY(cudaMemsetAsync(f.table.get(), 0xFF, wanted * sizeof(std::uint64_t), ctx.stream()));
    } else if (2 * f.admitted > f.slots) {
        f.clear();
    }
    const std::uint64_t base = out.size;
    ctx.reserve(out, base + produced);
    const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
    // With outputs grouped, a block-local filter first (kernels.cuh).
    const bool local = outputs_grouped(spec);
    const std::uint64_t blocks = filtered_emit_blocks(produced, local);
    auto* kernel = local ? join_emit_distinct_kernel<true, false> : join_emit_distinct_kernel<false, false>;
    const LaunchShape shape = ctx.shape_for(kernel, blocks * 256);
    {
        auto traced =
            ctx.span(local ? "join: emit (distinct, grouped)" : "join: emit (distinct)", produced * 12ull);
        ctx.launch(kernel, shape, spec, inner_ref, outer.data(), c.begin, lo, hi, d_offsets,
                   static_cast<const std::uint32_t*>(c.begins.get()),
                   TupleSetRef{static_cast<std::uint64_t*>(f.table.get()), f.slots - 1},
                   out.data() + base * spec.out_arity, ctx.grid_totals());
    }
    GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    ctx.wait("join: emit (distinct) admitted");
    const std::uint64_t admitted = ctx.published(0);
    f.admitted += admitted;
    f.measured_derived += produced;
    f.measured_admitted += admitted;
    ctx.count("filter: tuples derived", produced);
    if (local) {
        ctx.count("filter: tuples derived, grouped", produced);
        ctx.count("filter: grouped tuples past the block filters", ctx.published(1));
    }
    ctx.count("filter: tuples admitted", admitted);
    out.size = base + admitted;
    return produced;
}

// TupleSets::join_emit_new, where it runs here (the load-balanced pass, no per-match
// filters, of one- or two-column output); nullopt where the caller takes the generic one.
// The balanced pass 2 straight into the set: the filtered emit's kernel with the set as
// its (exact) table, so the copies of known tuples are never written, nor read again.
inline std::optional<std::uint64_t> emit_new(DeviceContext& ctx, const JoinSpec& spec,
                                             const TupleArray& outer, const Hisa* inner,
                                             const JoinCounts& counts, std::uint64_t from, std::uint64_t to,
                                             TupleArray& out, TupleHashSet& set) {
    const auto& c = static_cast<const CudaJoinCounts&>(counts);
    if (c.begins.get() == nullptr || spec.out_arity == 0 || spec.out_arity > 2) return std::nullopt;
    if (c.total == 0 || from >= to) return 0;
    const std::uint64_t lo = from - c.begin, hi = to - c.begin;
    const std::uint64_t produced = slice_output(ctx, c, lo, hi);
    if (produced == 0) return 0;
    auto& s = static_cast<CudaTupleHashSet&>(set);
    // Read by the rehash: kept until the wait.
    const Buffer old_table = tuple_sets::make_room(ctx, s, produced, spec.out_arity);
    const std::uint64_t base = out.size;
    ctx.reserve(out, base + produced);
    const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
    // No block-local filter in front of a bitmap: a bitmap probe reads a word of the row
    // the block's outputs share, about as cheap as the filter's own probe (H200, the
    // graph jobs of the queue one after another 0.250 -> 0.228 s, at 8 the same;
    // docs/BENCHMARKS.md).
    const bool local = outputs_grouped(spec) && !s.is_bitmap();
    const std::uint64_t blocks = filtered_emit_blocks(produced, local);
    auto* kernel = local ? join_emit_distinct_kernel<true, true> : join_emit_distinct_kernel<false, true>;
    const LaunchShape shape = ctx.shape_for(kernel, blocks * 256);
    {
        auto traced = ctx.span(local ? "join: emit into hash set (grouped)" : "join: emit into hash set",
                               produced * 12ull);
        ctx.launch(kernel, shape, spec, inner_ref, outer.data(), c.begin, lo, hi,
                   static_cast<const std::uint64_t*>(c.offsets.get()),
                   static_cast<const std::uint32_t*>(c.begins.get()), s.ref(),
                   out.data() + base * spec.out_arity, ctx.grid_totals());
    }
    GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    ctx.wait("join: emit into hash set, admitted");
    const std::uint64_t admitted = ctx.published(0);
    s.held += admitted;
    out.size = base + admitted;
    return produced;
}

// Whether join_into_set runs step `spec` (into a bitmap set): a step with an inner
// relation, no per-match filters and one or two output columns.
[[nodiscard]] inline bool takes_one_pass(const DeviceContext& ctx, const JoinSpec& spec) {
    return ctx.policy().one_pass && spec.has_inner && spec.filter_count == 0 && spec.out_arity != 0 &&
           spec.out_arity <= 2;
}

// OnePassJoin::make_scratch_bitmap: a zeroed bitmap where join_into_set takes the step and
// small_bitmap says it pays (join_distinct's scratch set).
inline std::unique_ptr<TupleHashSet> make_scratch_bitmap(DeviceContext& ctx, const JoinSpec& spec,
                                                         std::uint64_t rows) {
    if (!takes_one_pass(ctx, spec)) return nullptr;
    const TupleBitmapShape bitmap = tuple_sets::small_bitmap(ctx, spec.out_arity, rows);
    if (bitmap.words == 0) return nullptr;
    return tuple_sets::make_bitmap_set(ctx, bitmap);
}

// OnePassJoin::join_into_set: one pass into a bitmap set (join_into_set.cuh), for steps
// without per-match filters. It reserves room for the tuples it may append: their bound
// (at most |outer| x the inner's longest key run, and at most the tuples the bitmap lacks)
// where that fits `room` and kJoinIntoSetMostTuples; otherwise, optimistically, the most it
// may (at least kJoinIntoSetLeastOptimisticRoom). When the new tuples do not fit, those
// written stay appended and nullopt lets the two passes derive the rest; a set whose room
// ran out once takes the two passes from then on.
inline std::optional<std::uint64_t> into_set(DeviceContext& ctx, const JoinSpec& spec,
                                             const TupleArray& outer, const Hisa* inner, TupleArray& out,
                                             TupleHashSet& set, std::uint64_t room) {
    auto& s = static_cast<CudaTupleHashSet&>(set);
    if (inner == nullptr || !takes_one_pass(ctx, spec)) return std::nullopt;
    if (!s.is_bitmap()) {
        ctx.count("one pass: declined, a hash table", 1);
        return std::nullopt;
    }
    if (outer.size == 0 || inner->data.size == 0) return 0;
    const std::uint64_t most = std::min(room, CudaPolicy::kJoinIntoSetMostTuples);
    const std::uint64_t longest = indexes::longest_run(ctx, *inner);
    if (longest == 0) return 0;  // an index without keys: no matches
    // The kernel counts a chunk's matches in 32 bits.
    if (longest > std::numeric_limits<std::uint32_t>::max() / kJoinIntoSetChunk) return std::nullopt;
    const std::uint64_t possible = s.bitmap.row_bits * (spec.out_arity == 2 ? s.bitmap.row_bits : 1);
    const std::uint64_t matches = outer.size > most / longest ? most + 1 : outer.size * longest;  // saturated
    const std::uint64_t bound = std::min(matches, possible - s.held);
    const bool optimistic = bound > most;
    if (optimistic &&
        (!ctx.policy().optimistic || s.room_ran_out || most < CudaPolicy::kJoinIntoSetLeastOptimisticRoom)) {
        ctx.count("one pass: declined, bound", 1);
        return std::nullopt;
    }
    const std::uint64_t reserved = std::min(bound, most);
    ctx.count(optimistic ? "one pass: joins (optimistic)" : "one pass: joins", 1);
    ctx.count("one pass: room reserved", reserved);
    const std::uint64_t base = out.size;
    ctx.reserve(out, base + reserved);
    const LaunchShape shape =
        ctx.shape_for(join_into_set_kernel, (outer.size + kJoinIntoSetItems - 1) / kJoinIntoSetItems);
    {
        auto traced =
            ctx.span("join: into bitmap set (one pass)", outer.size * (spec.outer_arity * 4ull + 8));
        ctx.launch(&join_into_set_kernel, shape, spec, inner->ref(), outer.data(), outer.size, s.ref(),
                   out.data() + base * spec.out_arity, reserved, ctx.grid_totals());
    }
    GALIAS_CUDA_CHECK_LAUNCH(ctx.stream());
    ctx.wait("join: into bitmap set, appended");
    const std::uint64_t fresh = ctx.published(0);  // past the room: withdrawn from the set again
    const std::uint64_t derived = ctx.published(1);
    const std::uint64_t appended = std::min(fresh, reserved);
    ctx.count("one pass: appended", appended);
    s.held += appended;
    out.size = base + appended;
    if (fresh > reserved) {
        ctx.count("one pass: room ran out", 1);
        s.room_ran_out = true;
        return std::nullopt;
    }
    // The bound may overestimate many times over (hubs), and `out` lives on as the next
    // delta: room left unused beyond kJoinIntoSetSlackBytes goes back to the cache.
    if ((out.capacity() - out.size) * spec.out_arity * sizeof(Cell) > CudaPolicy::kJoinIntoSetSlackBytes) {
        TupleArray exact = ctx.make_array(spec.out_arity, out.size);
        if (out.size != 0) ctx.copy(out.data(), out.cells(), exact.data());
        exact.size = out.size;
        out = std::move(exact);
    }
    return derived;
}

}  // namespace joins

}  // namespace galias::engine::cuda
