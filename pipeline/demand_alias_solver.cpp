#include "pipeline/demand_alias_solver.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>
#include <utility>

#include "facts/predicates.hpp"
#include "pipeline/rule_sets.hpp"

namespace galias::pipeline {

namespace {

constexpr std::string_view kMemoryRun = "cspa-memory";
constexpr std::string_view kValueAliasRun = "cspa-value-alias";

engine::Program compile(const PipelineRuleSet& rule_set) {
    return engine::compile_program(rule_set.text, std::string(rule_set.file));
}

}  // namespace

std::vector<std::uint32_t> DemandAliasSolver::solve_memory_alias(const SolveOptions& options,
                                                                 std::vector<AnalysisRun>& runs) {
    engine::Result result;
    AnalysisRun run = run_rule_set(kMemoryRun, compile(cspa_memory_rule_set()), engine_inputs(input_.cspa),
                                   options, options.cspa_limits, result);
    run.detail = "MemoryAlias in full, ValueAlias between dereferenced pointers only";
    runs.push_back(std::move(run));
    std::vector<std::uint32_t> rows = take_rows(result, facts::predicates::kMemoryAlias.name);

    const std::string_view assign = facts::predicates::kCspaAssign.name;
    const auto found = input_.cspa.find(assign);
    engine::Inputs::Rows assign_rows{
        2, found != input_.cspa.end() ? found->second : std::vector<std::uint32_t>{}};
    value_alias_inputs_.relations.insert_or_assign(std::string(assign), std::move(assign_rows));
    value_alias_inputs_.relations.insert_or_assign(std::string(facts::predicates::kMemoryAlias.name),
                                                   engine::Inputs::Rows{2, rows});
    return rows;
}

std::vector<std::uint32_t> DemandAliasSolver::value_alias(std::span<const std::uint32_t> pairs,
                                                          const SolveOptions& options,
                                                          std::vector<AnalysisRun>& runs) {
    const std::string value_alias(facts::predicates::kValueAlias.name);
    if (!solver_) {
        value_alias_program_ = std::make_unique<engine::Program>(compile(cspa_value_alias_rule_set()));
        solver_ = std::make_unique<engine::DemandSolver>(
            *value_alias_program_,
            std::vector<engine::DemandForm>{engine::DemandForm{value_alias, "bb", {}}});
    }
    engine::EngineOptions engine_options;
    engine_options.backend = options.backend;
    engine_options.threads = options.threads;
    engine_options.cuda = options.cuda;
    engine_options.limits = options.cspa_limits;
    std::size_t iterations = 0;
    engine_options.on_progress = [&options, &iterations](const engine::Progress& progress) {
        ++iterations;
        if (options.on_progress) options.on_progress(kValueAliasRun, progress);
    };
    const auto start = std::chrono::steady_clock::now();
    engine::DemandResult result =
        solver_->solve(value_alias_inputs_, {engine::Demand{value_alias, "bb", {pairs.begin(), pairs.end()}}},
                       engine_options);

    AnalysisRun run;
    run.name = std::string(kValueAliasRun);
    run.backend = result.run.backend;
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.iterations = iterations;
    run.notes = result.run.notes;
    std::vector<std::uint32_t> rows = std::move(result.answers.at(value_alias).rows);
    run.sizes.emplace_back(value_alias, rows.size() / 2);
    const engine::DemandStats& stats = result.stats;
    run.detail = fmt::format(
        "{} of {} pairs asked hold; demand {} tuples ({:.3g} per input tuple), {} derived", rows.size() / 2,
        pairs.size() / 2, stats.demand_tuples, stats.demand_ratio(), stats.derived_tuples);
    runs.push_back(std::move(run));
    return rows;
}

}  // namespace galias::pipeline
