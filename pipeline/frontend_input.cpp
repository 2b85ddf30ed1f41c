// The -p BUILD_DIR input: runs the Clang frontend in-process. Compiled with
// GALIAS_WITH_FRONTEND when galias is built with the frontend (Clang 14 found).
#include "pipeline/program_input.hpp"

#ifdef GALIAS_WITH_FRONTEND
#include "frontend/extract.hpp"
#include "pipeline/frontend_input.hpp"
#endif

namespace galias::pipeline {

#ifdef GALIAS_WITH_FRONTEND

bool frontend_available() {
    return true;
}

ProgramInput extract_program(const ExtractRequest& request) {
    frontend::FrontendOptions options;
    options.compile_database = request.build_dir;
    options.context_k = request.context_k;
    options.allocators = request.allocators;
    options.release_functions = request.release_functions;
    options.source_filters = request.source_filters;
    options.threads = request.threads;
    options.unit_cache = request.unit_cache;
    options.tool_identity = request.tool_identity;
    if (request.on_progress) {
        options.on_progress = [&request](const frontend::ExtractProgress& progress) {
            request.on_progress(progress.done, progress.total, progress.file);
        };
    }
    return program_input_from(frontend::extract_facts(options));
}

ProgramInput program_input_from(frontend::ExtractResult result) {
    ProgramInput input;
    input.facts = std::move(result.program);
    for (const frontend::FactRelation* relation : result.cspa()) input.cspa[relation->name] = relation->cells;
    for (const frontend::FactRelation* relation : result.andersen())
        input.andersen[relation->name] = relation->cells;
    input.units_total = result.units.total;
    input.units_failed = result.units.failed;
    input.units_cached = result.units.cached;
    input.stage_seconds = result.stage_seconds;
    input.input_files = std::move(result.input_files);
    for (const Diagnostic& diagnostic : result.diagnostics) {
        // The frontend's errors are the units it could not analyse, each at its file.
        if (diagnostic.severity != Severity::Error || !diagnostic.location.known()) continue;
        std::string reason = diagnostic.message;
        if (const std::size_t tail = reason.rfind("; not analysed"); tail != std::string::npos)
            reason.erase(tail);
        input.failed_units.push_back(UnitFailure{diagnostic.location.file, std::move(reason)});
    }
    input.diagnostics = std::move(result.diagnostics);
    return input;
}

#else

bool frontend_available() {
    return false;
}

ProgramInput extract_program(const ExtractRequest& request) {
    throw DiagnosticError(
        SourceLocation{request.build_dir.string(), 0, 0},
        "this galias was built without the Clang frontend (Clang 14 libTooling was not found); "
        "extract facts elsewhere and use --facts DIR");
}

#endif

}  // namespace galias::pipeline
