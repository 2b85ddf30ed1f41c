#pragma once
// Options shared by the report commands (analyze, check, query, points-to): where the
// program comes from, the configuration, the backend. Each command file declares its own
// options on top and calls a driver in pipeline/.

#include <cmath>
#include <string>

#include "facts/diagnostic.hpp"
#include "pipeline/analysis_session.hpp"
#include "tools/galias/command.hpp"
#include "tools/galias/engine_switch_options.hpp"
#include "tools/galias/version_text.hpp"

namespace galias::tool {

struct ReportCommonOptions {
    std::string build_dir;
    std::string facts_dir;
    std::string config;
    std::string source_root = ".";
    std::string backend = "auto";
    unsigned threads = 0;
    int context_k = -1;
    bool quiet = false;
    std::string database;
    std::string unit_cache;
    pipeline::SessionRequest::DatabaseUse database_use = pipeline::SessionRequest::DatabaseUse::Off;
    EngineSwitchOptions switches;  // --cuda-trace, --cuda-off, --cuda-difference
    std::string solve = "auto";
    std::string solve_memory_limit;  // empty: half the physical memory
    double solve_time_limit = 0;

    // `use`: how --db is used by this command (Answer for queries, Refresh for analyze/check).
    void declare(CLI::App& app, pipeline::SessionRequest::DatabaseUse use) {
        database_use = use;
        if (use == pipeline::SessionRequest::DatabaseUse::Answer) {
            app.add_option(
                "--db", database,
                "Answer from this results database (galias analyze --db); -p may be left out; exit 2 "
                "when it is out of date");
        } else {
            app.add_option(
                "--db", database,
                "Results database: reuse it when it is up to date, else analyse and write it there");
        }
        app.add_option("-p,--build-dir", build_dir,
                       "Directory with compile_commands.json (or the file itself)");
        app.add_option("--facts", facts_dir, "Analyse a fact directory (galias facts) instead of C sources");
        app.add_option("--config", config,
                       "Configuration file (default: .galias.toml in the source root or above)");
        app.add_option("--source-root", source_root,
                       "Repository root: paths in reports are relative to it (default: current directory)");
        app.add_option(
            "--cache", unit_cache,
            "Per-unit fact cache: translation units whose source, headers and flags are unchanged are not "
            "parsed again (docs/FRONTEND.md)");
        app.add_option("--backend", backend, "Engine backend: auto, cpu or cuda")
            ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
        app.add_option("-j,--jobs", threads,
                       "Threads of the frontend, the CPU engine and the checks (0 = all cores)");
        app.add_option("-k,--context-k", context_k,
                       "Call-string depth for context cloning (overrides the config)")
            ->check(CLI::Range(0, 8));
        app.add_flag("-q,--quiet", quiet, "No progress line, no summary");
        declare_solve(app);
        switches.declare(app, false);
    }

    // How CSPA is solved and its bounds (docs/ENGINE.md, "CSPA on demand in the run driver").
    void declare_solve(CLI::App& app) {
        app.add_option("--solve", solve,
                       "How CSPA is solved: demand (MemoryAlias, and ValueAlias for the pairs the checks or "
                       "queries ask), full (every tuple) or auto (demand, but full for a results database or "
                       "when the questions cover most of the program; default)")
            ->check(CLI::IsMember({"auto", "demand", "full"}));
        app.add_option(
               "--solve-memory-limit", solve_memory_limit,
               "Stop a CSPA solve whose tuples would take more memory than this (e.g. 8G, 512M; 0: no "
               "bound; default half the physical memory); a full solve is then done on demand, a "
               "demand solve answers from the points-to sets")
            ->check(CLI::Validator(
                [](const std::string& text) -> std::string {
                    if (pipeline::parse_memory_size(text)) return {};
                    return "expected a size such as 8G, 512M or 0, got '" + text + "'";
                },
                "SIZE"));
        app.add_option(
               "--solve-time-limit", solve_time_limit,
               "Stop a CSPA solve after this many seconds, with the same fallbacks (default: no bound)")
            ->check(CLI::Validator(
                [](const std::string& text) -> std::string {
                    char* end = nullptr;
                    const double value = std::strtod(text.c_str(), &end);
                    if (end != text.c_str() && *end == '\0' && std::isfinite(value) && value >= 0) return {};
                    return "expected seconds (0: no bound), got '" + text + "'";
                },
                "SECONDS"));
    }

    [[nodiscard]] pipeline::SolveSettings solve_settings() const {
        pipeline::SolveSettings settings;
        settings.mode = pipeline::parse_solve_mode(solve).value_or(pipeline::SolveMode::Auto);
        settings.bounds.memory_bytes = solve_memory_limit.empty()
                                           ? pipeline::default_solve_memory_bytes()
                                           : *pipeline::parse_memory_size(solve_memory_limit);
        settings.bounds.seconds = solve_time_limit;
        return settings;
    }

    [[nodiscard]] pipeline::SessionRequest request() const {
        pipeline::SessionRequest request;
        request.build_dir = build_dir;
        request.facts_dir = facts_dir;
        if (!config.empty()) request.config_file = config;
        request.source_root = source_root;
        if (context_k >= 0) request.context_k = static_cast<unsigned>(context_k);
        request.backend = backend == "cpu"    ? engine::BackendKind::Cpu
                          : backend == "cuda" ? engine::BackendKind::Cuda
                                              : engine::BackendKind::Auto;
        request.threads = sane_thread_count(threads, "-j");
        request.cuda = switches.cuda();
        request.quiet = quiet;
        request.tool_identity = version_identity();
        if (!database.empty()) {
            request.database = database;
            request.database_use = database_use;
        }
        request.unit_cache = unit_cache;
        request.solve = solve_settings();
        return request;
    }
};

}  // namespace galias::tool
