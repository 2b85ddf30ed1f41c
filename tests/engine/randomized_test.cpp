// Randomized cross-check: every relation the engine computes equals what the naive
// reference evaluator computes, on random inputs for the four bundled rule sets and on
// random programs, under varied engine options (threads, EBM, load factor).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "analyses/builtin_programs.hpp"
#include "tests/engine/engine_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

constexpr int kCasesPerProgram = 200;

// Up to `max_edges` pairs: mostly small ids (dense graphs with cycles), sometimes extreme
// 32-bit patterns.
TupleSet edges_up_to(std::mt19937& rng, std::uint32_t nodes, std::uint32_t max_edges) {
    return random_relation(
        rng, {.values = nodes, .tuples = max_edges, .up_to = true, .extremes = Extremes::Cells});
}

std::string builtin(const char* name) {
    return std::string(analyses::find_builtin_program(name)->text);
}

TEST(Randomized, ReachMatchesReference) {
    std::mt19937 rng(11);
    const std::string text = builtin("reach");
    for (int c = 0; c < kCasesPerProgram; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 25)(rng);
        cross_check(text, {{"edge", edges_up_to(rng, nodes, 60)}}, random_options(rng),
                    "reach case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

TEST(Randomized, SameGenerationMatchesReference) {
    std::mt19937 rng(12);
    const std::string text = builtin("sg");
    for (int c = 0; c < kCasesPerProgram; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 25)(rng);
        cross_check(text, {{"edge", edges_up_to(rng, nodes, 50)}}, random_options(rng),
                    "sg case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

TEST(Randomized, CspaMatchesReference) {
    std::mt19937 rng(13);
    const std::string text = builtin("cspa");
    for (int c = 0; c < kCasesPerProgram; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 20)(rng);
        cross_check(text,
                    {{"assign", edges_up_to(rng, nodes, 30)}, {"dereference", edges_up_to(rng, nodes, 15)}},
                    random_options(rng), "cspa case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

TEST(Randomized, CspaLinearMatchesReference) {
    std::mt19937 rng(15);
    const std::string text = builtin("cspa_linear");
    for (int c = 0; c < kCasesPerProgram; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 20)(rng);
        cross_check(text,
                    {{"assign", edges_up_to(rng, nodes, 30)}, {"dereference", edges_up_to(rng, nodes, 15)}},
                    random_options(rng), "cspa_linear case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

// cspa_linear.dl claims the same ValueFlow, ValueAlias and MemoryAlias as the published
// cspa.dl: the reference evaluator runs both on random graphs (dense, cyclic, with nodes
// that only occur in dereference) and the outputs must be equal.
TEST(Randomized, CspaLinearEqualsPublishedCspa) {
    std::mt19937 rng(16);
    const std::string published = builtin("cspa"), linear = builtin("cspa_linear");
    facts::StringInterner symbols;
    int derived_memory_aliases = 0;
    for (int c = 0; c < 2 * kCasesPerProgram; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 30)(rng);
        const std::map<std::string, TupleSet> inputs{{"assign", edges_up_to(rng, nodes, 40)},
                                                     {"dereference", edges_up_to(rng, nodes, 20)}};
        const auto expected = reference_evaluate(published, inputs, symbols);
        const auto got = reference_evaluate(linear, inputs, symbols);
        for (const char* relation : {"ValueFlow", "ValueAlias", "MemoryAlias"})
            ASSERT_EQ(got.at(relation), expected.at(relation)) << relation << ", case " << c << "\n"
                                                               << describe(inputs);
        const TupleSet& memory_alias = expected.at("MemoryAlias");
        derived_memory_aliases += std::any_of(memory_alias.begin(), memory_alias.end(),
                                              [](const Tuple& t) { return t[0] != t[1]; });
    }
    // MemoryAlias beyond x = x needs the dereference rule: most cases must reach it.
    EXPECT_GT(derived_memory_aliases, kCasesPerProgram);
}

TEST(Randomized, AndersenMatchesReference) {
    std::mt19937 rng(14);
    const std::string text = builtin("andersen");
    for (int c = 0; c < kCasesPerProgram; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 20)(rng);
        cross_check(text,
                    {{"addressOf", edges_up_to(rng, nodes, 15)},
                     {"assign", edges_up_to(rng, nodes, 15)},
                     {"load", edges_up_to(rng, nodes, 10)},
                     {"store", edges_up_to(rng, nodes, 10)}},
                    random_options(rng), "andersen case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

// andersen.dl propagates points-to sets along a Flow graph that loads and stores extend;
// it claims the PointsTo of the textbook rules (docs/ANALYSES.md), which the reference
// evaluator runs beside it on random graphs. Most cases must need the load and store rules.
TEST(Randomized, AndersenEqualsTextbookRules) {
    // The copy rules alone, and with the textbook load and store rules added.
    const std::string copies_only = R"(
.decl addressOf(y: number, x: number)
.input addressOf
.decl assign(y: number, x: number)
.input assign
.decl PointsTo(p: number, o: number)
.output PointsTo
PointsTo(y, x) :- addressOf(y, x).
PointsTo(y, x) :- assign(y, z), PointsTo(z, x).
)";
    const std::string textbook = copies_only + R"(
.decl load(y: number, x: number)
.input load
.decl store(y: number, x: number)
.input store
PointsTo(y, w) :- load(y, x), PointsTo(x, z), PointsTo(z, w).
PointsTo(z, w) :- store(y, x), PointsTo(y, z), PointsTo(x, w).
)";
    std::mt19937 rng(17);
    const std::string flow_form = builtin("andersen");
    facts::StringInterner symbols;
    int needs_load_or_store = 0;
    for (int c = 0; c < 2 * kCasesPerProgram; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 25)(rng);
        const std::map<std::string, TupleSet> inputs{{"addressOf", edges_up_to(rng, nodes, 20)},
                                                     {"assign", edges_up_to(rng, nodes, 20)},
                                                     {"load", edges_up_to(rng, nodes, 12)},
                                                     {"store", edges_up_to(rng, nodes, 12)}};
        const TupleSet expected = reference_evaluate(textbook, inputs, symbols).at("PointsTo");
        ASSERT_EQ(reference_evaluate(flow_form, inputs, symbols).at("PointsTo"), expected)
            << "case " << c << "\n"
            << describe(inputs);
        needs_load_or_store += reference_evaluate(copies_only, inputs, symbols).at("PointsTo") != expected;
    }
    EXPECT_GT(needs_load_or_store, kCasesPerProgram);
}

// Random programs (random_inputs.hpp) exercise what the bundled rule sets do not.
TEST(Randomized, RandomProgramsMatchReference) {
    std::mt19937 rng(15);
    for (int c = 0; c < 300; ++c) {
        const std::string text = random_program(rng);
        const TupleSet f = random_relation(
            rng, {.values = 5, .tuples = 12, .up_to = true, .extremes = Extremes::Cells, .arity = 3});
        cross_check(text, {{"e", edges_up_to(rng, 5, 14)}, {"f", f}}, random_options(rng),
                    "random program " + std::to_string(c), {{"f", 3}});
        if (HasFatalFailure()) return;
    }
}

// Deferred merges (executor.cpp): Path is linearly recursive (no rule of its stratum reads
// it as full), so its newest tuples stay in a separate run, folded into full when the run
// outgrows an eighth of it and when the stratum ends; Hop then reads Path as an indexed
// inner relation, and Twin is non-linear (never deferred). Chains give tens of iterations,
// so runs are folded several times; tiny batches deduplicate several batches an
// iteration against both full and the run.
TEST(Randomized, DeferredMergesMatchReference) {
    const std::string text = R"(
.decl edge(x: number, y: number)
.input edge
.decl Path(x: number, y: number)
.output Path
Path(x, y) :- edge(x, y).
Path(x, y) :- Path(x, z), edge(z, y).
.decl Hop(x: number, y: number)
.output Hop
Hop(x, w) :- edge(x, y), Path(y, w).
.decl Twin(x: number, y: number)
.output Twin
Twin(x, y) :- edge(x, y).
Twin(x, y) :- Twin(x, z), Twin(z, y).
)";
    std::mt19937 rng(41);
    for (int c = 0; c < 8; ++c) {
        TupleSet edges;
        const std::uint32_t chain = std::uniform_int_distribution<std::uint32_t>(20, 60)(rng);
        for (std::uint32_t i = 0; i + 1 < chain; ++i) edges.insert({i, i + 1});
        for (const Tuple& extra : edges_up_to(rng, chain, 8)) edges.insert(extra);
        engine::EngineOptions options = random_options(rng);
        options.defer_merges = c % 3 != 0;
        // Odd cases keep Path in a tuple hash set instead (defer_merges then has no effect).
        options.linear_dedup =
            c % 2 == 1 ? engine::EngineOptions::LinearDedup::Hash : engine::EngineOptions::LinearDedup::Sort;
        cross_check(text, {{"edge", edges}}, options, "deferred merges case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

// A linear relation with input facts of its own and a rule of its first iteration: the
// facts reach the first flush as plain `new` tuples, the rule's output through joins that
// insert into the tuple hash set as they emit (join_emit_new), so a flush takes both
// (tiny batches and lanes vary the flushes).
TEST(Randomized, HashSetDeduplicationWithInputFacts) {
    const std::string text = R"(
.decl edge(x: number, y: number)
.input edge
.decl Path(x: number, y: number)
.input Path
.output Path
Path(x, y) :- edge(x, y), x < y.
Path(x, y) :- Path(x, z), edge(z, y).
)";
    std::mt19937 rng(43);
    for (int c = 0; c < 12; ++c) {
        engine::EngineOptions options = random_options(rng);
        options.linear_dedup =
            c % 2 == 0 ? engine::EngineOptions::LinearDedup::Hash : engine::EngineOptions::LinearDedup::Sort;
        cross_check(text, {{"edge", edges_up_to(rng, 30, 50)}, {"Path", edges_up_to(rng, 30, 10)}}, options,
                    "input facts case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

// The tuple hash set with values spread over the 32-bit range: no bitmap could hold such a
// set (hisa/tuple_hash_set.hpp), so it stays a hash table, where the small values of the
// tests above move it into a bitmap at its first growth.
TEST(Randomized, HashSetDeduplicationOfSparseValues) {
    const std::string text = builtin("reach");
    std::mt19937 rng(44);
    for (int c = 0; c < 8; ++c) {
        engine::EngineOptions options = random_options(rng);
        options.linear_dedup = engine::EngineOptions::LinearDedup::Hash;
        TupleSet edges;
        for (const Tuple& edge : edges_up_to(rng, 40, 90)) {
            Tuple spread;
            for (const auto value : edge)
                spread.push_back(static_cast<std::uint32_t>(value * 97000003u % 4000000007u));
            edges.insert(spread);
        }
        cross_check(text, {{"edge", edges}}, options, "sparse values case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}
}  // namespace
}  // namespace galias::test
