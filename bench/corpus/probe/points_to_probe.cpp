// points_to_probe FACTS_DIR [--step WORK] [--max-work WORK] [--top N] [--merge-strings]
//
// Feeds FACTS_DIR/andersen/*.facts to the frontend's PointsToSolver (the pre-analysis that
// resolves calls through function pointers) and solves in steps of WORK propagation
// steps, printing after each step the time, the total size of the points-to sets and the
// largest sets by node name (FACTS_DIR/symbols.tsv): what makes a program expensive for the
// pre-analysis, and how the solver copes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "facts/program_facts.hpp"
#include "frontend/points_to_solver.hpp"

namespace {

using galias::frontend::PointsToSolver;

template <typename Add>
void read_pairs(const std::string& file, Add add) {
    std::ifstream in(file);
    unsigned a = 0;
    unsigned b = 0;
    while (in >> a >> b) add(a, b);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: points_to_probe FACTS_DIR [--step WORK] [--max-work WORK] [--top N]\n");
        return 2;
    }
    const std::string dir = argv[1];
    std::uint64_t step = 100'000'000;
    std::uint64_t max_work = UINT64_MAX;
    std::size_t top = 10;
    bool merge_strings = false;
    for (int i = 2; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--merge-strings") {
            merge_strings = true;
            continue;
        }
        if (i + 1 >= argc) break;
        const std::uint64_t value = std::strtoull(argv[i + 1], nullptr, 10);
        if (flag == "--step") step = value;
        if (flag == "--max-work") max_work = value;
        if (flag == "--top") top = value;
        ++i;
    }
    const galias::facts::ProgramFacts program = galias::facts::ProgramFacts::read(dir);
    PointsToSolver solver;
    // --merge-strings: all string literals one object (they hold no pointer).
    unsigned first_string = UINT32_MAX;
    const auto object = [&](unsigned x) {
        if (!merge_strings || program.nodes[x].kind != galias::facts::NodeKind::String) return x;
        if (first_string == UINT32_MAX) first_string = x;
        return first_string;
    };
    read_pairs(dir + "/andersen/addressOf.facts",
               [&](unsigned y, unsigned x) { solver.add_address_of(y, object(x)); });
    read_pairs(dir + "/andersen/assign.facts", [&](unsigned y, unsigned x) { solver.add_copy(y, x); });
    read_pairs(dir + "/andersen/load.facts", [&](unsigned y, unsigned x) { solver.add_load(y, x); });
    read_pairs(dir + "/andersen/store.facts", [&](unsigned y, unsigned x) { solver.add_store(y, x); });
    const auto start = std::chrono::steady_clock::now();
    bool done = false;
    while (!done && solver.work() < max_work) {
        done = solver.solve(step);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::vector<std::pair<std::size_t, unsigned>> sizes;
        std::uint64_t total = 0;
        for (unsigned n = 0; n < program.nodes.size(); ++n) {
            const std::size_t size = solver.points_to(n).count();
            total += size;
            sizes.emplace_back(size, n);
        }
        std::partial_sort(sizes.begin(), sizes.begin() + std::min(top, sizes.size()), sizes.end(),
                          [](const auto& a, const auto& b) { return a.first > b.first; });
        std::printf("%s work %llu, %.2f s, points-to total %llu, merged nodes %zu\n", done ? "done" : "step",
                    static_cast<unsigned long long>(solver.work()), seconds,
                    static_cast<unsigned long long>(total), solver.merged_nodes());
        for (std::size_t i = 0; i < top && i < sizes.size(); ++i) {
            std::printf("  %8zu  %s\n", sizes[i].first, program.nodes[sizes[i].second].name.c_str());
        }
        std::fflush(stdout);
    }
    return 0;
}
