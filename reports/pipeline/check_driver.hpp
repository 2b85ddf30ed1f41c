#pragma once
// `galias analyze` and `galias check`: analyse, run the enabled checks, print the findings
// (text or JSON), write SARIF, apply a baseline, and decide the exit code.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "reports/finding.hpp"
#include "reports/pipeline/analysis_session.hpp"

namespace galias::reports {

struct CheckRequest {
    SessionRequest session;
    std::vector<std::string> checks;  // --checks: overrides the configuration's list
    bool per_context = false;
    Level fail_on = Level::Error;     // Level::None: never fail on findings
    std::optional<std::filesystem::path> baseline;
    std::optional<std::filesystem::path> sarif;
    std::optional<std::filesystem::path> output;  // text/JSON destination; stdout if unset
    std::string format = "text";                  // text | json
    bool stats = false;
    std::string automation_id;
    std::string tool_version = "0.0.0";
};

// Returns the exit code: 0 (no finding at or above fail_on), 1 (findings). Throws
// DiagnosticError for bad input (exit 2).
int run_check(const CheckRequest& request);

}  // namespace galias::reports
