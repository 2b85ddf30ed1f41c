// The plan bound to a backend (runtime/bind_plan.hpp): `--explain` names how each relation
// is stored and which backend operators each join step takes, on the CPU backend and on a
// backend with none of the optional capabilities (CheckingBackend); a run follows that
// strategy, and the one without capabilities computes the reference's relations.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "analyses/builtin_programs.hpp"
#include "gpu_engine/cpu/cpu_backend.hpp"
#include "gpu_engine/runtime/executor.hpp"
#include "tests/engine/checking_backend.hpp"
#include "tests/engine/engine_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

using LinearDedup = engine::EngineOptions::LinearDedup;

engine::Program builtin_program(const char* name) {
    const analyses::BuiltinProgram program = *analyses::find_builtin_program(name);
    return engine::compile_program(program.text, std::string(program.file));
}

engine::EngineOptions options_with(LinearDedup dedup, bool eager_buffers = true) {
    engine::EngineOptions options;
    options.backend = engine::BackendKind::Cpu;
    options.threads = 2;
    options.linear_dedup = dedup;
    options.eager_buffers = eager_buffers;
    return options;
}

// The explain text of the first rule variant whose line holds `rule`: up to the next
// rule, store line or stratum.
std::string rule_block(const std::string& explain, const std::string& rule) {
    const std::size_t begin = explain.find(rule);
    if (begin == std::string::npos) return "(no rule " + rule + ")";
    std::size_t end = explain.size();
    for (const char* next : {"\n  once ", "\n  delta ", "\n  store ", "\n\n"})
        end = std::min(end, explain.find(next, begin));
    return explain.substr(begin, end - begin);
}

const char* const kMemoryAliasRule =
    "MemoryAlias(x, w) :- dereference(y, x), ValueAlias(y, z), dereference(z, w).";

TEST(Strategy, ExplainNamesTheOperatorsOfEachJoinStepOnTheCpu) {
    engine::cpu::CpuBackend cpu(2);
    const std::string text =
        engine::explain_on_backend(builtin_program("cspa"), options_with(LinearDedup::Auto), cpu);
    EXPECT_NE(
        text.find("bound to cpu (2 threads): sched off, 1 lane, value bound unknown (inputs not read)\n"),
        std::string::npos)
        << text;
    EXPECT_NE(
        text.find("  store ValueFlow: sorted runs, merged into spare buffers (EBM), old versions kept\n"),
        std::string::npos)
        << text;
    EXPECT_NE(
        text.find("  store MemoryAlias: sorted runs, merged into spare buffers (EBM), mirrors added after "
                  "dedup\n"),
        std::string::npos)
        << text;
    // The intermediate in one pass where the CPU runs it, the last step in two.
    const std::string rule = rule_block(text, kMemoryAliasRule);
    EXPECT_NE(
        rule.find("-> tmp1 (materialized) (x=i1, z=o1)\n"
                  "         run: one pass (join_distinct), else join_count + join_emit + sort_unique\n"),
        std::string::npos)
        << rule;
    EXPECT_NE(rule.find("-> new MemoryAlias (x=o0, w=i1)\n         run: join_count + join_emit"),
              std::string::npos)
        << rule;
}

TEST(Strategy, ExplainNamesATupleSetAndTheOnePassIntoIt) {
    engine::cpu::CpuBackend cpu(2);
    const std::string text =
        engine::explain_on_backend(builtin_program("reach"), options_with(LinearDedup::Hash), cpu);
    EXPECT_NE(text.find("  store Reach: tuple set\n"), std::string::npos) << text;
    const std::string rule = rule_block(text, "Reach(x, y) :- edge(x, z), Reach(z, y).");
    EXPECT_NE(rule.find("-> new Reach (x=i1, y=o1)\n"
                        "         run: one pass (join_into_set), else join_count + join_emit_new"),
              std::string::npos)
        << rule;
    // Sorted runs instead, merged in full's own buffer in the memory-lean mode.
    const std::string sorted =
        engine::explain_on_backend(builtin_program("reach"), options_with(LinearDedup::Sort, false), cpu);
    EXPECT_NE(sorted.find("  store Reach: sorted runs, merges deferred to a recent run, merged in place\n"),
              std::string::npos)
        << sorted;
    EXPECT_NE(
        rule_block(sorted, "Reach(x, y) :- edge(x, z), Reach(z, y).").find("run: join_count + join_emit"),
        std::string::npos)
        << sorted;
}

// CheckingBackend offers the primitives alone: no tuple sets, one-pass joins or in-place
// merges, whatever the options ask for.
TEST(Strategy, ABackendWithoutCapabilitiesTakesTheTwoPasses) {
    engine::cpu::CpuBackend cpu(2);
    CheckingBackend checked(cpu);
    const std::string text =
        engine::explain_on_backend(builtin_program("cspa"), options_with(LinearDedup::Hash, false), checked);
    EXPECT_NE(text.find("bound to checked cpu (2 threads): sched off, 1 lane,"), std::string::npos) << text;
    EXPECT_NE(text.find("  store ValueAlias: sorted runs, merges deferred to a recent run, merged into exact "
                        "buffers, mirrors added after dedup\n"),
              std::string::npos)
        << text;
    const std::string rule = rule_block(text, kMemoryAliasRule);
    EXPECT_NE(
        rule.find(
            "-> tmp1 (materialized) (x=i1, z=o1)\n         run: join_count + join_emit + sort_unique\n"),
        std::string::npos)
        << rule;
    EXPECT_EQ(text.find("run: one pass"), std::string::npos) << text;
    EXPECT_EQ(text.find("tuple set"), std::string::npos) << text;
}

// The CPU prefers a tuple set where the values make its bitmap small: known once the
// inputs are read. Explained with them, the strategy is the one the run takes.
TEST(Strategy, ARunFollowsTheStrategyBoundToItsInputs) {
    const engine::Program program = builtin_program("reach");
    const engine::Inputs inputs =
        make_inputs({{"edge", {{1, 2}, {2, 3}, {3, 1}}}}, std::make_shared<facts::StringInterner>());
    const engine::EngineOptions options = options_with(LinearDedup::Auto);
    engine::cpu::CpuBackend cpu(2);
    const std::string unknown = engine::explain_on_backend(program, options, cpu);
    EXPECT_NE(unknown.find("  store Reach: sorted runs, merges deferred to a recent run"), std::string::npos)
        << unknown;
    engine::cpu::CpuBackend bound(2);
    const std::string known = engine::explain_on_backend(program, options, bound, &inputs);
    EXPECT_NE(known.find("value bound 3\n"), std::string::npos) << known;
    EXPECT_NE(known.find("  store Reach: tuple set\n"), std::string::npos) << known;
    engine::cpu::CpuBackend run(2);
    const engine::Result result = engine::run_on_backend(program, inputs, options, run);
    ASSERT_EQ(result.stats.strata.size(), 1u);
    EXPECT_EQ(result.stats.strata[0].hash_deduplicated, std::vector<std::string>{"Reach"});
    EXPECT_EQ(result.relation("Reach").size(), 9u);
}

// The strategy without capabilities, run: every relation equals the reference's.
TEST(Strategy, ABackendWithoutCapabilitiesComputesTheReferenceRelations) {
    std::mt19937 rng(28);
    for (const char* name : {"reach", "sg", "cspa", "andersen"}) {
        const std::string text(analyses::find_builtin_program(name)->text);
        const engine::Program program = builtin_program(name);
        for (int c = 0; c < 10; ++c) {
            const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 20)(rng);
            const std::map<std::string, TupleSet> relations =
                random_program_inputs(program, rng, {.values = nodes, .tuples = 25});
            auto symbols = std::make_shared<facts::StringInterner>();
            engine::EngineOptions options =
                options_with(c % 2 == 0 ? LinearDedup::Hash : LinearDedup::Sort, c % 3 != 0);
            options.batch_bytes = c % 4 == 0 ? 24 : 0;  // tiny batches: many flushes and slices
            engine::cpu::CpuBackend cpu(2);
            CheckingBackend checked(cpu);
            const engine::Result result =
                engine::run_on_backend(program, make_inputs(relations, symbols), options, checked);
            for (const auto& [relation, tuples] : reference_evaluate(text, relations, *symbols))
                ASSERT_EQ(to_set(result.relation(relation)), tuples)
                    << name << " case " << c << ", relation " << relation << "\n"
                    << describe(relations);
        }
    }
}

}  // namespace
}  // namespace galias::test
