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
#include "gpu_engine/hisa/rows.hpp"

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

struct RadixPass {
    std::uint32_t column, shift, bits;
    Cell min;
};

// The passes of an LSD sort, least significant first: each column's used bits (after
// subtracting its minimum) in digits of at most 11 bits.
inline std::vector<RadixPass> radix_passes(const std::vector<ColumnRange>& ranges) {
    std::vector<RadixPass> passes;
    for (std::uint32_t c = static_cast<std::uint32_t>(ranges.size()); c-- > 0;) {
        const Cell span = ranges[c].max - ranges[c].min;
        const auto width = static_cast<std::uint32_t>(std::bit_width(span));
        if (width == 0) continue;
        const std::uint32_t count = (width + 10) / 11;
        const std::uint32_t bits = (width + count - 1) / count;
        for (std::uint32_t p = 0; p < count; ++p)
            passes.push_back(RadixPass{c, p * bits, bits, ranges[c].min});
    }
    return passes;
}

template <std::uint32_t A>
inline std::uint32_t radix_digit(const Row<A>& row, const RadixPass& pass) {
    return ((row.c[pass.column] - pass.min) >> pass.shift) & ((1u << pass.bits) - 1);
}

// Sequential LSD sort of a small range (one MSD bucket, usually cache-resident). Passes
// ping-pong between `a` and `b`; the result is in `a` when the pass count is even.
template <std::uint32_t A>
void lsd_sort_range(Row<A>* a, Row<A>* b, std::uint64_t n, const RadixPass* passes, std::size_t pass_count) {
    if (pass_count == 0) return;
    if (n <= 64) {
        // Tiny buckets (single rows included) still have to land where the caller expects.
        std::sort(a, a + n);
        if (pass_count % 2 == 1) std::copy(a, a + n, b);
        return;
    }
    std::vector<std::uint32_t> counts;
    Row<A>* src = a;
    Row<A>* dst = b;
    for (std::size_t p = 0; p < pass_count; ++p) {
        const RadixPass& pass = passes[p];
        counts.assign(std::size_t{1} << pass.bits, 0);
        for (std::uint64_t i = 0; i < n; ++i) ++counts[radix_digit(src[i], pass)];
        std::uint32_t sum = 0;
        for (std::uint32_t& c : counts) {
            const std::uint32_t x = c;
            c = sum;
            sum += x;
        }
        for (std::uint64_t i = 0; i < n; ++i) dst[counts[radix_digit(src[i], pass)]++] = src[i];
        std::swap(src, dst);
    }
}

// Parallel stable LSD passes over the whole array (histograms per block, bucket-major
// scan, scatter). Returns the buffer holding the result.
template <std::uint32_t A>
Row<A>* lsd_sort_parallel(Row<A>* rows, Row<A>* scratch, std::uint64_t n,
                          const std::vector<RadixPass>& passes, unsigned threads) {
    const Chunking chunking(n, threads, 1 << 16, 4);
    const std::uint64_t blocks = chunking.chunks;
    Row<A>* src = rows;
    Row<A>* dst = scratch;
    std::vector<std::uint64_t> counts;
    for (const RadixPass& pass : passes) {
        const std::uint32_t buckets = 1u << pass.bits;
        counts.assign(blocks * buckets, 0);
        for_each_chunk(chunking, [&](std::uint64_t block, std::uint64_t begin, std::uint64_t end) {
            std::uint64_t* histogram = counts.data() + block * buckets;
            for (std::uint64_t i = begin; i < end; ++i) ++histogram[radix_digit(src[i], pass)];
        });
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
            for (std::uint64_t i = begin; i < end; ++i) dst[offsets[radix_digit(src[i], pass)]++] = src[i];
        });
        std::swap(src, dst);
    }
    return src;
}

// Sorts rows[0, n); `scratch` has room for n rows. Returns the buffer holding the result
// (rows or scratch).
//
// Large arrays are first split by their most significant digit (one parallel scatter
// pass, rows -> scratch); each resulting bucket is then small enough to finish with a
// sequential LSD sort in cache, buckets spread over the threads. This moves the data
// through main memory about twice instead of once per digit.
template <std::uint32_t A>
Row<A>* radix_sort(Row<A>* rows, Row<A>* scratch, std::uint64_t n, unsigned threads) {
    if (n < 2) return rows;
    if (n < 4096) {
        std::sort(rows, rows + n);
        return rows;
    }
    const std::vector<RadixPass> passes = radix_passes(column_ranges<A>(rows, n, threads));
    if (passes.empty()) return rows;
    if (passes.size() == 1 || n < (std::uint64_t{1} << 17))
        return lsd_sort_parallel<A>(rows, scratch, n, passes, threads);
    // 1. MSD scatter on the most significant digit.
    const RadixPass msd = passes.back();
    const std::uint32_t buckets = 1u << msd.bits;
    const Chunking chunking(n, threads, 1 << 16, 4);
    std::vector<std::uint64_t> counts(chunking.chunks * buckets, 0);
    for_each_chunk(chunking, [&](std::uint64_t block, std::uint64_t begin, std::uint64_t end) {
        std::uint64_t* histogram = counts.data() + block * buckets;
        for (std::uint64_t i = begin; i < end; ++i) ++histogram[radix_digit(rows[i], msd)];
    });
    std::vector<std::uint64_t> bucket_start(buckets + 1, 0);
    std::uint64_t sum = 0;
    for (std::uint32_t b = 0; b < buckets; ++b) {
        bucket_start[b] = sum;
        for (std::uint64_t block = 0; block < chunking.chunks; ++block) {
            std::uint64_t& c = counts[block * buckets + b];
            const std::uint64_t x = c;
            c = sum;
            sum += x;
        }
    }
    bucket_start[buckets] = sum;
    for_each_chunk(chunking, [&](std::uint64_t block, std::uint64_t begin, std::uint64_t end) {
        std::uint64_t* offsets = counts.data() + block * buckets;
        for (std::uint64_t i = begin; i < end; ++i) scratch[offsets[radix_digit(rows[i], msd)]++] = rows[i];
    });
    // 2. Each bucket: the remaining digits, least significant first, scratch <-> rows.
    const std::size_t rest = passes.size() - 1;
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, buckets, 1),
                      [&](const tbb::blocked_range<std::uint32_t>& r) {
                          for (std::uint32_t b = r.begin(); b != r.end(); ++b) {
                              const std::uint64_t begin = bucket_start[b], size = bucket_start[b + 1] - begin;
                              lsd_sort_range<A>(scratch + begin, rows + begin, size, passes.data(), rest);
                          }
                      });
    return rest % 2 == 0 ? scratch : rows;
}

}  // namespace galias::engine::cpu
