#pragma once
// CSPA for what the checks and queries ask, not for every pair of nodes (docs/ENGINE.md,
// "CSPA on demand in the run driver"):
//
//   MemoryAlias  in full, by cspa_memory.dl (in this folder): the witness paths step through it,
//                and it needs ValueAlias only between dereferenced pointers (git: 2.1 s
//                instead of the whole analysis's 115 s, the same relation).
//   ValueAlias   for the pairs asked, by engine::DemandSolver on cspa_value_alias.dl
//                (ValueAlias(b,b)) over that MemoryAlias; the solver keeps its answers, so
//                a later round runs only the pairs it has not seen.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "gpu_engine/demand.hpp"
#include "pipeline/alias_solver.hpp"

namespace galias::pipeline {

class DemandAliasSolver {
public:
    explicit DemandAliasSolver(const ProgramInput& input) : input_(input) {}

    // MemoryAlias in full (2 cells per row, sorted); the run goes into `runs`. Throws
    // engine::RunLimitExceeded past options.cspa_limits.
    std::vector<std::uint32_t> solve_memory_alias(const SolveOptions& options,
                                                  std::vector<AnalysisRun>& runs);

    // Which of `pairs` (2 cells each) hold in ValueAlias: those rows, sorted. Needs
    // solve_memory_alias first. The round goes into `runs` (its demand in AnalysisRun::detail).
    // Throws engine::RunLimitExceeded past options.cspa_limits.
    std::vector<std::uint32_t> value_alias(std::span<const std::uint32_t> pairs, const SolveOptions& options,
                                           std::vector<AnalysisRun>& runs);

private:
    const ProgramInput& input_;
    engine::Inputs value_alias_inputs_;  // assign and the solved MemoryAlias: every round the same
    std::unique_ptr<engine::Program> value_alias_program_;
    std::unique_ptr<engine::DemandSolver> solver_;
};

}  // namespace galias::pipeline
