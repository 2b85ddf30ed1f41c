#pragma once
// Chunked parallel loops for the host backend (oneTBB). Work is split into a fixed list of
// chunks so two-pass algorithms (count, scan, write) see the same partition in both passes,
// and into several chunks per thread so skewed chunks are balanced by work stealing.

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace galias::engine::cpu {

struct Chunking {
    std::uint64_t items = 0;
    std::uint64_t chunks = 0;

    Chunking(std::uint64_t n, unsigned threads, std::uint64_t min_chunk = 4096, unsigned per_thread = 16)
        : items(n) {
        const std::uint64_t wanted = std::max<std::uint64_t>(1, std::uint64_t{threads} * per_thread);
        chunks = std::max<std::uint64_t>(1, std::min(wanted, (n + min_chunk - 1) / min_chunk));
    }
    [[nodiscard]] std::uint64_t begin(std::uint64_t chunk) const { return items * chunk / chunks; }
    [[nodiscard]] std::uint64_t end(std::uint64_t chunk) const { return items * (chunk + 1) / chunks; }
};

// Calls fn(chunk, begin, end) for every chunk, in parallel.
template <class Fn>
void for_each_chunk(const Chunking& chunking, Fn&& fn) {
    if (chunking.chunks == 1) {
        fn(std::uint64_t{0}, std::uint64_t{0}, chunking.items);
        return;
    }
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, chunking.chunks, 1),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                          for (std::uint64_t c = r.begin(); c != r.end(); ++c)
                              fn(c, chunking.begin(c), chunking.end(c));
                      });
}

// In-place exclusive prefix sum; returns the total.
inline std::uint64_t exclusive_scan(std::vector<std::uint64_t>& values) {
    std::uint64_t sum = 0;
    for (std::uint64_t& v : values) {
        const std::uint64_t x = v;
        v = sum;
        sum += x;
    }
    return sum;
}

}  // namespace galias::engine::cpu
