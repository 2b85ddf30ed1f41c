// Andersen's PointsTo as the run driver solves it on the CPU (the worklist solver, where
// galias is built with the frontend) against the engine's analyses/andersen.dl, on random
// programs with cycles of copies, loads and stores through pointers to pointers: the same
// rows, in the same order.

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "facts/predicates.hpp"
#include "pipeline/alias_solver.hpp"

namespace galias::pipeline {
namespace {

RelationRows random_program(std::mt19937& random, std::uint32_t nodes, std::uint32_t facts) {
    std::uniform_int_distribution<std::uint32_t> node(0, nodes - 1);
    std::uniform_int_distribution<int> kind(0, 9);
    RelationRows rows;
    namespace predicates = facts::predicates;
    for (const facts::Predicate& relation : {predicates::kAndersenAddressOf, predicates::kAndersenAssign,
                                             predicates::kAndersenLoad, predicates::kAndersenStore})
        rows[std::string(relation.name)];  // every input relation, as the frontend writes them
    for (std::uint32_t i = 0; i < facts; ++i) {
        // Copies most often, as in programs; addresses next; loads and stores the rest.
        const int k = kind(random);
        const std::string_view relation = k < 4   ? predicates::kAndersenAssign.name
                                          : k < 7 ? predicates::kAndersenAddressOf.name
                                          : k < 8 ? predicates::kAndersenLoad.name
                                                  : predicates::kAndersenStore.name;
        std::vector<std::uint32_t>& cells = rows[std::string(relation)];
        cells.push_back(node(random));
        cells.push_back(node(random));
    }
    return rows;
}

TEST(AndersenSolvers, WorklistAndEngineDeriveTheSamePointsTo) {
    std::mt19937 random(20261129);
    const engine::Program andersen = compile_builtin("andersen");
    for (int round = 0; round < 300; ++round) {
        const std::uint32_t nodes = 2 + round % 40;
        ProgramInput input;
        input.andersen = random_program(random, nodes, nodes * (1 + round % 4));
        input.facts.nodes.resize(nodes);  // the worklist solver takes node ids of the symbol table
        SolveOptions options;
        options.backend = engine::BackendKind::Cpu;
        options.threads = 2;
        AliasResults driver;
        solve_points_to(input, options, driver);
#if GALIAS_TEST_WORKLIST_ANDERSEN
        ASSERT_EQ(driver.runs.at(0).backend, "cpu (worklist solver)");
#endif
        engine::Result result;
        run_rule_set("andersen", andersen, engine_inputs(input.andersen), options, engine::RunLimits{},
                     result);
        const std::vector<std::uint32_t> expected = take_rows(result, facts::predicates::kPointsTo.name);
        ASSERT_EQ(driver.points_to, expected)
            << "round " << round << ", " << nodes << " nodes, solved by " << driver.runs.at(0).backend;
    }
}

// A hand-written fact directory may name nodes that symbols.tsv does not have; the worklist
// solver, which keeps a slot per node id, leaves such a program to the engine.
TEST(AndersenSolvers, NodeIdsOutsideTheSymbolTableGoToTheEngine) {
    ProgramInput input;
    input.facts.nodes.resize(2);
    const std::uint32_t far = 4000000000U;
    input.andersen[std::string(facts::predicates::kAndersenAddressOf.name)] = {0, far};
    input.andersen[std::string(facts::predicates::kAndersenAssign.name)] = {1, 0};
    input.andersen[std::string(facts::predicates::kAndersenLoad.name)] = {};
    input.andersen[std::string(facts::predicates::kAndersenStore.name)] = {};
    SolveOptions options;
    options.backend = engine::BackendKind::Cpu;
    AliasResults driver;
    solve_points_to(input, options, driver);
    EXPECT_NE(driver.runs.at(0).backend, "cpu (worklist solver)");
    EXPECT_EQ(driver.points_to, (std::vector<std::uint32_t>{0, far, 1, far}));
}

}  // namespace
}  // namespace galias::pipeline
