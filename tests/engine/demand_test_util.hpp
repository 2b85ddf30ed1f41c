#pragma once
// Helpers for the demand-driven solving tests (demand_test.cpp, demand_backend_test.cpp):
// random queries, and the answers they must get — the full evaluation's rows of the
// queried relation, kept where the bound columns hold a query's values.

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "gpu_engine/demand.hpp"
#include "tests/engine/engine_test_util.hpp"

namespace galias::test {

// `count` queries of `adornment` on `relation`, values drawn from [0, values).
inline engine::Demand random_demand(std::mt19937& rng, const std::string& relation,
                                    const std::string& adornment, std::uint32_t values, std::uint32_t count) {
    engine::Demand demand{relation, adornment, {}};
    const auto bound = static_cast<std::uint32_t>(std::count(adornment.begin(), adornment.end(), 'b'));
    if (bound == 0) return demand;
    for (std::uint32_t q = 0; q < count * bound; ++q)
        demand.values.push_back(std::uniform_int_distribution<std::uint32_t>(0, values - 1)(rng));
    return demand;
}

// A random adornment of `arity` letters.
inline std::string random_adornment(std::mt19937& rng, std::size_t arity) {
    std::string adornment;
    for (std::size_t c = 0; c < arity; ++c) adornment += rng() % 2 == 0 ? 'b' : 'f';
    return adornment;
}

// The rows of `full` that some demand on `relation` asks for.
inline TupleSet expected_answers(const TupleSet& full, const std::string& relation,
                                 const std::vector<engine::Demand>& demands) {
    TupleSet out;
    for (const engine::Demand& demand : demands) {
        if (demand.relation != relation) continue;
        std::vector<std::size_t> bound;
        for (std::size_t c = 0; c < demand.adornment.size(); ++c)
            if (demand.adornment[c] == 'b') bound.push_back(c);
        std::set<Tuple> queries;
        if (bound.empty()) queries.insert(Tuple{});
        for (std::size_t i = 0; i + bound.size() <= demand.values.size() && !bound.empty(); i += bound.size())
            queries.emplace(demand.values.begin() + static_cast<std::ptrdiff_t>(i),
                            demand.values.begin() + static_cast<std::ptrdiff_t>(i + bound.size()));
        for (const Tuple& row : full) {
            Tuple key;
            for (std::size_t c : bound) key.push_back(row[c]);
            if (queries.contains(key)) out.insert(row);
        }
    }
    return out;
}

inline TupleSet to_set(const engine::Answers& answers) {
    TupleSet out;
    for (std::size_t i = 0; i < answers.size(); ++i)
        out.insert(Tuple(answers.rows.begin() + static_cast<std::ptrdiff_t>(i * answers.arity),
                         answers.rows.begin() + static_cast<std::ptrdiff_t>((i + 1) * answers.arity)));
    return out;
}

inline std::string describe(const std::vector<engine::Demand>& demands) {
    std::ostringstream out;
    for (const engine::Demand& demand : demands) {
        out << demand.relation << "(" << demand.adornment << "):";
        for (std::uint32_t value : demand.values) out << " " << static_cast<std::int32_t>(value);
        out << "\n";
    }
    return out.str();
}

// Every queried relation's answers equal `full` (every relation of a full evaluation)
// filtered by the queries; rows sorted and unique.
inline void expect_answers(const engine::DemandResult& result, const std::map<std::string, TupleSet>& full,
                           const std::vector<engine::Demand>& demands, const std::string& label) {
    std::set<std::string> asked;
    for (const engine::Demand& demand : demands) asked.insert(demand.relation);
    for (const std::string& relation : asked) {
        ASSERT_TRUE(result.answers.contains(relation)) << label << ": no answers for " << relation;
        const engine::Answers& answers = result.answers.at(relation);
        ASSERT_EQ(answers.rows.size() % std::max<std::uint32_t>(answers.arity, 1), 0u);
        const TupleSet got = to_set(answers);
        ASSERT_EQ(got.size(), answers.size()) << label << ": duplicate rows in " << relation;
        ASSERT_EQ(got, expected_answers(full.at(relation), relation, demands))
            << label << ": answers of " << relation << " differ\ndemands:\n"
            << describe(demands);
    }
    ASSERT_EQ(result.answers.size(), asked.size()) << label;
}

}  // namespace galias::test
