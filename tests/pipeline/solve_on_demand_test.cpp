// CSPA on demand in the run driver (docs/ENGINE.md, "CSPA on demand in the run driver"):
// the solve options' values (parse_memory_size, the bounds and their text), the
// demand oracle (what it records, how it answers), and AliasAnswers on random programs:
// the work run until it asks nothing new answers what a full solve answers, auto's switch
// to a full solve, and the fallbacks when a run passes a bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <set>
#include <thread>

#include "facts_builder.hpp"
#include "pipeline/alias_answers.hpp"
#include "pipeline/demand_oracle.hpp"
#include "pipeline/solve_settings.hpp"

namespace galias::pipeline {
namespace {

using reports::testing::FactsBuilder;
using reports::testing::NodeKind;
using reports::testing::rows;

// --- options ---------------------------------------------------------------------------------

TEST(SolveSettings, MemorySizes) {
    EXPECT_EQ(parse_memory_size("0"), 0u);
    EXPECT_EQ(parse_memory_size("1024"), 1024u);
    EXPECT_EQ(parse_memory_size("16B"), 16u);
    EXPECT_EQ(parse_memory_size("1K"), 1024u);
    EXPECT_EQ(parse_memory_size("1k"), 1024u);
    EXPECT_EQ(parse_memory_size("1KB"), 1024u);
    EXPECT_EQ(parse_memory_size("1KiB"), 1024u);
    EXPECT_EQ(parse_memory_size("1kib"), 1024u);
    EXPECT_EQ(parse_memory_size("512M"), 512ull << 20);
    EXPECT_EQ(parse_memory_size("12G"), 12ull << 30);
    EXPECT_EQ(parse_memory_size("12GiB"), 12ull << 30);
    EXPECT_EQ(parse_memory_size("2T"), 2ull << 40);
    EXPECT_EQ(parse_memory_size("0G"), 0u);
}

TEST(SolveSettings, MemorySizesRefused) {
    for (const char* text : {"", "12X", "K", "G1", "-1", "+1", "1.5G", " 1G", "1G ", "1 G", "1GG", "1KK",
                             "1BB", "1iB", "1IB", "1Gb2", "1P", "0x10", "ten"})
        EXPECT_EQ(parse_memory_size(text), std::nullopt) << "'" << text << "'";
}

TEST(SolveSettings, MemorySizesThatOverflowAreRefused) {
    EXPECT_EQ(parse_memory_size("18446744073709551615"), std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(parse_memory_size("18446744073709551616"), std::nullopt);  // 2^64 bytes
    EXPECT_EQ(parse_memory_size("99999999999999999999G"), std::nullopt);
    EXPECT_EQ(parse_memory_size("17179869183G"), ((1ull << 34) - 1) << 30);  // the largest in G
    EXPECT_EQ(parse_memory_size("17179869184G"), std::nullopt);              // 2^64 bytes
    EXPECT_EQ(parse_memory_size("16777215T"), ((1ull << 24) - 1) << 40);
    EXPECT_EQ(parse_memory_size("16777216T"), std::nullopt);
    EXPECT_EQ(parse_memory_size("18014398509481983K"), ((1ull << 54) - 1) << 10);
    EXPECT_EQ(parse_memory_size("18014398509481984K"), std::nullopt);
}

TEST(SolveSettings, Modes) {
    EXPECT_EQ(parse_solve_mode("auto"), SolveMode::Auto);
    EXPECT_EQ(parse_solve_mode("demand"), SolveMode::Demand);
    EXPECT_EQ(parse_solve_mode("full"), SolveMode::Full);
    EXPECT_EQ(parse_solve_mode("fast"), std::nullopt);
    EXPECT_EQ(parse_solve_mode("Full"), std::nullopt);
    for (SolveMode mode : {SolveMode::Auto, SolveMode::Demand, SolveMode::Full})
        EXPECT_EQ(parse_solve_mode(solve_mode_name(mode)), mode);
}

TEST(SolveSettings, BoundsBecomeRunLimits) {
    SolveBounds bounds;
    EXPECT_FALSE(bounds.limits().any());  // 0: no bound
    bounds.memory_bytes = 1024;
    EXPECT_EQ(bounds.limits().max_derived_tuples, 1024 / kBytesPerDerivedTuple);
    bounds.memory_bytes = 1;  // less than a tuple's bytes is still a bound
    EXPECT_EQ(bounds.limits().max_derived_tuples, 1u);
    bounds.memory_bytes = 12ull << 30;
    bounds.seconds = 2.5;
    EXPECT_EQ(bounds.limits().max_derived_tuples, (12ull << 30) / kBytesPerDerivedTuple);
    EXPECT_DOUBLE_EQ(bounds.limits().max_seconds, 2.5);
    EXPECT_EQ(bounds.memory_text(), "12.0 GiB (402653184 derived tuples)");
    EXPECT_EQ(bounds.seconds_text(), "2.5 s");
    bounds.memory_bytes = 1024;
    EXPECT_EQ(bounds.memory_text(), "1.0 KiB (32 derived tuples)");
    bounds.memory_bytes = 16;
    EXPECT_EQ(bounds.memory_text(), "16 B (1 derived tuple)");
    EXPECT_GT(default_solve_memory_bytes(), 0u);
}

// --- the demand oracle -----------------------------------------------------------------------

struct Program {
    FactsBuilder b;
    facts::NodeId p, q, r, s, x, y;
    Program() {
        x = b.node("x", NodeKind::Global, "", 1);
        y = b.node("y", NodeKind::Global, "", 2);
        p = b.node("main::p", NodeKind::Local, "main", 3);
        q = b.node("main::q", NodeKind::Local, "main", 4);
        r = b.node("main::r", NodeKind::Local, "main", 5);
        s = b.node("main::s", NodeKind::Local, "main", 6);
    }
    // p -> x, q -> y, r -> x; s points nowhere.
    [[nodiscard]] std::vector<std::uint32_t> points_to() const { return rows({{p, x}, {q, y}, {r, x}}); }
};

TEST(DemandAliasOracle, RecordsWhatItCannotAnswerOnce) {
    Program g;
    const std::vector<std::uint32_t> points_to = g.points_to();
    DemandAliasOracle oracle(g.b.facts, points_to);
    EXPECT_TRUE(oracle.recording());
    EXPECT_FALSE(oracle.may_alias(g.s, g.p));  // not solved yet: "no"
    EXPECT_FALSE(oracle.may_alias(g.p, g.s));  // the same pair, the other way round
    EXPECT_FALSE(oracle.may_alias(g.q, g.p));
    EXPECT_TRUE(oracle.may_alias(g.p, g.r));  // the points-to sets meet
    EXPECT_TRUE(oracle.may_alias(g.p, g.p));  // the same node: nothing to ask
    EXPECT_FALSE(oracle.may_alias(g.p, facts::kNoNode));
    const std::vector<std::uint32_t> asked = oracle.take_unanswered();
    // Each pair once, as (smaller, larger), sorted; (p, r) may be asked before the sets meet.
    std::set<std::pair<facts::NodeId, facts::NodeId>> pairs;
    for (std::size_t i = 0; i + 1 < asked.size(); i += 2) {
        EXPECT_LT(asked[i], asked[i + 1]);
        if (i >= 2)
            EXPECT_LT(std::make_pair(asked[i - 2], asked[i - 1]), std::make_pair(asked[i], asked[i + 1]));
        pairs.emplace(asked[i], asked[i + 1]);
    }
    EXPECT_EQ(pairs.size(), asked.size() / 2);
    EXPECT_TRUE(pairs.contains({std::min(g.p, g.s), std::max(g.p, g.s)}));
    EXPECT_TRUE(pairs.contains({std::min(g.p, g.q), std::max(g.p, g.q)}));
    EXPECT_FALSE(pairs.contains({g.p, g.p}));
    EXPECT_TRUE(oracle.take_unanswered().empty()) << "taken: the next call has only what was asked since";
}

TEST(DemandAliasOracle, AnswersWhatWasSolved) {
    Program g;
    const std::vector<std::uint32_t> points_to = g.points_to();
    DemandAliasOracle oracle(g.b.facts, points_to);
    (void)oracle.may_alias(g.p, g.s);
    (void)oracle.may_alias(g.q, g.s);
    const std::vector<std::uint32_t> asked = oracle.take_unanswered();
    // ValueAlias holds for (p, s), not for (q, s).
    oracle.add_answers(asked, rows({{std::min(g.p, g.s), std::max(g.p, g.s)}}));
    EXPECT_EQ(oracle.answered(), 2u);
    EXPECT_TRUE(oracle.may_alias(g.p, g.s));
    EXPECT_TRUE(oracle.may_alias(g.s, g.p));
    EXPECT_FALSE(oracle.may_alias(g.q, g.s));
    EXPECT_EQ(oracle.alias(g.s, g.p), reports::AliasKind::May);  // s points nowhere: not must
    EXPECT_TRUE(oracle.take_unanswered().empty()) << "answered pairs are not asked again";
    // A pair not asked before is still recorded.
    EXPECT_FALSE(oracle.may_alias(g.r, g.s));
    EXPECT_EQ(oracle.take_unanswered(), rows({{std::min(g.r, g.s), std::max(g.r, g.s)}}));
    EXPECT_EQ(oracle.points_to(g.p), std::vector<facts::NodeId>{g.x});
    EXPECT_TRUE(oracle.points_to(g.s).empty());
}

TEST(DemandAliasOracle, AnswersTheRestNo) {
    Program g;
    const std::vector<std::uint32_t> points_to = g.points_to();
    DemandAliasOracle oracle(g.b.facts, points_to);
    (void)oracle.may_alias(g.p, g.s);
    oracle.add_answers(oracle.take_unanswered(), rows({{std::min(g.p, g.s), std::max(g.p, g.s)}}));
    oracle.answer_rest_no();
    EXPECT_FALSE(oracle.recording());
    EXPECT_TRUE(oracle.may_alias(g.p, g.s)) << "answers already solved stay";
    EXPECT_FALSE(oracle.may_alias(g.q, g.s));
    EXPECT_TRUE(oracle.may_alias(g.p, g.r)) << "the points-to sets still answer";
    EXPECT_TRUE(oracle.take_unanswered().empty()) << "nothing is recorded any more";
}

TEST(DemandAliasOracle, AnswersFromAWholeValueAlias) {
    Program g;
    const std::vector<std::uint32_t> points_to = g.points_to();
    DemandAliasOracle oracle(g.b.facts, points_to);
    (void)oracle.may_alias(g.q, g.s);
    oracle.answer_from(rows({{g.s, g.q}}));  // one orientation of a symmetric pair, unsorted rows
    EXPECT_FALSE(oracle.recording());
    EXPECT_TRUE(oracle.may_alias(g.q, g.s));
    EXPECT_TRUE(oracle.may_alias(g.s, g.q));
    EXPECT_FALSE(oracle.may_alias(g.p, g.s));
    EXPECT_FALSE(oracle.may_alias(g.p, g.q));
    (void)oracle.take_unanswered();  // what was asked before
    (void)oracle.may_alias(g.r, g.s);
    EXPECT_TRUE(oracle.take_unanswered().empty());
}

TEST(DemandAliasOracle, RecordsFromSeveralThreads) {
    FactsBuilder b;
    std::vector<facts::NodeId> nodes;
    for (int i = 0; i < 64; ++i) nodes.push_back(b.node("n" + std::to_string(i), NodeKind::Local, "main", 1));
    DemandAliasOracle oracle(b.facts, {});
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (facts::NodeId a : nodes)
                for (facts::NodeId c : nodes) (void)oracle.may_alias(a, c);
        });
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(oracle.take_unanswered().size(), 2u * 64 * 63 / 2);
}

// --- AliasAnswers: demand against full on random programs -----------------------------------------

// Random CSPA and Andersen inputs over `count` nodes of a program.
struct RandomProgram {
    FactsBuilder b;
    ProgramInput input;
    std::uint32_t count = 0;
    RandomProgram(std::mt19937& rng, std::uint32_t nodes, std::uint32_t assigns, std::uint32_t dereferences)
        : count(nodes) {
        for (std::uint32_t i = 0; i < nodes; ++i)
            b.node("main::v" + std::to_string(i), NodeKind::Local, "main", 1);
        auto pairs = [&](std::uint32_t n, std::uint32_t values) {
            std::vector<std::uint32_t> out;
            for (std::uint32_t i = 0; i < n; ++i) {
                out.push_back(std::uniform_int_distribution<std::uint32_t>(0, values - 1)(rng));
                out.push_back(std::uniform_int_distribution<std::uint32_t>(0, values - 1)(rng));
            }
            return out;
        };
        input.facts = b.facts;
        input.cspa["assign"] = pairs(assigns, nodes);
        input.cspa["dereference"] = pairs(dereferences, nodes);
        input.andersen["addressOf"] = pairs(nodes / 4, nodes);
        input.andersen["assign"] = pairs(nodes / 4, nodes);
        input.andersen["load"] = pairs(nodes / 8, nodes);
        input.andersen["store"] = pairs(nodes / 8, nodes);
    }
};

SolveOptions cpu_options(const SolveSettings& settings) {
    SolveOptions options;
    options.backend = engine::BackendKind::Cpu;
    options.threads = 2;
    options.cspa_limits = settings.bounds.limits();
    return options;
}

// What the work asks: may-alias of each pair, as the checks would.
std::vector<bool> ask(const reports::AliasOracle& oracle,
                      const std::vector<std::pair<facts::NodeId, facts::NodeId>>& pairs) {
    std::vector<bool> out;
    for (const auto& [a, c] : pairs) out.push_back(oracle.may_alias(a, c));
    return out;
}

// Solves with `settings`, runs the work until it asks nothing new (as
// AnalysisSession::answer_on_demand does) and returns the last run's answers.
struct Solved {
    std::vector<bool> answers;
    std::size_t runs = 0;
    std::unique_ptr<AliasAnswers> how;
};
Solved solve(const ProgramInput& input, const SolveSettings& settings,
             const std::vector<std::pair<facts::NodeId, facts::NodeId>>& pairs) {
    Solved out;
    out.how = std::make_unique<AliasAnswers>(input, settings);
    AliasResults results;
    const SolveOptions options = cpu_options(settings);
    out.how->solve(options, results);
    const std::unique_ptr<reports::AliasOracle> oracle = out.how->make_oracle(input.facts, results);
    const std::unique_ptr<reports::WitnessFinder> witness = out.how->make_witness(input.facts, results);
    for (;;) {
        out.answers = ask(*oracle, pairs);
        ++out.runs;
        if (!out.how->solve_asked(options, results)) break;
        if (out.runs > 10) {
            ADD_FAILURE() << "the work keeps asking";
            break;
        }
    }
    return out;
}

std::vector<std::pair<facts::NodeId, facts::NodeId>> random_questions(std::mt19937& rng, std::uint32_t nodes,
                                                                      std::size_t count) {
    std::vector<std::pair<facts::NodeId, facts::NodeId>> out;
    for (std::size_t i = 0; i < count; ++i)
        out.emplace_back(std::uniform_int_distribution<facts::NodeId>(0, nodes - 1)(rng),
                         std::uniform_int_distribution<facts::NodeId>(0, nodes - 1)(rng));
    return out;
}

// Defined below.
std::vector<bool> points_to_only(const ProgramInput& input,
                                 const std::vector<std::pair<facts::NodeId, facts::NodeId>>& pairs);

TEST(AliasAnswers, DemandAnswersWhatTheFullSolveAnswers) {
    std::mt19937 rng(4101);
    std::size_t by_value_alias = 0;  // answers yes that the points-to sets alone do not give
    for (int c = 0; c < 12; ++c) {
        const std::uint32_t nodes = 20 + static_cast<std::uint32_t>(rng() % 200);
        const RandomProgram program(rng, nodes, nodes + nodes / 2, nodes / 3);
        const auto questions = random_questions(rng, nodes, 40);
        SolveSettings full_settings;
        full_settings.mode = SolveMode::Full;
        SolveSettings demand_settings;
        demand_settings.mode = SolveMode::Demand;
        const Solved full = solve(program.input, full_settings, questions);
        const Solved demand = solve(program.input, demand_settings, questions);
        ASSERT_EQ(full.how->used(), SolveMode::Full);
        EXPECT_TRUE(full.how->solved_fully());
        EXPECT_EQ(full.runs, 1u);
        ASSERT_EQ(demand.how->used(), SolveMode::Demand);
        EXPECT_FALSE(demand.how->solved_fully());
        EXPECT_EQ(demand.answers, full.answers) << "case " << c;
        EXPECT_LE(demand.runs, 2u) << "one round solves every pair the work asks";
        EXPECT_EQ(demand.how->rounds(), demand.runs - 1);
        EXPECT_TRUE(demand.how->bounded().empty());
        EXPECT_EQ(demand.how->why(), "--solve demand");
        const std::vector<bool> alone = points_to_only(program.input, questions);
        for (std::size_t i = 0; i < questions.size(); ++i)
            by_value_alias += full.answers[i] && !alone[i] ? 1 : 0;
        if (HasFailure()) return;
    }
    EXPECT_GT(by_value_alias, 0u) << "no question needed ValueAlias: the test compares nothing";
}

// Questions that depend on answers: the second question is asked only when the first one's
// answer is yes. The loop runs until nothing new is asked, then equals the full solve.
TEST(AliasAnswers, WorkThatAsksMoreAfterAnAnswerRunsAgain) {
    std::mt19937 rng(4102);
    const RandomProgram program(rng, 60, 120, 25);
    SolveSettings full_settings;
    full_settings.mode = SolveMode::Full;
    const auto questions = random_questions(rng, 60, 400);
    const Solved full = solve(program.input, full_settings, questions);
    // A chain: the work asks pair k + 1 only where pair k may alias.
    std::vector<std::pair<facts::NodeId, facts::NodeId>> chain;
    for (std::size_t i = 0; i < questions.size() && chain.size() < 4; ++i)
        if (full.answers[i] && questions[i].first != questions[i].second) chain.push_back(questions[i]);
    ASSERT_GE(chain.size(), 2u);
    SolveSettings settings;
    settings.mode = SolveMode::Demand;
    AliasAnswers how(program.input, settings);
    AliasResults results;
    const SolveOptions options = cpu_options(settings);
    how.solve(options, results);
    const std::unique_ptr<reports::AliasOracle> oracle = how.make_oracle(program.input.facts, results);
    std::size_t runs = 0;
    std::size_t answered = 0;
    for (;;) {
        ++runs;
        answered = 0;
        while (answered < chain.size() && oracle->may_alias(chain[answered].first, chain[answered].second))
            ++answered;
        if (!how.solve_asked(options, results)) break;
    }
    EXPECT_EQ(answered, chain.size());
    EXPECT_LE(runs, chain.size() + 1);
    EXPECT_EQ(how.rounds(), runs - 1);
}

TEST(AliasAnswers, AutoSolvesInFullWhenTheQuestionsCoverTheProgram) {
    std::mt19937 rng(4103);
    const RandomProgram program(rng, 40, 60, 15);
    SolveSettings full_settings;
    full_settings.mode = SolveMode::Full;
    SolveSettings auto_settings;  // SolveMode::Auto
    // A few questions: demand rounds.
    const auto few = random_questions(rng, 40, 5);
    const Solved some = solve(program.input, auto_settings, few);
    EXPECT_EQ(some.how->used(), SolveMode::Demand);
    EXPECT_EQ(some.answers, solve(program.input, full_settings, few).answers);
    // Every pair of nodes: more pairs than nodes, so one full solve answers them.
    std::vector<std::pair<facts::NodeId, facts::NodeId>> all;
    for (facts::NodeId a = 0; a < 40; ++a)
        for (facts::NodeId c = a + 1; c < 40; ++c) all.emplace_back(a, c);
    const Solved every = solve(program.input, auto_settings, all);
    EXPECT_EQ(every.how->used(), SolveMode::Full);
    EXPECT_EQ(every.how->why().rfind("auto: ", 0), 0u) << every.how->why();
    EXPECT_EQ(every.how->rounds(), 0u);
    EXPECT_EQ(every.runs, 2u);
    EXPECT_EQ(every.answers, solve(program.input, full_settings, all).answers);
}

// auto's full solve for a round of many pairs may pass the bound: the round is solved on
// demand, with one warning, and the answers are still the full solve's. One value copied
// into every other node makes ValueAlias every pair of nodes, while a pair asked needs two
// short flows.
TEST(AliasAnswers, AutoFallsBackToTheRoundWhenItsFullSolvePassesTheBound) {
    std::mt19937 rng(4109);
    constexpr std::uint32_t kNodes = 200;
    RandomProgram program(rng, kNodes, 0, 0);
    std::vector<std::uint32_t>& assign = program.input.cspa["assign"];
    for (std::uint32_t i = 1; i < kNodes; ++i) {
        assign.push_back(0);
        assign.push_back(i);
    }
    program.input.cspa["dereference"] = {3, 7, 150, 151};
    const auto questions =
        random_questions(rng, kNodes, 2 * kNodes);  // over a pair a node: auto asks a full solve
    SolveSettings full_settings;
    full_settings.mode = SolveMode::Full;
    const std::vector<bool> expected = solve(program.input, full_settings, questions).answers;
    for (std::uint64_t tuples = 1; tuples < 1u << 20; tuples += tuples / 4 + 1) {
        SolveSettings settings;  // auto
        settings.bounds.memory_bytes = tuples * kBytesPerDerivedTuple;
        const Solved solved = solve(program.input, settings, questions);
        if (solved.how->bounded().empty()) break;  // within every run's bound
        if (solved.how->bounded().size() != 1 ||
            solved.how->bounded()[0].find("the full CSPA solve") == std::string::npos)
            continue;
        EXPECT_EQ(solved.how->used(), SolveMode::Demand);
        EXPECT_EQ(solved.how->rounds(), 1u);
        EXPECT_EQ(solved.answers, expected);

        // Work that asks as many new pairs again once it has its first answers: the full
        // solve, which passed the bound once, is not tried again (one warning).
        const auto more = random_questions(rng, kNodes, 2 * kNodes);
        AliasAnswers how(program.input, settings);
        AliasResults results;
        const SolveOptions options = cpu_options(settings);
        how.solve(options, results);
        const std::unique_ptr<reports::AliasOracle> oracle = how.make_oracle(program.input.facts, results);
        std::size_t runs = 0;
        std::vector<bool> answers;
        for (;;) {
            answers = ask(*oracle, questions);
            if (runs++ != 0) {
                const std::vector<bool> later = ask(*oracle, more);
                answers.insert(answers.end(), later.begin(), later.end());
            }
            if (!how.solve_asked(options, results) || runs > 5) break;
        }
        EXPECT_EQ(runs, 3u);
        EXPECT_EQ(how.rounds(), 2u);
        EXPECT_EQ(how.bounded().size(), 1u) << how.bounded().back();
        std::vector<bool> all_expected = expected;
        const std::vector<bool> more_expected = solve(program.input, full_settings, more).answers;
        all_expected.insert(all_expected.end(), more_expected.begin(), more_expected.end());
        EXPECT_EQ(answers, all_expected);
        return;
    }
    ADD_FAILURE() << "no bound between the demand's tuples and the full solve's";
}

TEST(AliasAnswers, ADatabaseIsWrittenFromAFullSolve) {
    std::mt19937 rng(4104);
    const RandomProgram program(rng, 30, 40, 10);
    SolveSettings settings;
    settings.mode = SolveMode::Demand;
    settings.writes_database = true;
    const Solved solved = solve(program.input, settings, random_questions(rng, 30, 5));
    EXPECT_TRUE(solved.how->solved_fully());
    EXPECT_EQ(solved.runs, 1u);
}

TEST(AliasAnswers, PointsToNeedsNoCspa) {
    std::mt19937 rng(4105);
    const RandomProgram program(rng, 30, 40, 10);
    SolveSettings settings;
    settings.needs_cspa = false;
    AliasAnswers how(program.input, settings);
    AliasResults results;
    how.solve(cpu_options(settings), results);
    ASSERT_EQ(results.runs.size(), 1u);
    EXPECT_EQ(results.runs[0].name, "andersen");
    EXPECT_FALSE(results.points_to.empty());
}

// Answers from the points-to sets alone: what the work gets when MemoryAlias passed a bound.
std::vector<bool> points_to_only(const ProgramInput& input,
                                 const std::vector<std::pair<facts::NodeId, facts::NodeId>>& pairs) {
    SolveSettings settings;
    settings.needs_cspa = false;
    AliasAnswers how(input, settings);
    AliasResults results;
    how.solve(cpu_options(settings), results);
    const std::unique_ptr<reports::AliasOracle> oracle = how.make_oracle(input.facts, results);
    return ask(*oracle, pairs);
}

TEST(AliasAnswers, PastTheMemoryBoundFullFallsBackToDemandThenToPointsTo) {
    std::mt19937 rng(4106);
    const RandomProgram program(rng, 80, 160, 30);
    const auto questions = random_questions(rng, 80, 60);
    SolveSettings settings;
    settings.mode = SolveMode::Full;
    settings.bounds.memory_bytes = 16;  // one derived tuple
    const Solved solved = solve(program.input, settings, questions);
    EXPECT_EQ(solved.how->used(), SolveMode::Demand);
    EXPECT_FALSE(solved.how->solved_fully());
    EXPECT_EQ(solved.how->why(), "--solve full; the full solve passed a bound");
    ASSERT_EQ(solved.how->bounded().size(), 2u);
    EXPECT_NE(solved.how->bounded()[0].find(
                  "the full CSPA solve stopped at its memory bound, 16 B (1 derived tuple)"),
              std::string::npos)
        << solved.how->bounded()[0];
    EXPECT_NE(solved.how->bounded()[0].find("--solve-memory-limit"), std::string::npos);
    EXPECT_NE(solved.how->bounded()[1].find("(MemoryAlias) stopped at its memory bound"), std::string::npos)
        << solved.how->bounded()[1];
    EXPECT_NE(solved.how->bounded()[1].find("points-to sets alone"), std::string::npos);
    EXPECT_EQ(solved.runs, 1u) << "nothing is recorded: no demand rounds";
    EXPECT_EQ(solved.answers, points_to_only(program.input, questions));
}

TEST(AliasAnswers, PastTheTimeBoundTheMessageNamesIt) {
    std::mt19937 rng(4107);
    const RandomProgram program(rng, 40, 60, 15);
    SolveSettings settings;
    settings.mode = SolveMode::Demand;
    settings.bounds.seconds = 1e-9;
    const Solved solved = solve(program.input, settings, random_questions(rng, 40, 10));
    ASSERT_EQ(solved.how->bounded().size(), 1u);
    EXPECT_NE(solved.how->bounded()[0].find("stopped at its time bound, 1e-09 s"), std::string::npos)
        << solved.how->bounded()[0];
    EXPECT_NE(solved.how->bounded()[0].find("--solve-time-limit"), std::string::npos);
}

// A bound that MemoryAlias's run stays within and a ValueAlias round passes: the pairs of
// that round stay "no", nothing more is asked, and the message names the round.
TEST(AliasAnswers, PastTheBoundInAValueAliasRoundThosePairsStayNo) {
    std::mt19937 rng(4108);
    for (int attempt = 0; attempt < 20; ++attempt) {
        const RandomProgram program(rng, 60, 90, 6);
        const auto questions = random_questions(rng, 60, 300);
        SolveSettings demand_settings;
        demand_settings.mode = SolveMode::Demand;
        const Solved unbounded = solve(program.input, demand_settings, questions);
        if (unbounded.how->rounds() == 0) continue;
        // The smallest bound MemoryAlias's run stays within: search it.
        for (std::uint64_t tuples = 1; tuples < 1u << 16; tuples *= 2) {
            SolveSettings settings = demand_settings;
            settings.bounds.memory_bytes = tuples * kBytesPerDerivedTuple;
            const Solved solved = solve(program.input, settings, questions);
            if (solved.how->bounded().empty()) break;  // nothing passed it: larger than both runs
            if (solved.how->bounded()[0].find("(MemoryAlias)") != std::string::npos) continue;
            ASSERT_EQ(solved.how->bounded().size(), 1u);
            EXPECT_NE(solved.how->bounded()[0].find("(ValueAlias of "), std::string::npos)
                << solved.how->bounded()[0];
            EXPECT_NE(solved.how->bounded()[0].find("answered from the points-to sets alone"),
                      std::string::npos);
            EXPECT_EQ(solved.runs, 1u);
            EXPECT_EQ(solved.how->rounds(), 0u);
            EXPECT_EQ(solved.answers, points_to_only(program.input, questions));
            return;
        }
    }
    GTEST_SKIP() << "no random program whose ValueAlias round derives more than its MemoryAlias run";
}

}  // namespace
}  // namespace galias::pipeline
