// The tuple functions of hisa/tuple_ops.hpp (shared by the host and the CUDA kernels), tested
// on the host.
#include "gpu_engine/hisa/tuple_ops.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace galias::engine {
namespace {

// key_run_end (the CUDA index build's doubling search) against a linear scan, over runs
// of 1 to 300 tuples and keys of one and two columns.
TEST(TupleOps, KeyRunEndMatchesALinearScan) {
    std::mt19937 rng(31);
    for (std::uint32_t key_len : {1u, 2u}) {
        std::vector<Cell> cells;
        Cell key = 0;
        while (cells.size() < 3 * 20000) {
            ++key;
            const std::uint32_t run = 1 + rng() % 300;
            for (std::uint32_t r = 0; r < run; ++r) cells.insert(cells.end(), {key / 3, key, r});
        }
        const std::uint64_t n = cells.size() / 3;
        for (std::uint64_t i = 0; i < n; ++i) {
            if (!starts_key_run(cells.data(), i, 3, key_len)) continue;
            std::uint64_t end = i + 1;  // the linear scan
            while (end < n && std::equal(&cells[3 * end], &cells[3 * end] + key_len, &cells[3 * i])) ++end;
            ASSERT_EQ(key_run_end(cells.data(), i, n, 3, key_len), end)
                << "key_len " << key_len << " run at " << i;
        }
    }
}

}  // namespace
}  // namespace galias::engine
