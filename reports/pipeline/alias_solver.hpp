#pragma once
// Runs the alias analyses on the engine: CSPA (ValueAlias, MemoryAlias) and Andersen
// (PointsTo), in-process, on the backend the options pick (Auto: CUDA when a GPU is there).

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gpu_engine/engine.hpp"
#include "reports/pipeline/program_input.hpp"

namespace galias::reports {

struct SolveOptions {
    engine::BackendKind backend = engine::BackendKind::Auto;
    unsigned threads = 0;
    engine::CudaSwitches cuda;  // EngineOptions::cuda
    // analysis: "cspa" or "andersen".
    std::function<void(std::string_view analysis, const engine::Progress& progress)> on_progress;
};

struct AnalysisRun {
    std::string name;  // "cspa", "andersen"
    std::string backend;
    std::size_t iterations = 0;
    double seconds = 0;
    std::vector<std::pair<std::string, std::size_t>> sizes;  // output relation -> tuples
    std::vector<std::string> notes;  // the engine's: a GPU fallback (engine::Result::notes)
};

struct AliasResults {
    std::vector<std::uint32_t>
        value_alias;  // CSPA ValueAlias, 2 cells per row (the session moves it into the oracle)
    std::vector<std::uint32_t> memory_alias;  // CSPA MemoryAlias
    std::vector<std::uint32_t> points_to;     // Andersen PointsTo
    std::vector<AnalysisRun> runs;
};

AliasResults solve_aliases(const ProgramInput& input, const SolveOptions& options);

}  // namespace galias::reports
