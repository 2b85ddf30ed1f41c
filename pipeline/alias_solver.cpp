#include "pipeline/alias_solver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "analyses/builtin_programs.hpp"
#include "facts/predicates.hpp"
#include "gpu_engine/runtime/backend_factory.hpp"
#if GALIAS_WITH_FRONTEND
#include "frontend/points_to_solver.hpp"
#endif

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

namespace {

#if GALIAS_WITH_FRONTEND
// Whether every node of the Andersen facts is one of the symbol table's: the worklist solver
// keeps a slot per node id, which a hand-written fact directory with a stray large id would
// make huge; the engine numbers the values it meets densely and takes those.
bool node_ids_in_table(const ProgramInput& input) {
    const std::size_t nodes = input.facts.nodes.size();
    for (const auto& [relation, cells] : input.andersen)
        if (std::any_of(cells.begin(), cells.end(), [nodes](std::uint32_t id) { return id >= nodes; }))
            return false;
    return true;
}

// Andersen's PointsTo from the worklist solver that the frontend runs for calls through
// function pointers (frontend/points_to_solver.hpp): the four rules of
// analyses/andersen.dl, so the same least fixpoint, but it merges cycles of copy edges and
// passes on only what a node has not passed on yet. The engine's join derives a tuple once
// for every node that flows into its pointer: on the CPU, libuv1's 9.1 million tuples came
// from 7.7 billion derivations, 5.3 s here against 75 s (docs/BENCHMARKS.md, "Andersen on
// the CPU"). Rows sorted by pointer, then object, as the engine writes them; the node ids
// are the symbol table's (node_ids_in_table).
std::vector<std::uint32_t> worklist_points_to(const ProgramInput& input, AnalysisRun& run) {
    const auto start = std::chrono::steady_clock::now();
    frontend::PointsToSolver solver;
    const auto each = [&](const facts::Predicate& relation, auto add) {
        const auto found = input.andersen.find(relation.name);
        if (found == input.andersen.end()) return;
        const std::vector<std::uint32_t>& cells = found->second;
        for (std::size_t i = 0; i + 1 < cells.size(); i += 2) add(cells[i], cells[i + 1]);
    };
    namespace predicates = facts::predicates;
    each(predicates::kAndersenAddressOf,
         [&](std::uint32_t y, std::uint32_t x) { solver.add_address_of(y, x); });
    each(predicates::kAndersenAssign, [&](std::uint32_t y, std::uint32_t x) { solver.add_copy(y, x); });
    each(predicates::kAndersenLoad, [&](std::uint32_t y, std::uint32_t x) { solver.add_load(y, x); });
    each(predicates::kAndersenStore, [&](std::uint32_t y, std::uint32_t x) { solver.add_store(y, x); });
    solver.solve();
    std::vector<std::uint32_t> rows;
    std::vector<std::uint32_t> objects;
    const auto nodes = static_cast<std::uint32_t>(input.facts.nodes.size());
    for (std::uint32_t pointer = 0; pointer < nodes; ++pointer) {
        objects.clear();
        for (const unsigned object : solver.points_to(pointer)) objects.push_back(solver.object_node(object));
        std::sort(objects.begin(), objects.end());
        for (const std::uint32_t object : objects) {
            rows.push_back(pointer);
            rows.push_back(object);
        }
    }
    run.name = std::string(facts::analysis_name(facts::Analysis::Andersen));
    run.backend = "cpu (worklist solver)";
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.sizes.emplace_back(std::string(predicates::kPointsTo.name), rows.size() / 2);
    run.detail = fmt::format("{} nodes merged in cycles", solver.merged_nodes());
    return rows;
}
#endif

}  // namespace

void solve_points_to(const ProgramInput& input, const SolveOptions& options, AliasResults& results) {
#if GALIAS_WITH_FRONTEND
    if (engine::resolve_backend(options.backend) == engine::BackendKind::Cpu && node_ids_in_table(input)) {
        AnalysisRun run;
        results.points_to = worklist_points_to(input, run);
        results.runs.push_back(std::move(run));
        return;
    }
#endif
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
