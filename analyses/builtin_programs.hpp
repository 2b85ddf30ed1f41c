#pragma once
// The rule sets of analyses/*.dl, compiled into the binary so `galias run reach` and
// `galias analyze` work without an installed data directory.

#include <optional>
#include <span>
#include <string_view>

namespace galias::analyses {

struct BuiltinProgram {
    std::string_view name;  // "cspa", "cspa_linear", "andersen", "reach", "sg"
    std::string_view file;  // "cspa.dl", shown in diagnostics
    std::string_view text;
};

std::span<const BuiltinProgram> builtin_programs();
std::optional<BuiltinProgram> find_builtin_program(std::string_view name);

}  // namespace galias::analyses
