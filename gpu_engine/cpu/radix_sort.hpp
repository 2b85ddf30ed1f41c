#pragma once
// Parallel LSD radix sort of fixed-arity rows (lexicographic order).
//
// Columns are sorted from the last to the first, each on the bits it actually uses: the
// column's minimum is subtracted and only bit_width(max - min) bits are sorted, split into
// passes of at most 11 bits. Graph and program node ids use 16-20 bits, so a two-column
// relation sorts in about four passes instead of eight. Each pass is stable: per-block
// histograms, a bucket-major scan, then a scatter.

#include <algorithm>
#include <bit>
#include <vector>

#include "gpu_engine/cpu/parallel.hpp"
#include "gpu_engine/cpu/rows.hpp"

namespace galias::engine::cpu {

struct ColumnRange {
    Cell min = ~Cell{0};
    Cell max = 0;
};

template <std::uint32_t A>
std::vector<ColumnRange> column_ranges(const Row<A>* rows, std::uint64_t n, unsigned threads) {
    const Chunking chunking(n, threads, 1 << 16, 1);
    std::vector<std::vector<ColumnRange>> partial(chunking.chunks, std::vector<ColumnRange>(A));
    for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
        ColumnRange local[A];
        for (std::uint64_t i = begin; i < end; ++i) {
            for (std::uint32_t c = 0; c < A; ++c) {
                local[c].min = std::min(local[c].min, rows[i].c[c]);
                local[c].max = std::max(local[c].max, rows[i].c[c]);
            }
        }
        std::copy(local, local + A, partial[chunk].begin());
    });
    std::vector<ColumnRange> ranges(A);
    for (const auto& p : partial)
        for (std::uint32_t c = 0; c < A; ++c) {
            ranges[c].min = std::min(ranges[c].min, p[c].min);
            ranges[c].max = std::max(ranges[c].max, p[c].max);
        }
    return ranges;
}

// Sorts rows[0, n); `scratch` has room for n rows. Returns the buffer holding the result
// (rows or scratch).
template <std::uint32_t A>
Row<A>* radix_sort(Row<A>* rows, Row<A>* scratch, std::uint64_t n, unsigned threads) {
    if (n < 2) return rows;
    if (n < 4096) {
        std::sort(rows, rows + n);
        return rows;
    }
    const std::vector<ColumnRange> ranges = column_ranges<A>(rows, n, threads);
    struct Pass {
        std::uint32_t column, shift, bits;
        Cell min;
    };
    std::vector<Pass> passes;
    for (std::uint32_t c = A; c-- > 0;) {
        const Cell span = ranges[c].max - ranges[c].min;
        const auto width = static_cast<std::uint32_t>(std::bit_width(span));
        if (width == 0) continue;
        const std::uint32_t count = (width + 10) / 11;
        const std::uint32_t bits = (width + count - 1) / count;
        for (std::uint32_t p = 0; p < count; ++p) passes.push_back(Pass{c, p * bits, bits, ranges[c].min});
    }
    const Chunking chunking(n, threads, 1 << 16, 4);
    const std::uint64_t blocks = chunking.chunks;
    Row<A>* src = rows;
    Row<A>* dst = scratch;
    std::vector<std::uint64_t> counts;
    for (const Pass& pass : passes) {
        const std::uint32_t buckets = 1u << pass.bits;
        const Cell mask = buckets - 1;
        auto digit = [&](const Row<A>& row) { return ((row.c[pass.column] - pass.min) >> pass.shift) & mask; };
        counts.assign(blocks * buckets, 0);
        for_each_chunk(chunking, [&](std::uint64_t block, std::uint64_t begin, std::uint64_t end) {
            std::uint64_t* histogram = counts.data() + block * buckets;
            for (std::uint64_t i = begin; i < end; ++i) ++histogram[digit(src[i])];
        });
        // Bucket-major, block-minor offsets keep the scatter stable.
        std::uint64_t sum = 0;
        for (std::uint32_t b = 0; b < buckets; ++b)
            for (std::uint64_t block = 0; block < blocks; ++block) {
                std::uint64_t& c = counts[block * buckets + b];
                const std::uint64_t x = c;
                c = sum;
                sum += x;
            }
        for_each_chunk(chunking, [&](std::uint64_t block, std::uint64_t begin, std::uint64_t end) {
            std::uint64_t* offsets = counts.data() + block * buckets;
            for (std::uint64_t i = begin; i < end; ++i) dst[offsets[digit(src[i])]++] = src[i];
        });
        std::swap(src, dst);
    }
    return src;
}

}  // namespace galias::engine::cpu
