#include "reports/checks/c_library.hpp"

namespace galias::reports {

namespace {

const LibraryFunction kFunctions[] = {
    // <string.h>: copies whose source and destination must not overlap.
    {"memccpy", {0, 1}, true, CopyShape::UpToN, 3},
    {"memcpy", {0, 1}, true, CopyShape::Bytes, 2},
    {"mempcpy", {0, 1}, true, CopyShape::Bytes, 2},
    {"stpcpy", {0, 1}, true, CopyShape::String, -1},
    {"stpncpy", {0, 1}, true, CopyShape::StringN, 2},
    {"strcat", {0, 1}, true, CopyShape::Append, -1},
    {"strcpy", {0, 1}, true, CopyShape::String, -1},
    {"strncat", {0, 1}, true, CopyShape::AppendN, 2},
    {"strncpy", {0, 1}, true, CopyShape::StringN, 2},
    {"strxfrm", {0, 1}, true, CopyShape::Transform, 2},
    {"wcscat", {0, 1}, true, CopyShape::WideAppend, -1},
    {"wcscpy", {0, 1}, true, CopyShape::WideString, -1},
    {"wcsncat", {0, 1}, true, CopyShape::WideAppendN, 2},
    {"wcsncpy", {0, 1}, true, CopyShape::WideStringN, 2},
    {"wmemcpy", {0, 1}, true, CopyShape::WideChars, 2},
    // Other functions with restrict-qualified parameters.
    {"fgets", {0, 2}, false},
    {"fprintf", {0, 1}, false},
    {"fread", {0, 3}, false},
    {"fscanf", {0, 1}, false},
    {"fwrite", {0, 3}, false},
    {"setbuf", {0, 1}, false},
    {"setvbuf", {0, 1}, false},
    {"snprintf", {0, 2}, false},
    {"sprintf", {0, 1}, false},
    {"sscanf", {0, 1}, false},
    {"strtok", {0, 1}, false},
    {"strtok_r", {0, 1, 2}, false},
    {"vsnprintf", {0, 2}, false},
    {"vsprintf", {0, 1}, false},
};

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}
bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

std::string normalize_callee(std::string_view callee) {
    std::string_view name = callee;
    if (starts_with(name, "__builtin___") && ends_with(name, "_chk")) {
        name = name.substr(12, name.size() - 12 - 4);
    } else if (starts_with(name, "__builtin_")) {
        name = name.substr(10);
    } else if (starts_with(name, "__") && ends_with(name, "_chk")) {
        name = name.substr(2, name.size() - 2 - 4);
    }
    return std::string(name);
}

const LibraryFunction* find_library_function(std::string_view normalized_name) {
    for (const LibraryFunction& function : kFunctions) {
        if (function.name == normalized_name) return &function;
    }
    return nullptr;
}

std::span<const LibraryFunction> library_functions() { return kFunctions; }

}  // namespace galias::reports
