#include "tests/e2e_alias/alias_oracle.hpp"

#include <algorithm>

#include "analyses/builtin_programs.hpp"
#include "gpu_engine/engine.hpp"

namespace galias::test {

const char* analysis_name(Analysis analysis) {
    return analysis == Analysis::Cspa ? "cspa" : "andersen";
}

AliasOracle::AliasOracle(const frontend::ExtractResult& facts, Analysis analysis)
    : analysis_(analysis), program_(facts.program) {
    const auto builtin = analyses::find_builtin_program(analysis_name(analysis));
    const engine::Program program = engine::compile_program(builtin->text, std::string(builtin->file));
    engine::Inputs inputs;
    const auto relations = analysis == Analysis::Cspa ? facts.cspa() : facts.andersen();
    for (const frontend::FactRelation* r : relations)
        inputs.relations[r->name] = engine::Inputs::Rows{2, r->cells};
    engine::EngineOptions options;
    options.backend = engine::BackendKind::Cpu;
    options.threads = 1;
    const engine::Result result = engine::run(program, inputs, options);
    if (analysis == Analysis::Cspa) {
        const std::vector<std::uint32_t>& rows = result.relation("ValueAlias").rows;
        for (std::size_t i = 0; i + 1 < rows.size(); i += 2) {
            value_alias_.insert((static_cast<std::uint64_t>(rows[i]) << 32) | rows[i + 1]);
        }
    } else {
        const std::vector<std::uint32_t>& rows = result.relation("PointsTo").rows;
        points_to_.resize(facts.program.nodes.size());
        for (std::size_t i = 0; i + 1 < rows.size(); i += 2) points_to_.at(rows[i]).push_back(rows[i + 1]);
        for (auto& objects : points_to_) std::sort(objects.begin(), objects.end());
    }
}

bool AliasOracle::may_alias(facts::NodeId a, facts::NodeId b) const {
    if (a == facts::kNoNode || b == facts::kNoNode) return false;  // a null pointer constant aliases nothing
    a = program_.value_representative(a);
    b = program_.value_representative(b);
    if (a == b) return true;
    if (analysis_ == Analysis::Cspa)
        return value_alias_.count((static_cast<std::uint64_t>(a) << 32) | b) != 0;
    const auto& pa = points_to_.at(a);
    const auto& pb = points_to_.at(b);
    std::vector<std::uint32_t> common;
    std::set_intersection(pa.begin(), pa.end(), pb.begin(), pb.end(), std::back_inserter(common));
    return !common.empty();
}

}  // namespace galias::test
