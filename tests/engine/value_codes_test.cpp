// ValueCodes (runtime/value_codes.hpp): when a run evaluates on dense codes, and that the
// codes keep the values' order and decode back. That a run on codes derives exactly what a
// run on the values does, on each backend: value_codes_backend_test.cpp.
#include "gpu_engine/runtime/value_codes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

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

}  // namespace
}  // namespace galias::test
