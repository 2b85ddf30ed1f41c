#include "reports/pipeline/analysis_session.hpp"

#include <chrono>
#include <cstdio>
#include <system_error>

#include <fmt/format.h>

namespace galias::reports {

namespace fs = std::filesystem;

AnalysisSession::AnalysisSession(const SessionRequest& request) : request_(request) {
    if (request.build_dir.empty() == request.facts_dir.empty()) {
        throw DiagnosticError(SourceLocation{}, "give either -p BUILD_DIR (a directory with compile_commands.json) "
                                                "or --facts FACTS_DIR");
    }
    if (request.config_file) {
        config_ = load_config(*request.config_file);
    } else if (std::optional<fs::path> found = find_config(request.source_root)) {
        config_ = load_config(*found);
    } else {
        config_ = default_config();
    }
    if (request.context_k) config_.context_k = request.context_k;
}

void AnalysisSession::analyse(ProgressLine& progress) {
    auto start = std::chrono::steady_clock::now();
    if (!request_.facts_dir.empty()) {
        progress.update("reading facts from " + request_.facts_dir.string(), true);
        input_ = read_fact_dir(request_.facts_dir);
    } else {
        std::error_code ec;
        fs::path database = fs::is_directory(request_.build_dir, ec) ? request_.build_dir / "compile_commands.json"
                                                                     : request_.build_dir;
        if (!fs::exists(database, ec)) {
            throw DiagnosticError(SourceLocation{database.string(), 0, 0},
                                  "no compilation database here; create one with CMake "
                                  "(-DCMAKE_EXPORT_COMPILE_COMMANDS=ON) or `bear -- make`");
        }
        ExtractRequest extract;
        extract.build_dir = request_.build_dir;
        extract.context_k = config_.context_k.value_or(1);
        extract.allocators = config_.allocators;
        extract.threads = request_.threads;
        extract.on_progress = [&progress](std::size_t done, std::size_t total, const std::string& file) {
            progress.update(fmt::format("parsing: {}/{} translation units ({})", done, total,
                                        fs::path(file).filename().string()));
        };
        input_ = extract_program(extract);
        for (const Diagnostic& diagnostic : input_.diagnostics) {
            if (request_.quiet && diagnostic.severity != Severity::Error) continue;
            progress.clear();
            std::fprintf(stderr, "%s\n", diagnostic.str().c_str());
        }
        if (input_.units_total != 0 && input_.units_failed == input_.units_total) {
            throw DiagnosticError(SourceLocation{database.string(), 0, 0},
                                  "no translation unit could be analysed (see the errors above)");
        }
    }
    auto extracted = std::chrono::steady_clock::now();
    times_.input_seconds = std::chrono::duration<double>(extracted - start).count();

    SolveOptions solve;
    solve.backend = request_.backend;
    solve.threads = request_.threads;
    solve.on_progress = [&progress](std::string_view analysis, const engine::Progress& p) {
        progress.update(fmt::format("{}: stratum {}, iteration {}, delta {} tuples", analysis, p.stratum, p.iteration,
                                    p.delta_tuples),
                        p.iteration <= 1);  // always show each analysis starting
    };
    results_ = solve_aliases(input_, solve);
    times_.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - extracted).count();
    progress.clear();
    if (!request_.quiet) {
        for (const AnalysisRun& run : results_.runs)
            for (const std::string& note : run.notes) std::fprintf(stderr, "galias: warning: %s: %s\n", run.name.c_str(), note.c_str());
    }

    // The oracle takes ValueAlias over (it can be billions of rows; nothing else reads it).
    oracle_ = std::make_unique<RelationAliasOracle>(input_.facts, std::move(results_.value_alias), results_.points_to);
    view_ = std::make_unique<SourceView>(input_.facts);
    witness_ = std::make_unique<WitnessFinder>(input_.facts, results_.memory_alias);
}

}  // namespace galias::reports
