// Demand-driven solving cross-checked with the reference evaluator on the CPU backend: for
// every query, the answer equals the full evaluation's rows of the queried relation whose
// bound columns hold the query's values. Random programs with random queries (both SIPS,
// plain and supplementary magic relations, relations with input facts and rules), the
// pipeline's shapes on CSPA, its linear form and Andersen, and rounds of growing demand.
#include <gtest/gtest.h>

#include <random>

#include "analyses/builtin_programs.hpp"
#include "tests/engine/demand_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

std::string builtin(const char* name) {
    return std::string(analyses::find_builtin_program(name)->text);
}

engine::MagicOptions random_magic(std::mt19937& rng) {
    engine::MagicOptions magic;
    magic.sips = rng() % 4 == 0 ? engine::plan::Sips::LeftToRight : engine::plan::Sips::MostBoundFirst;
    magic.one_bound_column = rng() % 3 != 0;
    magic.supplementary = rng() % 2 == 0;
    return magic;
}

// Solves `demands` on demand and compares with the reference's full evaluation.
void check_on_demand(const std::string& text, const std::map<std::string, TupleSet>& inputs,
                     const std::vector<engine::Demand>& demands, const engine::EngineOptions& options,
                     const engine::MagicOptions& magic, const std::string& label,
                     const std::map<std::string, std::uint32_t>& arities = {}) {
    auto symbols = std::make_shared<facts::StringInterner>();
    const engine::Program program = engine::compile_program(text, label);
    const engine::DemandResult result =
        engine::solve_on_demand(program, make_inputs(inputs, symbols, arities), demands, options, magic);
    const auto full = reference_evaluate(text, inputs, *symbols);
    expect_answers(
        result, full, demands,
        label + " (sips " + (magic.sips == engine::plan::Sips::LeftToRight ? "left-to-right" : "bound") +
            ", one bound column " + std::to_string(magic.one_bound_column) + ", supplementary " +
            std::to_string(magic.supplementary) + ")\nprogram:\n" + text + "\ninputs:\n" + describe(inputs));
}

TupleSet edges_up_to(std::mt19937& rng, std::uint32_t nodes, std::uint32_t max_edges) {
    return random_relation(rng, {.values = nodes, .tuples = max_edges, .up_to = true});
}

// Random programs (random_inputs.hpp: constants, repeated variables, wildcards, comparisons,
// recursion, several strata), a third of them with input facts for p besides its rules,
// and one to three random demands on their relations, inputs included.
TEST(Demand, RandomProgramsMatchReference) {
    std::mt19937 rng(61);
    const std::vector<std::pair<std::string, std::size_t>> relations{{"p", 2}, {"q", 1}, {"r", 3},
                                                                     {"s", 2}, {"e", 2}, {"f", 3}};
    for (int c = 0; c < 300; ++c) {
        std::string text = random_program(rng);
        std::map<std::string, TupleSet> inputs{
            {"e", edges_up_to(rng, 5, 14)},
            {"f", random_relation(rng, {.values = 5, .tuples = 12, .up_to = true, .arity = 3})}};
        if (rng() % 3 == 0) {
            text += ".input p\n";
            inputs["p"] = edges_up_to(rng, 5, 6);
        }
        std::vector<engine::Demand> demands;
        const int count = std::uniform_int_distribution<int>(1, 3)(rng);
        for (int d = 0; d < count; ++d) {
            const auto& [relation, arity] = relations[rng() % relations.size()];
            demands.push_back(random_demand(rng, relation, random_adornment(rng, arity), 6,
                                            std::uniform_int_distribution<std::uint32_t>(0, 4)(rng)));
        }
        check_on_demand(text, inputs, demands, random_options(rng), random_magic(rng),
                        "random program " + std::to_string(c), {{"f", 3}});
        if (HasFatalFailure()) return;
    }
}

// Mutual recursion, a relation reached with several adornments, constants and a repeated
// variable in bodies, and a relation with input facts that rules extend.
TEST(Demand, MutualRecursionAndSeveralAdornmentsMatchReference) {
    const std::string text = R"(
.decl e(x: number, y: number)
.input e
.decl Odd(x: number, y: number)
.decl Even(x: number, y: number)
.decl Loop(x: number)
.decl Link(x: number, y: number)
.input Link
Odd(x, y) :- e(x, y).
Odd(x, y) :- Even(x, z), e(z, y).
Even(x, y) :- Odd(x, z), e(z, y).
Even(x, y) :- Odd(y, z), Odd(z, x), x != y.
Loop(x) :- Even(x, x).
Loop(x) :- Odd(0, x), Link(x, _).
Link(x, y) :- Link(x, z), Odd(z, y), y < 6.
)";
    std::mt19937 rng(62);
    for (int c = 0; c < 60; ++c) {
        const std::map<std::string, TupleSet> inputs{{"e", edges_up_to(rng, 7, 14)},
                                                     {"Link", edges_up_to(rng, 7, 5)}};
        std::vector<engine::Demand> demands{random_demand(rng, "Loop", rng() % 4 == 0 ? "f" : "b", 7, 3),
                                            random_demand(rng, "Link", random_adornment(rng, 2), 7, 3),
                                            random_demand(rng, "Even", random_adornment(rng, 2), 7, 2)};
        check_on_demand(text, inputs, demands, random_options(rng), random_magic(rng),
                        "mutual recursion case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

// The pipeline's shapes: ValueAlias with both columns bound and MemoryAlias with its
// second, on random fact graphs (as randomized_test.cpp draws them), random query nodes.
void check_cspa(const char* name, std::uint32_t seed, int cases) {
    std::mt19937 rng(seed);
    const std::string text = builtin(name);
    for (int c = 0; c < cases; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 20)(rng);
        const std::map<std::string, TupleSet> inputs{{"assign", edges_up_to(rng, nodes, 30)},
                                                     {"dereference", edges_up_to(rng, nodes, 15)}};
        std::vector<engine::Demand> demands{random_demand(rng, "ValueAlias", "bb", nodes, 8),
                                            random_demand(rng, "MemoryAlias", "fb", nodes, 3)};
        if (c % 4 == 0)
            demands.push_back(random_demand(rng, "ValueFlow", random_adornment(rng, 2), nodes, 3));
        check_on_demand(text, inputs, demands, random_options(rng), random_magic(rng),
                        std::string(name) + " case " + std::to_string(c));
        if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST(Demand, CspaMatchesReference) {
    check_cspa("cspa", 63, 100);
}

TEST(Demand, CspaLinearMatchesReference) {
    check_cspa("cspa_linear", 64, 60);
}

TEST(Demand, AndersenMatchesReference) {
    std::mt19937 rng(65);
    const std::string text = builtin("andersen");
    for (int c = 0; c < 100; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 20)(rng);
        const std::map<std::string, TupleSet> inputs{{"addressOf", edges_up_to(rng, nodes, 15)},
                                                     {"assign", edges_up_to(rng, nodes, 15)},
                                                     {"load", edges_up_to(rng, nodes, 10)},
                                                     {"store", edges_up_to(rng, nodes, 10)}};
        check_on_demand(text, inputs, {random_demand(rng, "PointsTo", "bf", nodes, 4)}, random_options(rng),
                        random_magic(rng), "andersen case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

// Rounds of growing demand: a round runs only the queries not answered before, and
// answers exactly its own queries (old answers kept, new ones added).
TEST(Demand, LaterRoundsRunOnlyNewQueries) {
    const std::string text = builtin("cspa");
    const engine::Program program = engine::compile_program(text, "cspa.dl");
    std::mt19937 rng(66);
    for (int c = 0; c < 20; ++c) {
        const std::uint32_t nodes = 16;
        const std::map<std::string, TupleSet> inputs{{"assign", edges_up_to(rng, nodes, 30)},
                                                     {"dereference", edges_up_to(rng, nodes, 15)}};
        auto symbols = std::make_shared<facts::StringInterner>();
        const auto full = reference_evaluate(text, inputs, *symbols);
        engine::DemandSolver solver(program, {{"ValueAlias", "bb", {}}, {"MemoryAlias", "fb", {}}});
        engine::EngineOptions options = random_options(rng);
        engine::Demand pairs = random_demand(rng, "ValueAlias", "bb", nodes, 4);
        const engine::Demand targets = random_demand(rng, "MemoryAlias", "fb", nodes, 2);

        const engine::DemandResult first = solver.solve(make_inputs(inputs, symbols), {pairs}, options);
        expect_answers(first, full, {pairs}, "round 1");
        std::set<Tuple> old_pairs;
        for (std::size_t i = 0; i < pairs.values.size(); i += 2)
            old_pairs.insert({pairs.values[i], pairs.values[i + 1]});
        EXPECT_EQ(first.stats.queries, old_pairs.size());

        const engine::Demand more = random_demand(rng, "ValueAlias", "bb", nodes, 6);
        pairs.values.insert(pairs.values.end(), more.values.begin(), more.values.end());
        const engine::DemandResult second =
            solver.solve(make_inputs(inputs, symbols), {pairs, targets}, options);
        expect_answers(second, full, {pairs, targets}, "round 2");
        // Only the pairs not asked in round 1 ran, and the targets.
        std::set<Tuple> new_pairs, targets_asked;
        for (std::size_t i = 0; i < more.values.size(); i += 2)
            if (!old_pairs.contains({more.values[i], more.values[i + 1]}))
                new_pairs.insert({more.values[i], more.values[i + 1]});
        for (std::uint32_t v : targets.values) targets_asked.insert(Tuple{v});
        EXPECT_EQ(second.stats.queries, new_pairs.size() + targets_asked.size());
        // Asking the same again runs nothing and answers the same.
        const engine::DemandResult third =
            solver.solve(make_inputs(inputs, symbols), {pairs, targets}, options);
        EXPECT_EQ(third.stats.queries, 0u);
        EXPECT_TRUE(third.run.relations.empty());
        expect_answers(third, full, {pairs, targets}, "round 3");
        // A smaller round answers only its own queries, from what is known.
        const engine::DemandResult fourth = solver.solve(make_inputs(inputs, symbols), {targets}, options);
        EXPECT_EQ(fourth.stats.queries, 0u);
        expect_answers(fourth, full, {targets}, "round 4");
        if (HasFatalFailure()) return;
    }
}

// The demand's size comes back per magic relation, against the input it read.
TEST(Demand, StatsReportTheMagicRelations) {
    const std::string text = builtin("reach");
    const engine::Program program = engine::compile_program(text, "reach.dl");
    TupleSet chain;
    for (std::uint32_t i = 0; i < 100; ++i) chain.insert({i, i + 1});
    auto symbols = std::make_shared<facts::StringInterner>();
    engine::EngineOptions options;
    options.backend = engine::BackendKind::Cpu;
    const engine::DemandResult result = engine::solve_on_demand(
        program, make_inputs({{"edge", chain}}, symbols), {{"Reach", "bf", {90, 95}}}, options);
    ASSERT_EQ(result.stats.magic.size(), 1u);
    EXPECT_EQ(result.stats.magic[0].first, "magic_Reach_bf");
    EXPECT_EQ(result.stats.magic[0].second, 11u);  // 90..100: the sources reached from 90 and 95
    EXPECT_EQ(result.stats.demand_tuples, 11u);
    EXPECT_EQ(result.stats.input_tuples, 100u);
    EXPECT_DOUBLE_EQ(result.stats.demand_ratio(), 0.11);
    EXPECT_EQ(result.answers.at("Reach").size(), 10u + 5u);
    EXPECT_EQ(result.stats.queries, 2u);
}

// A demand of a shape the solver was not made for, or values that are not whole queries.
TEST(Demand, MisshapenDemandsAreRefused) {
    const engine::Program program = engine::compile_program(builtin("reach"), "reach.dl");
    engine::DemandSolver solver(program, {{"Reach", "bf", {}}});
    engine::EngineOptions options;
    options.backend = engine::BackendKind::Cpu;
    engine::Inputs inputs;
    inputs.relations["edge"] = {2, {1, 2}};
    EXPECT_THROW(solver.solve(inputs, {{"Reach", "fb", {1}}}, options), std::invalid_argument);
    // No queries: nothing runs, the relation has no answers.
    const engine::DemandResult none = solver.solve(inputs, {{"Reach", "bf", {}}}, options);
    EXPECT_EQ(none.stats.queries, 0u);
    EXPECT_EQ(none.answers.at("Reach").size(), 0u);
    engine::DemandSolver pairs(program, {{"Reach", "bb", {}}});
    EXPECT_THROW(pairs.solve(inputs, {{"Reach", "bb", {1, 2, 3}}}, options), std::invalid_argument);
}

}  // namespace
}  // namespace galias::test
