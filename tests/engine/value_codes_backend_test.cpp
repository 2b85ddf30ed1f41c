// A run on dense value codes (runtime/value_codes.hpp) derives exactly what a run on the
// values does, on each backend of the test program (backends_under_test.hpp).
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <random>
#include <string>

#include "gpu_engine/engine.hpp"
#include "tests/engine/backends_under_test.hpp"
#include "tests/engine/engine_test_util.hpp"

namespace galias::test {
namespace {

using engine::Cell;

class ValueCodesOnBackend : public ::testing::TestWithParam<BackendUnderTest> {};

// Reachability from sparse node ids, with an unsigned comparison against a constant that
// is not an input value: the same relations, sorted, with and without codes.
TEST_P(ValueCodesOnBackend, RunOnCodesDerivesTheSameTuples) {
    const std::string text = R"(
.decl edge(x: number, y: number)
.input edge
.decl reach(x: number, y: number)
.output reach
reach(x, y) :- edge(x, y).
reach(x, y) :- reach(x, z), edge(z, y).
.decl low(x: number, y: number)
.output low
low(x, y) :- reach(x, y), y < 500000, x != 70001.
)";
    const engine::Program program = engine::compile_program(text, "sparse.dl");
    std::mt19937 rng(9);
    std::uniform_int_distribution<Cell> node(0, 299);
    TupleSet edges;
    for (int e = 0; e < 600; ++e)
        edges.insert({node(rng) * 3331 + 1, node(rng) * 3331 + 1});  // ids up to ~1 M
    edges.insert({70001, 1});
    if (const std::optional<std::string> why = backend_unavailable(GetParam().kind))
        GTEST_SKIP() << *why << ": the run on codes skipped";
    engine::EngineOptions on;
    on.backend = GetParam().kind;
    on.cuda = GetParam().cuda;
    engine::EngineOptions off = on;
    off.code_values = false;
    auto symbols = std::make_shared<facts::StringInterner>();
    const engine::Result coded = engine::run(program, make_inputs({{"edge", edges}}, symbols), on);
    const engine::Result plain = engine::run(program, make_inputs({{"edge", edges}}, symbols), off);
    EXPECT_GT(coded.stats.coded_values, 250u);
    EXPECT_EQ(plain.stats.coded_values, 0u);
    EXPECT_LT(coded.stats.value_bound, 400u);
    for (const char* name : {"reach", "low"}) {
        const engine::RelationResult& a = coded.relation(name);
        const engine::RelationResult& b = plain.relation(name);
        EXPECT_TRUE(is_sorted_unique(a)) << name;
        EXPECT_EQ(a.rows, b.rows) << name;
        EXPECT_GT(a.size(), 1000u) << name;
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, ValueCodesOnBackend, ::testing::ValuesIn(backends_under_test()),
                         backend_test_name);

}  // namespace
}  // namespace galias::test
