#pragma once
// Runs the alias analyses on the engine: CSPA (ValueAlias, MemoryAlias) and Andersen
// (PointsTo), in-process, on the backend the options pick (Auto: CUDA when a GPU is there).
// The whole of each here; demand_alias_solver.hpp solves CSPA for given questions only.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gpu_engine/engine.hpp"
#include "pipeline/program_input.hpp"

namespace galias::pipeline {

struct SolveOptions {
    engine::BackendKind backend = engine::BackendKind::Auto;
    unsigned threads = 0;
    engine::CudaSwitches cuda;  // EngineOptions::cuda
    // analysis: "cspa" or "andersen" (the demand solve's runs: "cspa-memory", "cspa-value-alias").
    std::function<void(std::string_view analysis, const engine::Progress& progress)> on_progress;
    // Bounds on each CSPA run (solve_settings.hpp); Andersen is cheap and never bounded.
    engine::RunLimits cspa_limits;
};

struct AnalysisRun {
    std::string name;  // "cspa", "andersen", "cspa-memory", "cspa-value-alias"
    std::string backend;
    std::size_t iterations = 0;
    double seconds = 0;
    std::vector<std::pair<std::string, std::size_t>> sizes;  // output relation -> tuples
    std::vector<std::string> notes;  // the engine's: a GPU fallback (engine::Result::notes)
    std::string detail;              // what else --stats says of it (a demand's questions and size)
};

struct AliasResults {
    std::vector<std::uint32_t>
        value_alias;  // CSPA ValueAlias, 2 cells per row (the session moves it into the oracle)
    std::vector<std::uint32_t> memory_alias;  // CSPA MemoryAlias
    std::vector<std::uint32_t> points_to;     // Andersen PointsTo
    std::vector<AnalysisRun> runs;
};

// The relations as engine inputs (two columns each).
engine::Inputs engine_inputs(const RelationRows& relations);

// The built-in rule set `name` (analyses/*.dl), compiled.
engine::Program compile_builtin(std::string_view name);

// Runs `program` on `inputs` under `limits`, as analysis `name` (its progress and its entry
// in AliasResults::runs). Throws engine::RunLimitExceeded when the run passes a bound.
AnalysisRun run_rule_set(std::string_view name, const engine::Program& program, const engine::Inputs& inputs,
                         const SolveOptions& options, const engine::RunLimits& limits,
                         engine::Result& result);

// The rows of output relation `name`, moved out of the result (they can be gigabytes).
std::vector<std::uint32_t> take_rows(engine::Result& result, std::string_view name);

// The whole of CSPA (cspa_linear.dl) into results.value_alias and memory_alias; throws
// engine::RunLimitExceeded past options.cspa_limits, leaving `results` as it was.
void solve_cspa_fully(const ProgramInput& input, const SolveOptions& options, AliasResults& results);
// Andersen into results.points_to.
void solve_points_to(const ProgramInput& input, const SolveOptions& options, AliasResults& results);

// Both, CSPA first.
AliasResults solve_aliases(const ProgramInput& input, const SolveOptions& options);

}  // namespace galias::pipeline
