#include "reports/pipeline/alias_solver.hpp"

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "analyses/builtin_programs.hpp"
#include "facts/predicates.hpp"

namespace galias::reports {

namespace {

// Runs analysis `name` with the built-in rule set `rules`.
AnalysisRun run_one(std::string_view name, std::string_view rules, const RelationRows& relations,
                    const SolveOptions& options, engine::Result& result) {
    std::optional<analyses::BuiltinProgram> builtin = analyses::find_builtin_program(rules);
    if (!builtin) throw std::logic_error("missing built-in rule set " + std::string(rules));
    engine::Program program = engine::compile_program(builtin->text, std::string(builtin->file));
    engine::Inputs inputs;
    for (const auto& [relation, cells] : relations) {
        engine::Inputs::Rows rows;
        rows.arity = 2;
        rows.cells = cells;
        inputs.relations.emplace(relation, std::move(rows));
    }
    engine::EngineOptions engine_options;
    engine_options.backend = options.backend;
    engine_options.threads = options.threads;
    engine_options.cuda = options.cuda;
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

// The rows of `name`, moved out of the result (they can be gigabytes).
std::vector<std::uint32_t> take_rows(engine::Result& result, std::string_view name) {
    for (engine::RelationResult& relation : result.relations)
        if (relation.name == name) return std::move(relation.rows);
    throw std::logic_error("the analysis has no relation " + std::string(name));
}

}  // namespace

AliasResults solve_aliases(const ProgramInput& input, const SolveOptions& options) {
    AliasResults results;
    engine::Result cspa;
    // The linear form of CSPA: the published rules' relations with far fewer duplicate
    // derivations (analyses/cspa_linear.dl).
    results.runs.push_back(
        run_one(facts::analysis_name(facts::Analysis::Cspa), "cspa_linear", input.cspa, options, cspa));
    results.value_alias = take_rows(cspa, facts::predicates::kValueAlias.name);
    results.memory_alias = take_rows(cspa, facts::predicates::kMemoryAlias.name);
    engine::Result andersen;
    results.runs.push_back(run_one(facts::analysis_name(facts::Analysis::Andersen), "andersen",
                                   input.andersen, options, andersen));
    results.points_to = take_rows(andersen, facts::predicates::kPointsTo.name);
    return results;
}

}  // namespace galias::reports
