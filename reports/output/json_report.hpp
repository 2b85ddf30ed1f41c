#pragma once
// Findings for tools (--format json): {"findings": [...], "suppressed": N}; one object per
// finding with rule, level, message (plain), file (relative to the source root), line,
// column, end_line, end_column, fingerprint, related[], witness[], context.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>

#include "reports/finding.hpp"

namespace galias::reports {

nlohmann::json findings_json(std::span<const Finding> findings, std::size_t suppressed,
                             const std::filesystem::path& source_root);

}  // namespace galias::reports
