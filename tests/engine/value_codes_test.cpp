// ValueCodes (runtime/value_codes.hpp): when a run evaluates on dense codes, and that the
// codes keep the values' order and decode back; and that a run on codes derives exactly
// what a run on the values does.
#include "gpu_engine/runtime/value_codes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "gpu_engine/engine.hpp"
#include "tests/engine/engine_test_util.hpp"

namespace galias::test {
namespace {

using engine::Cell;
using engine::ValueCodes;

ValueCodes codes_for(const std::vector<std::vector<Cell>>& inputs, const std::vector<Cell>& constants) {
    return ValueCodes::for_values(inputs, constants, ValueCodes::largest_value(inputs, constants));
}

// Every value of `inputs` and `constants` gets the code of its rank: increasing, dense,
// and decoding gives the value back.
void expect_rank_codes(const ValueCodes& codes, const std::vector<std::vector<Cell>>& inputs,
                       const std::vector<Cell>& constants) {
    std::vector<Cell> values = constants;
    for (const auto& input : inputs) values.insert(values.end(), input.begin(), input.end());
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    ASSERT_TRUE(codes.active());
    ASSERT_EQ(codes.distinct(), values.size());
    ASSERT_EQ(codes.largest(), values.size() - 1);
    std::vector<Cell> coded = values;
    codes.encode(coded);
    for (std::size_t i = 0; i < values.size(); ++i) ASSERT_EQ(coded[i], i) << "value " << values[i];
    codes.decode(coded);
    ASSERT_EQ(coded, values);
}

TEST(ValueCodes, SparseValuesGetTheirRanks) {
    std::mt19937 rng(3);
    std::uniform_int_distribution<Cell> value(0, 1'000'000);
    std::vector<std::vector<Cell>> inputs(3);
    for (auto& input : inputs)
        for (int i = 0; i < 5000; ++i) input.push_back(value(rng));
    inputs[1].clear();  // a relation that is not an input
    const std::vector<Cell> constants = {7, 999'999, 1'000'001};
    expect_rank_codes(codes_for(inputs, constants), inputs, constants);
}

TEST(ValueCodes, VerySparseValuesAreSearched) {
    // Values up to 2^31 - 1 among a few cells: no presence bitmap of 2^31 bits.
    const std::vector<std::vector<Cell>> inputs = {{0x7FFFFFFFu, 5, 1u << 30, 5, 123456789}};
    expect_rank_codes(codes_for(inputs, {}), inputs, {});
}

TEST(ValueCodes, NoCodesWhereTheyDoNotPay) {
    std::vector<Cell> dense;
    for (Cell v = 0; v < 10000; v += 2) dense.push_back(v);  // half the values: not coded
    EXPECT_FALSE(codes_for({dense}, {}).active());
    EXPECT_FALSE(codes_for({{1, 4000}}, {}).active());  // small bound
    // A negative number (2^31 or more): signed comparisons would change on codes.
    EXPECT_FALSE(codes_for({{1, 100000}}, {0xFFFFFFFFu}).active());
    const ValueCodes none;
    std::vector<Cell> cells = {3, 1};
    none.decode(cells);  // no codes: nothing changes
    EXPECT_EQ(cells, (std::vector<Cell>{3, 1}));
}

// Reachability from sparse node ids, with an unsigned comparison against a constant that
// is not an input value: the same relations, sorted, with and without codes.
TEST(ValueCodes, RunOnCodesDerivesTheSameTuples) {
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
    {
        constexpr engine::BackendKind backend = engine::BackendKind::GALIAS_TEST_BACKEND;
        if (backend == engine::BackendKind::Cuda && !engine::cuda_device_available())
            GTEST_SKIP() << "no CUDA device (or built without the CUDA backend): the run on codes skipped";
        engine::EngineOptions on;
        on.backend = backend;
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
}

}  // namespace
}  // namespace galias::test
