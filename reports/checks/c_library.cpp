#include "reports/checks/c_library.hpp"

namespace galias::reports {

namespace {

const LibraryFunction kFunctions[] = {
    // <string.h>: copies whose source and destination must not overlap.
    {"memccpy", {0, 1}, true, CopyShape::UpToN, 3, {1}},
    {"memcpy", {0, 1}, true, CopyShape::Bytes, 2, {1}},
    {"mempcpy", {0, 1}, true, CopyShape::Bytes, 2, {1}},
    {"stpcpy", {0, 1}, true, CopyShape::String, -1, {1}},
    {"stpncpy", {0, 1}, true, CopyShape::StringN, 2, {1}},
    {"strcat", {0, 1}, true, CopyShape::Append, -1, {1}},
    {"strcpy", {0, 1}, true, CopyShape::String, -1, {1}},
    {"strncat", {0, 1}, true, CopyShape::AppendN, 2, {1}},
    {"strncpy", {0, 1}, true, CopyShape::StringN, 2, {1}},
    {"strxfrm", {0, 1}, true, CopyShape::Transform, 2, {1}},
    {"wcscat", {0, 1}, true, CopyShape::WideAppend, -1, {1}},
    {"wcscpy", {0, 1}, true, CopyShape::WideString, -1, {1}},
    {"wcsncat", {0, 1}, true, CopyShape::WideAppendN, 2, {1}},
    {"wcsncpy", {0, 1}, true, CopyShape::WideStringN, 2, {1}},
    {"wmemcpy", {0, 1}, true, CopyShape::WideChars, 2, {1}},
    // Other functions with restrict-qualified parameters.
    {"dlsym", {}, false},
    {"fgets", {0, 2}, false},
    {"fopen", {0, 1}, false, CopyShape::None, -1, {0, 1}},
    {"fprintf", {0, 1}, false, CopyShape::None, -1, {1}},
    {"fread", {0, 3}, false},
    {"freopen", {0, 1, 2}, false, CopyShape::None, -1, {0, 1}},
    {"fscanf", {0, 1}, false, CopyShape::None, -1, {1}},
    {"fwrite", {0, 3}, false, CopyShape::None, -1, {0}},
    {"pthread_create", {0, 1}, false, CopyShape::None, -1, {1}, {3}},
    {"setbuf", {0, 1}, false},
    {"setvbuf", {0, 1}, false},
    {"snprintf", {0, 2}, false, CopyShape::None, -1, {2}},
    {"sprintf", {0, 1}, false, CopyShape::None, -1, {1}},
    {"sscanf", {0, 1}, false, CopyShape::None, -1, {0, 1}},
    {"strtok", {0, 1}, false, CopyShape::None, -1, {1}},
    {"strtok_r", {0, 1, 2}, false, CopyShape::None, -1, {1}},
    {"vfprintf", {0, 1}, false, CopyShape::None, -1, {1}},
    {"vsnprintf", {0, 2}, false, CopyShape::None, -1, {2}},
    {"vsprintf", {0, 1}, false, CopyShape::None, -1, {1}},
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

std::span<const LibraryFunction> library_functions() {
    return kFunctions;
}

}  // namespace galias::reports
