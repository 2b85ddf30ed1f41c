#pragma once
// Answers "may these two nodes alias?" from the frontend's facts, by running one analysis
// with the engine in-process. The definitions (docs/FACTS.md, "Alias queries"):
//   CSPA      a == b, or ValueAlias(a, b)
//   Andersen  a == b, or PointsTo(a, o) and PointsTo(b, o) for some object o
// with a and b first replaced by their value class representatives (copy reduction).

#include <string>
#include <unordered_set>
#include <vector>

#include "frontend/extract_result.hpp"

namespace galias::test {

enum class Analysis { Cspa, Andersen };
const char* analysis_name(Analysis analysis);

class AliasOracle {
public:
    AliasOracle(const frontend::ExtractResult& facts, Analysis analysis);
    [[nodiscard]] bool may_alias(facts::NodeId a, facts::NodeId b) const;

private:
    Analysis analysis_;
    const facts::ProgramFacts& program_;                 // for value classes; outlives the oracle
    std::unordered_set<std::uint64_t> value_alias_;      // CSPA
    std::vector<std::vector<std::uint32_t>> points_to_;  // Andersen, sorted per pointer
};

}  // namespace galias::test
