// Bounds on a run (engine::RunLimits) on each backend under test (backends_under_test.hpp):
// a run that passes its bound of derived tuples or of seconds stops at the end of the
// iteration that passed it with RunLimitExceeded, naming the bound and what it had derived;
// a run within its bounds gives what a run without them gives; and a bounded round of a
// demand solver leaves the solver able to answer the same queries afterwards.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "analyses/builtin_programs.hpp"
#include "tests/engine/backends_under_test.hpp"
#include "tests/engine/demand_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

std::string builtin(const char* name) {
    return std::string(analyses::find_builtin_program(name)->text);
}

// A chain 0 -> 1 -> ... -> 59 and random edges: REACH runs about sixty iterations.
std::map<std::string, TupleSet> reach_inputs(std::mt19937& rng) {
    TupleSet edges = uniform_pairs(rng, 80, 40);
    for (std::uint32_t i = 0; i + 1 < 60; ++i) edges.insert({i, i + 1});
    return {{"edge", edges}};
}

std::map<std::string, TupleSet> cspa_inputs(std::mt19937& rng) {
    return {{"assign", uniform_pairs(rng, 120, 200)}, {"dereference", uniform_pairs(rng, 120, 60)}};
}

// What a run reported after each iteration: the tuples derived so far, per iteration.
struct Derived {
    std::vector<std::uint64_t> after;  // cumulative, one entry per iteration
    [[nodiscard]] std::uint64_t total() const { return after.empty() ? 0 : after.back(); }
};

class RunLimitsOnBackend : public ::testing::TestWithParam<BackendUnderTest> {
protected:
    void SetUp() override {
        if (const auto why = backend_unavailable(GetParam().kind)) GTEST_SKIP() << *why;
    }
    engine::EngineOptions options(Derived& derived, engine::RunLimits limits = {}) const {
        engine::EngineOptions out;
        out.backend = GetParam().kind;
        out.cuda = GetParam().cuda;
        out.limits = limits;
        out.on_progress = [&derived](const engine::Progress& progress) {
            derived.after.push_back(derived.total() + progress.delta_tuples);
        };
        return out;
    }
    // Relations of a run without bounds, and the tuples it derived.
    std::map<std::string, TupleSet> unbounded(const engine::Program& program,
                                              const std::map<std::string, TupleSet>& inputs,
                                              Derived& derived) {
        auto symbols = std::make_shared<facts::StringInterner>();
        const engine::Result result = engine::run(program, make_inputs(inputs, symbols), options(derived));
        std::map<std::string, TupleSet> out;
        for (const engine::RelationResult& relation : result.relations) out[relation.name] = to_set(relation);
        return out;
    }
    // Runs with `limits`, which the run must pass; returns the exception.
    engine::RunLimitExceeded bounded(const engine::Program& program,
                                     const std::map<std::string, TupleSet>& inputs, engine::RunLimits limits,
                                     Derived& derived) {
        auto symbols = std::make_shared<facts::StringInterner>();
        try {
            engine::run(program, make_inputs(inputs, symbols), options(derived, limits));
        } catch (const engine::RunLimitExceeded& stop) {
            return stop;
        }
        ADD_FAILURE() << "the run did not stop at its bound";
        return engine::RunLimitExceeded(engine::RunLimitExceeded::Bound::Tuples, 0, 0);
    }
    void expect_same_rows(const engine::Program& program, const std::map<std::string, TupleSet>& inputs,
                          engine::RunLimits limits, const std::map<std::string, TupleSet>& expected,
                          const std::string& label) {
        Derived derived;
        auto symbols = std::make_shared<facts::StringInterner>();
        const engine::Result result =
            engine::run(program, make_inputs(inputs, symbols), options(derived, limits));
        for (const auto& [name, tuples] : expected)
            EXPECT_EQ(to_set(result.relation(name)), tuples) << label << ": " << name;
    }
};

TEST(RunLimits, NoneByDefault) {
    EXPECT_FALSE(engine::RunLimits{}.any());
    EXPECT_TRUE((engine::RunLimits{.max_derived_tuples = 1}).any());
    EXPECT_TRUE((engine::RunLimits{.max_seconds = 0.5}).any());
    EXPECT_FALSE(engine::EngineOptions{}.limits.any());
}

TEST(RunLimits, ExceptionNamesItsBound) {
    const engine::RunLimitExceeded tuples(engine::RunLimitExceeded::Bound::Tuples, 1234, 0.5);
    EXPECT_EQ(tuples.bound(), engine::RunLimitExceeded::Bound::Tuples);
    EXPECT_EQ(tuples.derived_tuples(), 1234u);
    EXPECT_DOUBLE_EQ(tuples.seconds(), 0.5);
    EXPECT_NE(std::string(tuples.what()).find("bound of derived tuples (1234 derived)"), std::string::npos)
        << tuples.what();
    const engine::RunLimitExceeded seconds(engine::RunLimitExceeded::Bound::Seconds, 7, 2.5);
    EXPECT_EQ(seconds.bound(), engine::RunLimitExceeded::Bound::Seconds);
    EXPECT_NE(std::string(seconds.what()).find("time bound"), std::string::npos) << seconds.what();
}

// Every tuple a run derives is in one iteration's delta: the bound counts each once. A
// bound of exactly that many lets the run finish; one less stops it at the iteration that
// derived the last of them; a small bound stops it at the first iteration past it.
TEST_P(RunLimitsOnBackend, StopsPastItsBoundOfDerivedTuples) {
    std::mt19937 rng(41);
    for (const char* name : {"reach", "cspa_linear", "sg"}) {
        const engine::Program program = engine::compile_program(builtin(name), std::string(name) + ".dl");
        const std::map<std::string, TupleSet> inputs =
            std::string(name) == "cspa_linear" ? cspa_inputs(rng) : reach_inputs(rng);
        Derived all;
        const std::map<std::string, TupleSet> expected = unbounded(program, inputs, all);
        std::uint64_t derived_rows = 0;  // every relation's, the inputs excepted
        for (const auto& [relation, tuples] : expected)
            if (!inputs.contains(relation)) derived_rows += tuples.size();
        ASSERT_EQ(all.total(), derived_rows) << name;
        ASSERT_GT(all.total(), 10u) << name;

        expect_same_rows(program, inputs, {.max_derived_tuples = all.total()}, expected, name);

        Derived stopped;
        engine::RunLimitExceeded stop =
            bounded(program, inputs, {.max_derived_tuples = all.total() - 1}, stopped);
        EXPECT_EQ(stop.bound(), engine::RunLimitExceeded::Bound::Tuples) << name;
        EXPECT_EQ(stop.derived_tuples(), all.total()) << name;
        EXPECT_EQ(stopped.total(), all.total()) << name;

        for (const std::uint64_t bound : {std::uint64_t{1}, all.total() / 2}) {
            Derived partial;
            stop = bounded(program, inputs, {.max_derived_tuples = bound}, partial);
            EXPECT_EQ(stop.bound(), engine::RunLimitExceeded::Bound::Tuples) << name;
            EXPECT_GT(stop.derived_tuples(), bound) << name;
            // Stopped at the end of the first iteration past the bound.
            ASSERT_FALSE(partial.after.empty()) << name;
            EXPECT_EQ(stop.derived_tuples(), partial.total()) << name;
            if (partial.after.size() > 1) EXPECT_LE(partial.after[partial.after.size() - 2], bound) << name;
            EXPECT_LT(partial.after.size(), all.after.size()) << name;
        }
        if (HasFailure()) return;
    }
}

TEST_P(RunLimitsOnBackend, StopsPastItsTimeBound) {
    std::mt19937 rng(42);
    const engine::Program program = engine::compile_program(builtin("reach"), "reach.dl");
    const std::map<std::string, TupleSet> inputs = reach_inputs(rng);
    Derived all;
    const std::map<std::string, TupleSet> expected = unbounded(program, inputs, all);

    // Any run takes more than a nanosecond: it stops after its first iteration.
    Derived stopped;
    const engine::RunLimitExceeded stop = bounded(program, inputs, {.max_seconds = 1e-9}, stopped);
    EXPECT_EQ(stop.bound(), engine::RunLimitExceeded::Bound::Seconds);
    EXPECT_GT(stop.seconds(), 1e-9);
    EXPECT_EQ(stopped.after.size(), 1u);
    EXPECT_EQ(stop.derived_tuples(), stopped.total());

    expect_same_rows(program, inputs, {.max_seconds = 3600}, expected, "an hour");
    expect_same_rows(program, inputs, {.max_derived_tuples = all.total() * 2, .max_seconds = 3600}, expected,
                     "both bounds");
}

// The pipeline bounds each demand round too: a round that stops keeps nothing, and the
// solver answers the same queries in a later round as if it had not run.
TEST_P(RunLimitsOnBackend, ABoundedDemandRoundLeavesTheSolverAsItWas) {
    std::mt19937 rng(43);
    const std::string text = builtin("reach");
    const engine::Program program = engine::compile_program(text, "reach.dl");
    const std::map<std::string, TupleSet> inputs = reach_inputs(rng);
    Derived all;
    const std::map<std::string, TupleSet> expected = unbounded(program, inputs, all);
    engine::DemandSolver solver(program, {engine::DemandForm{"Reach", "bf", {}}});
    const engine::Demand demand{"Reach", "bf", {0, 5, 30, 79}};
    auto symbols = std::make_shared<facts::StringInterner>();
    Derived derived;
    EXPECT_THROW(
        solver.solve(make_inputs(inputs, symbols), {demand}, options(derived, {.max_derived_tuples = 1})),
        engine::RunLimitExceeded);
    Derived again;
    const engine::DemandResult result = solver.solve(make_inputs(inputs, symbols), {demand}, options(again));
    EXPECT_NE(result.stats.queries, 0u) << "the bounded round's queries count as answered";
    expect_answers(result, expected, {demand}, "after a bounded round");
}

INSTANTIATE_TEST_SUITE_P(Backends, RunLimitsOnBackend, ::testing::ValuesIn(backends_under_test()),
                         backend_test_name);

}  // namespace
}  // namespace galias::test
