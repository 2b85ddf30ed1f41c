#include "tests/e2e_alias/pipeline_oracle.hpp"

#include <utility>
#include <vector>

#include "pipeline/alias_solver.hpp"

namespace galias::test {

const char* analysis_name(Analysis analysis) {
    return analysis == Analysis::Cspa ? "cspa" : "andersen";
}

std::unique_ptr<reports::RelationAliasOracle> solve_with_pipeline(const pipeline::ProgramInput& input,
                                                                  Analysis analysis) {
    // The CPU backend, as on machines without a GPU; the GPU parity tests hold the CUDA
    // backend to the same relations.
    pipeline::SolveOptions options;
    options.backend = engine::BackendKind::Cpu;
    options.threads = 1;
    pipeline::AliasResults results = pipeline::solve_aliases(input, options);
    if (analysis == Analysis::Cspa)
        return std::make_unique<reports::RelationAliasOracle>(input.facts, std::move(results.value_alias),
                                                              std::span<const std::uint32_t>{});
    return std::make_unique<reports::RelationAliasOracle>(input.facts, std::vector<std::uint32_t>{},
                                                          results.points_to);
}

}  // namespace galias::test
