#include "pipeline/alias_solver.hpp"

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "analyses/builtin_programs.hpp"
#include "facts/predicates.hpp"

namespace galias::pipeline {

engine::Inputs engine_inputs(const RelationRows& relations) {
    engine::Inputs inputs;
    for (const auto& [relation, cells] : relations) {
        engine::Inputs::Rows rows;
        rows.arity = 2;
        rows.cells = cells;
        inputs.relations.emplace(relation, std::move(rows));
    }
    return inputs;
}

engine::Program compile_builtin(std::string_view name) {
    std::optional<analyses::BuiltinProgram> builtin = analyses::find_builtin_program(name);
    if (!builtin) throw std::logic_error("missing built-in rule set " + std::string(name));
    return engine::compile_program(builtin->text, std::string(builtin->file));
}

AnalysisRun run_rule_set(std::string_view name, const engine::Program& program, const engine::Inputs& inputs,
                         const SolveOptions& options, const engine::RunLimits& limits,
                         engine::Result& result) {
    engine::EngineOptions engine_options;
    engine_options.backend = options.backend;
    engine_options.threads = options.threads;
    engine_options.cuda = options.cuda;
    engine_options.limits = limits;
    std::size_t iterations = 0;
    engine_options.on_progress = [&options, &iterations, name](const engine::Progress& progress) {
        ++iterations;
        if (options.on_progress) options.on_progress(name, progress);
    };
    auto start = std::chrono::steady_clock::now();
    result = engine::run(program, inputs, engine_options);
    AnalysisRun run;
    run.name = std::string(name);
    run.backend = result.backend;
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.iterations = iterations;
    run.notes = result.notes;
    for (const engine::RelationResult& relation : result.relations) {
        if (relation.is_output) run.sizes.emplace_back(relation.name, relation.size());
    }
    return run;
}

std::vector<std::uint32_t> take_rows(engine::Result& result, std::string_view name) {
    for (engine::RelationResult& relation : result.relations)
        if (relation.name == name) return std::move(relation.rows);
    throw std::logic_error("the analysis has no relation " + std::string(name));
}

void solve_cspa_fully(const ProgramInput& input, const SolveOptions& options, AliasResults& results) {
    engine::Result cspa;
    // The linear form of CSPA: the published rules' relations with far fewer duplicate
    // derivations (analyses/cspa_linear.dl).
    AnalysisRun run =
        run_rule_set(facts::analysis_name(facts::Analysis::Cspa), compile_builtin("cspa_linear"),
                     engine_inputs(input.cspa), options, options.cspa_limits, cspa);
    results.runs.push_back(std::move(run));
    results.value_alias = take_rows(cspa, facts::predicates::kValueAlias.name);
    results.memory_alias = take_rows(cspa, facts::predicates::kMemoryAlias.name);
}

void solve_points_to(const ProgramInput& input, const SolveOptions& options, AliasResults& results) {
    engine::Result andersen;
    results.runs.push_back(run_rule_set(facts::analysis_name(facts::Analysis::Andersen),
                                        compile_builtin("andersen"), engine_inputs(input.andersen), options,
                                        engine::RunLimits{}, andersen));
    results.points_to = take_rows(andersen, facts::predicates::kPointsTo.name);
}

AliasResults solve_aliases(const ProgramInput& input, const SolveOptions& options) {
    AliasResults results;
    solve_cspa_fully(input, options, results);
    solve_points_to(input, options, results);
    return results;
}

}  // namespace galias::pipeline
