#pragma once
// Runs Clang on one compile job and translates the AST (tu_translator.hpp). Each call
// builds its own compiler instance and file system view, so jobs run in parallel threads.

#include <string>
#include <vector>

#include "facts/diagnostic.hpp"
#include "frontend/compile_database.hpp"
#include "frontend/program_ir.hpp"
#include "frontend/tu_translator.hpp"

namespace galias::frontend {

enum class TuStatus {
    Ok,
    Failed,      // the compiler reported errors, or could not run: no facts from this TU
    Missing,     // the source file does not exist
    SkippedCxx,  // C++ or Objective-C: not analysed (docs/FRONTEND.md)
};

struct TuOutcome {
    TuStatus status = TuStatus::Ok;
    std::vector<Diagnostic> errors;  // the first compiler errors (at most kMaxErrorsKept)
    std::size_t error_count = 0;
    std::vector<std::string> dropped_flags;  // compiler flags Clang does not know, removed
    // Every file the compiler opened (the source and its headers, absolute), when Ok: what
    // the unit cache checks before reusing the IR.
    std::vector<std::string> dependencies;
    TranslationUnitIr ir;
};

inline constexpr std::size_t kMaxErrorsKept = 5;

// Clang's resource directory (builtin headers such as stddef.h): from the installed Clang
// found at build time, if it still exists.
std::string clang_resource_dir();

// `options.directory` is the job's own.
TuOutcome run_translation_unit(const CompileJob& job, const std::vector<std::string>& extra_args,
                               const TranslateOptions& options);

}  // namespace galias::frontend
