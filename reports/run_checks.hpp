#pragma once
// Runs the enabled checks over one program and returns its findings: contexts merged
// (unless per_context), excluded paths dropped, in a stable order.

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "reports/checks/check.hpp"

namespace galias::reports {

struct RunOptions {
    std::filesystem::path source_root = ".";
    std::vector<std::string> exclude;  // globs over paths relative to source_root
    // When set, each check's own time in seconds, in the order the checks ran (--stats).
    std::vector<std::pair<std::string, double>>* seconds = nullptr;
};

// Throws DiagnosticError for an unknown check id in context.options.enabled.
std::vector<Finding> run_checks(const CheckContext& context, const RunOptions& options);

// Merges findings of one rule at one place for one key (calling contexts): the highest
// level wins; its message, related locations and witness are kept.
std::vector<Finding> merge_contexts(std::vector<Finding> findings);

}  // namespace galias::reports
