#pragma once
// The frontend's entry points: compile commands in, facts out.
//
//   FrontendOptions options;
//   options.compile_database = "build";            // or options.jobs = {...}
//   ExtractResult result = extract_facts(options);  // parse, link, resolve calls, clone, emit
//   write_fact_directory(result, "facts");          // docs/FACTS.md
//
// `galias facts` is a thin command over these; `galias analyze` hands ExtractResult's
// relations to the engine in-process.

#include <filesystem>

#include "frontend/extract_result.hpp"
#include "frontend/frontend_options.hpp"

namespace galias::frontend {

// Throws DiagnosticError for unusable input (no or malformed compilation database, a bad
// source filter). Translation units that fail to compile do not throw: they are counted in
// result.units and described in result.diagnostics, and the others are analysed.
ExtractResult extract_facts(const FrontendOptions& options);

// Writes cspa/*.facts, andersen/*.facts and the side tables. Throws std::runtime_error on
// I/O errors.
void write_fact_directory(const ExtractResult& result, const std::filesystem::path& facts_dir);

}  // namespace galias::frontend
