#pragma once
// What the checks know about C library functions: which parameters are restrict-qualified
// (C11 7.24, 7.21) and which functions copy from a source into a destination that must not
// overlap it (CWE-475).

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace galias::reports {

struct LibraryFunction {
    std::string_view name;
    std::vector<unsigned> restrict_params;  // 0-based
    bool is_copy = false;  // copies argument 1 (source) into argument 0 (destination)
};

// The function's name with fortification wrappers removed:
// "__builtin___memcpy_chk" -> "memcpy", "__builtin_strcpy" -> "strcpy", "__strcpy_chk" -> "strcpy".
std::string normalize_callee(std::string_view callee);

// Known library function by (normalized) name, or null.
const LibraryFunction* find_library_function(std::string_view normalized_name);

std::span<const LibraryFunction> library_functions();

}  // namespace galias::reports
