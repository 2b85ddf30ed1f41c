#pragma once
// Options shared by the report commands (analyze, check, query, points-to): where the
// program comes from, the configuration, the backend. Each command file declares its own
// options on top and calls a driver in reports/pipeline/.

#include <string>

#include "facts/diagnostic.hpp"
#include "reports/pipeline/analysis_session.hpp"
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
    reports::SessionRequest::DatabaseUse database_use = reports::SessionRequest::DatabaseUse::Off;
    EngineSwitchOptions switches;  // --cuda-trace, --cuda-off, --cuda-difference

    // `use`: how --db is used by this command (Answer for queries, Refresh for analyze/check).
    void declare(CLI::App& app, reports::SessionRequest::DatabaseUse use) {
        database_use = use;
        if (use == reports::SessionRequest::DatabaseUse::Answer) {
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
        switches.declare(app, false);
    }

    [[nodiscard]] reports::SessionRequest request() const {
        reports::SessionRequest request;
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
        return request;
    }
};

}  // namespace galias::tool
