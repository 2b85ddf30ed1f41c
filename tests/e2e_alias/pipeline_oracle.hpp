#pragma once
// The alias answers of one analysis for an alias-assertion case, from the pipeline that
// `galias analyze` and `galias check` run (pipeline/): pipeline::solve_aliases solves
// CSPA (its linear form, analyses/cspa_linear.dl) and Andersen on the engine, and
// reports::RelationAliasOracle answers from the one analysis's relation alone:
//   CSPA      a == b, or ValueAlias(a, b)
//   Andersen  a == b, or PointsTo(a, o) and PointsTo(b, o) for some object o
// with a and b first replaced by their value class representatives (copy reduction); a
// null pointer constant aliases nothing. Each analysis is asked alone so that a case checks
// both, where the product's oracle merges their answers.

#include <memory>

#include "pipeline/program_input.hpp"
#include "reports/alias_oracle.hpp"

namespace galias::test {

enum class Analysis { Cspa, Andersen };
const char* analysis_name(Analysis analysis);

// `input` must outlive the oracle (it answers from input.facts).
std::unique_ptr<reports::RelationAliasOracle> solve_with_pipeline(const pipeline::ProgramInput& input,
                                                                  Analysis analysis);

}  // namespace galias::test
