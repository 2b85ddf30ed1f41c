#pragma once
// `galias analyze` and `galias check`: analyse, run the enabled checks, print the findings
// (text or JSON), write SARIF, apply a baseline, and decide the exit code.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/analysis_session.hpp"
#include "reports/finding.hpp"

namespace galias::pipeline {

struct CheckRequest {
    SessionRequest session;
    std::vector<std::string> checks;  // --checks: overrides the configuration's list
    bool per_context = false;
    reports::Level fail_on = reports::Level::Error;  // Level::None: never fail on findings
    std::optional<reports::Level> summary_level;     // --summary-level: overrides the configuration
    std::optional<std::filesystem::path> baseline;
    std::optional<std::filesystem::path> sarif;
    // Whether notes are reported (text, JSON, SARIF). `analyze` reports them; `check`, the CI
    // gate, leaves them out and counts them, unless --summary-level or the configuration's
    // summary-level names their level, or --fail-on note (docs/CHECKS.md, "Levels in CI").
    bool show_notes = true;
    // A SARIF log of every finding, notes included, for the HTML report (check --html).
    std::optional<std::filesystem::path> full_sarif;
    std::optional<std::filesystem::path> output;  // text/JSON destination; stdout if unset
    std::string format = "text";                  // text | json
    bool stats = false;
    // Translation units that were not analysed are accepted (exit by findings) instead of
    // exit 2; `allow-partial` in [analysis] does the same.
    bool allow_partial = false;
    std::string automation_id;
    std::string tool_version = "0.0.0";
    // A pull request's check: report only the findings that touch the lines changed since
    // this git ref (of the repository holding the source root), or in this unified diff.
    std::optional<std::string> changed_since;
    std::optional<std::filesystem::path> changed_lines;
};

// Returns the exit code: 0 (no finding at or above fail_on), 1 (findings), 2 (translation
// units not analysed, unless allowed; every output is still written and says so). Throws
// DiagnosticError for bad input (exit 2), facts::OutputError when an output cannot be
// written (exit 3).
int run_check(const CheckRequest& request);

}  // namespace galias::pipeline
