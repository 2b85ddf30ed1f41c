#pragma once
// Loads compile_commands.json (the Clang JSON compilation database format) into compile
// jobs. We parse the file ourselves rather than through clang::tooling so that a malformed
// file is reported with its line and column, entries with missing fields are reported by
// index, and paths that are not valid UTF-8 still load.

#include <filesystem>
#include <string>
#include <vector>

namespace galias::frontend {

// One translation unit to compile.
struct CompileJob {
    std::string directory;               // the working directory of the compiler
    std::string file;                    // the source file, absolute
    std::vector<std::string> arguments;  // argv, starting with the compiler
    std::size_t entry = 0;               // index of the entry in compile_commands.json
};

// `path` is either compile_commands.json itself or a directory containing it.
// Throws galias::DiagnosticError (with file:line:col for JSON syntax errors).
std::vector<CompileJob> load_compile_database(const std::filesystem::path& path);

// Same, from text already in memory; `name` appears in error messages.
std::vector<CompileJob> parse_compile_database(const std::string& text, const std::string& name);

// True for entries that compile C++ (or Objective-C) rather than C: by `-x` or extension.
bool is_cxx_job(const CompileJob& job);

// What decides how the file is compiled: the directory and the arguments, less the compiler
// and what only names outputs (-o, -c, dependency-file flags) or the file itself. Two
// entries of one file with equal flag sets compile the same code (a build that records a
// compilation twice, or objects that differ only by name).
std::string flag_set(const CompileJob& job);

}  // namespace galias::frontend
