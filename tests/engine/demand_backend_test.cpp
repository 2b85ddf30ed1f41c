// Demand-driven solving on each backend under test (backends_under_test.hpp: the CPU in
// engine_tests, the CUDA backend in engine_gpu_tests, where it skips without a GPU): the
// bundled rule sets on random graphs, queried as the pipeline asks, answer what the same
// backend's full run holds for the queries, and the reference evaluator's on small graphs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "analyses/builtin_programs.hpp"
#include "tests/engine/backends_under_test.hpp"
#include "tests/engine/demand_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

class DemandOnBackend : public ::testing::TestWithParam<BackendUnderTest> {
protected:
    void SetUp() override {
        if (const auto why = backend_unavailable(GetParam().kind)) GTEST_SKIP() << *why;
    }
    engine::EngineOptions options() const {
        engine::EngineOptions out;
        out.backend = GetParam().kind;
        out.cuda = GetParam().cuda;
        return out;
    }
};

// GALIAS_GPU_TEST_CASES lowers the count, as for the GPU parity tests.
int cases() {
    const char* env = std::getenv("GALIAS_GPU_TEST_CASES");
    return env != nullptr ? std::max(1, std::atoi(env) / 5) : 8;
}

struct Shape {
    const char* program;
    std::vector<std::pair<const char*, std::uint32_t>> inputs;  // relation, tuples drawn
    std::vector<std::pair<const char*, const char*>> demands;   // relation, adornment
};

// Odd cases are small (also checked against the reference evaluator); even ones larger.
void check(const Shape& shape, const engine::EngineOptions& options, std::uint32_t seed) {
    const std::string text(analyses::find_builtin_program(shape.program)->text);
    const engine::Program program = engine::compile_program(text, std::string(shape.program) + ".dl");
    std::mt19937 rng(seed);
    for (int c = 0; c < cases(); ++c) {
        const bool small = c % 2 == 1;
        const std::uint32_t nodes = small ? 16 : 300;
        std::map<std::string, TupleSet> inputs;
        for (const auto& [relation, tuples] : shape.inputs)
            inputs[relation] = uniform_pairs(rng, nodes, small ? tuples / 10 : tuples);
        std::vector<engine::Demand> demands;
        for (const auto& [relation, adornment] : shape.demands)
            demands.push_back(random_demand(rng, relation, adornment, nodes, small ? 3 : 40));
        auto symbols = std::make_shared<facts::StringInterner>();
        const engine::DemandResult result =
            engine::solve_on_demand(program, make_inputs(inputs, symbols), demands, options);
        const engine::Result full = engine::run(program, make_inputs(inputs, symbols), options);
        std::map<std::string, TupleSet> rows;
        for (const engine::RelationResult& relation : full.relations) rows[relation.name] = to_set(relation);
        const std::string label = std::string(shape.program) + " case " + std::to_string(c);
        expect_answers(result, rows, demands, label + " against the full run");
        if (small) expect_answers(result, reference_evaluate(text, inputs, *symbols), demands, label);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST_P(DemandOnBackend, Cspa) {
    check({"cspa", {{"assign", 400}, {"dereference", 150}}, {{"ValueAlias", "bb"}, {"MemoryAlias", "fb"}}},
          options(), 71);
}

TEST_P(DemandOnBackend, CspaLinear) {
    check({"cspa_linear",
           {{"assign", 400}, {"dereference", 150}},
           {{"ValueAlias", "bb"}, {"MemoryAlias", "fb"}}},
          options(), 72);
}

TEST_P(DemandOnBackend, Andersen) {
    check({"andersen",
           {{"addressOf", 300}, {"assign", 300}, {"load", 150}, {"store", 150}},
           {{"PointsTo", "bf"}}},
          options(), 73);
}

TEST_P(DemandOnBackend, ReachAndSameGeneration) {
    check({"reach", {{"edge", 600}}, {{"Reach", "bf"}, {"Reach", "fb"}}}, options(), 74);
    check({"sg", {{"edge", 500}}, {{"SG", "bf"}, {"SG", "bb"}}}, options(), 75);
}

INSTANTIATE_TEST_SUITE_P(Backends, DemandOnBackend, ::testing::ValuesIn(backends_under_test()),
                         backend_test_name);

}  // namespace
}  // namespace galias::test
