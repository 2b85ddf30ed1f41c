#pragma once
// The configuration file, `.galias.toml` (or --config FILE):
//
//   [checks]
//   enable = ["restrict-alias", "overlapping-copy"]   # default: every check
//   disable = ["alias-assertion"]
//
//   [analysis]
//   context-k = 1                  # call-string depth for context cloning
//   allocators = ["xmalloc", { name = "g_malloc", release = ["g_free"] }]
//                                  # functions that return fresh heap memory, and which
//                                  # functions release their blocks (for the memory checks)
//   max-witness-steps = 32
//   allow-partial = false          # true: translation units that fail are not an error
//
//   [[must-not-alias]]
//   a = "g_input"
//   b = "g_output"
//   reason = "why"                  # optional
//
//   [paths]
//   exclude = ["third_party/**"]    # globs relative to the source root
//
// Errors (syntax, unknown keys, wrong types, unknown check names, a check both enabled and
// disabled, an invalid glob, nesting deeper than kMaxTomlDepth, a file over
// kMaxConfigBytes) throw DiagnosticError with file:line:col.

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reports/checks/check.hpp"

namespace galias::reports {

inline constexpr std::string_view kConfigFileName = ".galias.toml";
inline constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;

struct ReportConfig {
    std::filesystem::path file;               // where it was read from; empty = defaults
    std::vector<std::string> enabled_checks;  // sorted ids
    std::optional<unsigned> context_k;
    std::vector<std::string> allocators;
    // The allocators named with their release functions (an empty list: none releases a block
    // on its own): CheckOptions::allocator_releases.
    std::map<std::string, std::vector<std::string>> allocator_releases;
    std::optional<std::size_t> max_witness_steps;
    std::vector<MustNotAliasPair> must_not_alias;
    std::vector<std::string> exclude;
    std::optional<bool> allow_partial;   // [analysis] allow-partial
    std::optional<Level> summary_level;  // [checks] summary-level (CheckOptions::summary_level)
};

// Defaults: every check enabled, nothing else set.
ReportConfig default_config();
ReportConfig parse_config(std::string_view text, const std::string& file_name);
ReportConfig load_config(const std::filesystem::path& file);
// .galias.toml in `dir` or the nearest parent that has one; nullopt if none.
std::optional<std::filesystem::path> find_config(const std::filesystem::path& dir);

}  // namespace galias::reports
