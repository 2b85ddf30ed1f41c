#pragma once
// Where a Clang source location is, as the facts write it (part of the AST translator,
// frontend/translator.hpp).

#include <clang/Basic/LangOptions.h>
#include <clang/Basic/SourceManager.h>

#include <filesystem>
#include <string>
#include <unordered_map>

#include "facts/program_facts.hpp"

namespace galias::frontend::detail {

using facts::SourcePos;

inline std::string base_name(const std::string& file) {
    return std::filesystem::path(file).filename().string();
}

// A position is the file's absolute path (a relative one is taken from the compile command's
// directory), and the line and column where the location's macro expansion, if any, is
// written: what a user finds in the source.
class SourcePositions {
public:
    SourcePositions(clang::SourceManager& sm, const clang::LangOptions& language, std::string directory)
        : sm_(sm), language_(language), directory_(std::move(directory)) {}

    SourcePos pos(clang::SourceLocation loc);
    // Position of the last character of the token at `loc`.
    SourcePos end_pos(clang::SourceLocation loc);

    static std::string line_col(const SourcePos& p);
    static std::string file_line_col(const SourcePos& p) { return base_name(p.file) + ":" + line_col(p); }

private:
    clang::SourceManager& sm_;
    const clang::LangOptions& language_;
    std::string directory_;
    std::unordered_map<unsigned, std::string> file_names_;  // by FileID hash
};

}  // namespace galias::frontend::detail
