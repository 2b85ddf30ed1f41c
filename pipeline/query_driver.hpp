#pragma once
// `galias query A B` (may two variables alias, and why) and `galias points-to P...` (what
// a pointer may point to, with allocation sites). Variables are named FUNCTION::VARIABLE,
// GLOBAL or FILE:LINE:VARIABLE; results are per source variable, contexts merged, unless
// per_context.

#include <string>
#include <vector>

#include "pipeline/analysis_session.hpp"

namespace galias::pipeline {

struct QueryRequest {
    SessionRequest session;
    std::vector<std::string> variables;
    std::string format = "text";  // text | json | csv
    bool per_context = false;
};

// Both return the exit code (0); bad names throw DiagnosticError (exit 2).
int run_alias_query(const QueryRequest& request);
int run_points_to_query(const QueryRequest& request);

}  // namespace galias::pipeline
