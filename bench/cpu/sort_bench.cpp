// Micro-benchmark of the host backend's row radix sort: MSD split + per-bucket LSD
// (radix_sort) against plain parallel LSD passes (lsd_sort_parallel) and std::sort, on
// two-column rows with node-id-sized values. Prints rows/s per variant (CPU time too,
// since the development machine is shared).
#include <tbb/task_arena.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>

#include "gpu_engine/cpu/radix_sort.hpp"

using namespace galias::engine;
using namespace galias::engine::cpu;

namespace {

double cpu_seconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

template <class Fn>
void measure(const char* name, std::vector<Row<2>>& input, Fn&& sort) {
    std::vector<Row<2>> rows = input, scratch(input.size());
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    Row<2>* result = sort(rows.data(), scratch.data(), rows.size());
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = cpu_seconds() - cpu_start;
    const bool sorted = std::is_sorted(result, result + rows.size());
    std::printf("%-22s %10zu rows  wall %.3f s  cpu %.3f s  %.1f Mrows/s  %s\n", name, rows.size(), wall, cpu,
                static_cast<double>(rows.size()) / wall / 1e6, sorted ? "sorted" : "NOT SORTED");
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t n = argc > 1 ? std::stoull(argv[1]) : 50'000'000;
    const unsigned threads = argc > 2 ? static_cast<unsigned>(std::stoul(argv[2])) : 2;
    std::mt19937 rng(1);
    std::uniform_int_distribution<Cell> node(0, 150'000);
    std::vector<Row<2>> input(n);
    for (auto& r : input) r = Row<2>{{node(rng), node(rng)}};
    tbb::task_arena arena(static_cast<int>(threads));
    arena.execute([&] {
        measure("msd+lsd (radix_sort)", input,
                [&](Row<2>* a, Row<2>* b, std::size_t m) { return radix_sort<2>(a, b, m, threads); });
        measure("lsd passes", input, [&](Row<2>* a, Row<2>* b, std::size_t m) {
            return lsd_sort_parallel<2>(a, b, m, radix_passes(column_ranges<2>(a, m, threads)), threads);
        });
        measure("std::sort (1 thread)", input, [&](Row<2>* a, Row<2>*, std::size_t m) {
            std::sort(a, a + m);
            return a;
        });
    });
}
