#include "pipeline/analysis_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <system_error>

#include "pipeline/database_oracle.hpp"

namespace galias::pipeline {

namespace fs = std::filesystem;

namespace {

// The release functions the configuration names for its allocators, sorted, each once: the
// frontend records where their calls' arguments point.
std::vector<std::string> release_functions(const reports::ReportConfig& config) {
    std::vector<std::string> names;
    for (const auto& [allocator, releases] : config.allocator_releases)
        names.insert(names.end(), releases.begin(), releases.end());
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

}  // namespace

using DatabaseUse = SessionRequest::DatabaseUse;

AnalysisSession::AnalysisSession(const SessionRequest& request) : request_(request) {
    // A query on a database may leave -p out: the database names its compile database.
    const bool input_from_database =
        request.database_use == DatabaseUse::Answer && request.build_dir.empty() && request.facts_dir.empty();
    if (request.database_use != DatabaseUse::Off && !request.facts_dir.empty()) {
        throw DiagnosticError(SourceLocation{},
                              "--db works with -p BUILD_DIR, not with --facts (a fact directory "
                              "is not checked for changes)");
    }
    if (!input_from_database && request.build_dir.empty() == request.facts_dir.empty()) {
        throw DiagnosticError(SourceLocation{},
                              "give either -p BUILD_DIR (a directory with compile_commands.json) "
                              "or --facts FACTS_DIR");
    }
    if (request.config_file) {
        config_ = reports::load_config(*request.config_file);
    } else if (std::optional<fs::path> found = reports::find_config(request.source_root)) {
        config_ = reports::load_config(*found);
    } else {
        config_ = reports::default_config();
    }
    if (request.context_k) config_.context_k = request.context_k;
}

fs::path AnalysisSession::compile_database() const {
    std::error_code ec;
    fs::path database = fs::is_directory(request_.build_dir, ec)
                            ? request_.build_dir / "compile_commands.json"
                            : request_.build_dir;
    return fs::absolute(database, ec).lexically_normal();
}

DatabaseKey AnalysisSession::database_key() const {
    DatabaseKey key;
    key.tool = request_.tool_identity;
    key.compile_database = compile_database();
    key.context_k = config_.context_k.value_or(1);
    key.allocators = config_.allocators;
    key.release_functions = release_functions(config_);
    return key;
}

bool AnalysisSession::read_database(reports::ProgressLine& progress) {
    const fs::path& dir = request_.database;
    const bool answer = request_.database_use == DatabaseUse::Answer;
    std::error_code ec;
    if (!answer && !fs::exists(dir / "manifest.json", ec)) return false;  // the first run writes it
    progress.update("reading the results database " + dir.string(), true);
    try {
        nlohmann::json manifest = read_manifest(dir);
        if (request_.build_dir.empty()) {
            const nlohmann::json* path =
                manifest.contains("compile_database") && manifest["compile_database"].is_object()
                    ? &manifest["compile_database"]["path"]
                    : nullptr;
            if (path == nullptr || !path->is_string()) {
                throw DiagnosticError(SourceLocation{(dir / "manifest.json").string(), 0, 0},
                                      "corrupt results database: the manifest names no compilation database");
            }
            request_.build_dir = path->get<std::string>();
        }
        if (std::optional<std::string> reason =
                stale_reason(manifest, database_key(), dir / "manifest.json")) {
            if (answer) {
                throw DiagnosticError(SourceLocation{dir.string(), 0, 0},
                                      fmt::format("the results database is out of date: {}; refresh it with "
                                                  "`galias analyze -p {} --db {}`",
                                                  *reason, request_.build_dir.string(), dir.string()));
            }
            progress.clear();
            if (!request_.quiet)
                std::fprintf(stderr, "galias: rewriting the results database %s: %s\n", dir.c_str(),
                             reason->c_str());
            return false;
        }
        // A query reads what it asks about; analyze and check reuse everything.
        stored_ = load_database(dir, manifest, answer ? DatabaseScope::Queries : DatabaseScope::Everything,
                                input_, results_.runs);
    } catch (const DiagnosticError& e) {
        if (answer) throw;
        // analyze/check replace a database they cannot read; they do not need it.
        progress.clear();
        std::fprintf(stderr, "%s\ngalias: note: writing the results database again\n",
                     e.diagnostic().str().c_str());
        input_ = ProgramInput{};
        results_ = AliasResults{};
        stored_ = StoredResults{};
        return false;
    }
    return true;
}

void AnalysisSession::analyse(reports::ProgressLine& progress) {
    auto start = std::chrono::steady_clock::now();
    if (request_.database_use != DatabaseUse::Off && read_database(progress)) {
        times_.from_database = true;
        times_.input_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        progress.clear();
        build_views();
        return;
    }
    std::optional<InputSnapshot> snapshot;
    std::optional<ExtractRequest> extract;
    if (!request_.facts_dir.empty()) {
        progress.update("reading facts from " + request_.facts_dir.string(), true);
        input_ = read_fact_dir(request_.facts_dir);
    } else {
        // Hashed before extraction: an edit during the run makes the database stale, not wrong.
        if (request_.database_use == DatabaseUse::Refresh) snapshot = snapshot_inputs(compile_database());
        extract = extract_request(progress);
        input_ = extract_sources(*extract, progress, /*say_diagnostics=*/true);
    }
    auto extracted = std::chrono::steady_clock::now();
    times_.input_seconds = std::chrono::duration<double>(extracted - start).count();

    SolveSettings settings = request_.solve;
    settings.writes_database = snapshot.has_value();
    answers_ = std::make_unique<AliasAnswers>(input_, settings);
    answers_->solve(solve_options(progress), results_);
    if (extract && answers_->memory_alias_bounded() && extract->context_k > 0)
        solve_at_depth_0(*extract, settings, progress);
    times_.solve_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - extracted).count() -
        times_.reextract_seconds;
    times_.input_seconds += times_.reextract_seconds;
    progress.clear();
    if (!request_.quiet) {
        for (const AnalysisRun& run : results_.runs)
            for (const std::string& note : run.notes)
                std::fprintf(stderr, "galias: warning: %s: %s\n", run.name.c_str(), note.c_str());
    }
    // A bound passed is said even with --quiet: the findings may differ from an unbounded run.
    for (const std::string& bounded : answers_->bounded())
        std::fprintf(stderr, "galias: warning: %s\n", bounded.c_str());

    if (snapshot && answers_->solved_fully()) {
        progress.update("writing the results database " + request_.database.string(), true);
        add_input_files(*snapshot, input_.input_files);
        write_database(request_.database, database_key(), *snapshot, input_, results_);
        progress.clear();
    }
    build_views();
}

ExtractRequest AnalysisSession::extract_request(reports::ProgressLine& progress) const {
    ExtractRequest extract;
    extract.build_dir = request_.build_dir;
    extract.context_k = config_.context_k.value_or(1);
    extract.allocators = config_.allocators;
    extract.release_functions = release_functions(config_);
    extract.threads = request_.threads;
    extract.unit_cache = request_.unit_cache;
    extract.tool_identity = request_.tool_identity;
    extract.on_progress = [&progress](std::size_t done, std::size_t total, const std::string& file) {
        progress.update(fmt::format("parsing: {}/{} translation units ({})", done, total,
                                    fs::path(file).filename().string()));
    };
    return extract;
}

ProgramInput AnalysisSession::extract_sources(const ExtractRequest& extract, reports::ProgressLine& progress,
                                              bool say_diagnostics) const {
    std::error_code ec;
    const fs::path database = fs::is_directory(request_.build_dir, ec)
                                  ? request_.build_dir / "compile_commands.json"
                                  : request_.build_dir;
    if (!fs::exists(database, ec)) {
        throw DiagnosticError(SourceLocation{database.string(), 0, 0},
                              "no compilation database here; create one with CMake "
                              "(-DCMAKE_EXPORT_COMPILE_COMMANDS=ON) or `bear -- make`");
    }
    ProgramInput input = extract_program(extract);
    for (const Diagnostic& diagnostic : input.diagnostics) {
        if (!say_diagnostics || (request_.quiet && diagnostic.severity != Severity::Error)) continue;
        progress.clear();
        std::fprintf(stderr, "%s\n", diagnostic.str().c_str());
    }
    if (input.units_total != 0 && input.units_failed == input.units_total) {
        throw DiagnosticError(SourceLocation{database.string(), 0, 0},
                              "no translation unit could be analysed (see the errors above)");
    }
    return input;
}

// MemoryAlias passed its bound at the configured context depth: the clones of the
// functions called from many places multiply the nodes it relates. The program is
// extracted again at depth 0 (one copy of each function; the unit cache, when there is
// one, spares the parsing) and solved within the same bounds. If that passes a bound too,
// the depth-k program stays, with may-alias from its points-to sets.
void AnalysisSession::solve_at_depth_0(const ExtractRequest& extract, const SolveSettings& settings,
                                       reports::ProgressLine& progress) {
    const auto start = std::chrono::steady_clock::now();
    progress.update("MemoryAlias passed its bound: extracting the program again at context depth 0", true);
    ExtractRequest at_depth_0 = extract;
    at_depth_0.context_k = 0;
    ProgramInput at_depth_k = std::move(input_);
    input_ =
        extract_sources(at_depth_0, progress, /*say_diagnostics=*/false);  // the first extraction said them
    times_.reextract_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // The answers refer to input_, which now holds the depth-0 program.
    auto answers = std::make_unique<AliasAnswers>(input_, settings);
    AliasResults results;
    answers->solve(solve_options(progress), results);
    const std::string at_k =
        fmt::format("the CSPA demand solve (MemoryAlias) at context depth {} stopped at its {}",
                    extract.context_k, answers_->memory_alias_stop());
    if (!answers->memory_alias_bounded()) {
        std::vector<std::string> before = answers_->bounded();
        before.pop_back();  // the depth-k MemoryAlias sentence, replaced by what was done
        before.push_back(
            at_k +
            "; the program was extracted again at context depth 0 (one copy of each function: less "
            "precise) and solved within the bound");
        answers->add_bounded_before(before);
        answers_ = std::move(answers);
        results_ = std::move(results);
        return;
    }
    input_ = std::move(at_depth_k);
    answers_->add_bounded(fmt::format(
        "extracted again at context depth 0, the program's MemoryAlias stopped at its {} too; the "
        "depth-{} program is kept",
        answers->memory_alias_stop(), extract.context_k));
}

SolveOptions AnalysisSession::solve_options(reports::ProgressLine& progress) const {
    SolveOptions solve;
    solve.backend = request_.backend;
    solve.threads = request_.threads;
    solve.cuda = request_.cuda;
    solve.cspa_limits = request_.solve.bounds.limits();
    solve.on_progress = [&progress](std::string_view analysis, const engine::Progress& p) {
        progress.update(fmt::format("{}: stratum {}, iteration {}, delta {} tuples", analysis, p.stratum,
                                    p.iteration, p.delta_tuples),
                        p.iteration <= 1);  // always show each analysis starting
    };
    return solve;
}

bool AnalysisSession::solve_asked(reports::ProgressLine& progress) {
    if (!answers_) return false;
    const auto start = std::chrono::steady_clock::now();
    const std::size_t bounded = answers_->bounded().size();
    const bool solved = answers_->solve_asked(solve_options(progress), results_);
    progress.clear();
    for (std::size_t i = bounded; i < answers_->bounded().size(); ++i)
        std::fprintf(stderr, "galias: warning: %s\n", answers_->bounded()[i].c_str());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    times_.solve_seconds += seconds;
    times_.asked_seconds += seconds;
    return solved;
}

void AnalysisSession::build_views() {
    if (stored_.value_alias) {
        oracle_ =
            std::make_unique<DatabaseAliasOracle>(input_.facts, *stored_.value_alias, *stored_.points_to);
        stored_memory_ = std::make_unique<DatabaseMemoryEdges>(*stored_.memory_alias);
        witness_ = std::make_unique<reports::WitnessFinder>(input_.facts, *stored_memory_);
    } else {
        // The oracle takes ValueAlias over (it can be billions of rows; nothing else reads it).
        oracle_ = answers_->make_oracle(input_.facts, results_);
        witness_ = answers_->make_witness(input_.facts, results_);
    }
    view_ = std::make_unique<reports::SourceView>(input_.facts);
}

}  // namespace galias::pipeline
