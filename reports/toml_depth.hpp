#pragma once
// toml++ builds a table per segment of a dotted key or table header and recurses through
// them; a key of some tens of thousands of segments (`a.a.a...= 1`) overflows the stack.
// A configuration is read from the repository under analysis, so a pull request could
// crash the CI job that checks it. This scan runs first and measures how deep the TOML
// text nests (header segments + key segments + arrays + inline tables) without recursing,
// so that anything deeper than a limit is refused with its place instead.

#include <cstddef>
#include <string>
#include <string_view>

namespace galias::reports {

inline constexpr std::size_t kMaxTomlDepth = 64;

// Throws DiagnosticError at the key (file:line:col) that nests deeper than `limit`. Text
// that is not valid TOML is left for the TOML parser to report.
void check_toml_depth(std::string_view text, const std::string& file_name, std::size_t limit = kMaxTomlDepth);

}  // namespace galias::reports
