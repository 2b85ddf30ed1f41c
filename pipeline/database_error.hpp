#pragma once
// The one wording of a damaged results database (docs/FACTS.md, "Integrity"): exit 2 with
// the file, what is wrong and how to recover, from whichever reader found it.

#include <filesystem>
#include <string>

#include "facts/diagnostic.hpp"

namespace galias::pipeline {

inline DiagnosticError corrupt_database(const std::filesystem::path& file, const std::string& what) {
    return DiagnosticError(SourceLocation{file.string(), 0, 0},
                           "corrupt results database: " + what +
                               "; delete the directory or write it again with `galias analyze --db`");
}

}  // namespace galias::pipeline
