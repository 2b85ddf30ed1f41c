// `galias facts -p BUILD_DIR -o FACTS_DIR`: C sources -> fact directory (docs/FACTS.md).
// The work is done by the frontend library (frontend/extract.hpp); this file parses options
// and reports.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "facts/diagnostic.hpp"
#include "facts/output_file.hpp"
#include "frontend/extract.hpp"
#include "tools/galias/command.hpp"
#include "tools/galias/version_text.hpp"

namespace galias::tool {
namespace {

struct FactsOptions {
    frontend::FrontendOptions frontend;
    std::string compile_db;
    std::string output;
    std::string indirect_calls = "points-to";
    std::string field_model = "types";
    bool no_copy_reduction = false;
    bool distinct_string_literals = false;
    bool field_insensitive = false;
    bool quiet = false;
};

// Progress on stderr: one updating line on a terminal, a line per tenth otherwise.
void show_progress(const frontend::ExtractProgress& p, bool terminal) {
    if (terminal) {
        std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", p.done, p.total,
                     std::filesystem::path(p.file).filename().string().c_str());
        if (p.done == p.total) std::fputc('\n', stderr);
    } else if (p.total >= 20 && (p.done * 10 / p.total) != ((p.done - 1) * 10 / p.total)) {
        std::fprintf(stderr, "galias facts: %zu/%zu translation units\n", p.done, p.total);
    }
}

int run_facts(FactsOptions& options) {
    options.frontend.compile_database = options.compile_db;
    options.frontend.reduce_copies = !options.no_copy_reduction;
    options.frontend.merge_string_literals = !options.distinct_string_literals;
    options.frontend.field_model = options.field_insensitive
                                       ? frontend::FieldModel::None
                                       : *frontend::parse_field_model(options.field_model);
    options.frontend.indirect_calls = options.indirect_calls == "types" ? frontend::IndirectCalls::Types
                                                                        : frontend::IndirectCalls::PointsTo;
    const bool terminal = isatty(STDERR_FILENO) != 0;
    if (!options.quiet) {
        options.frontend.on_progress = [terminal](const frontend::ExtractProgress& p) {
            show_progress(p, terminal);
        };
        options.frontend.on_stage = [](const std::string& stage) {
            std::fprintf(stderr, "galias facts: %s\n", stage.c_str());
        };
    }
    options.frontend.threads = sane_thread_count(options.frontend.threads, "-j");
    options.frontend.tool_identity = version_identity();
    // -o is checked before anything is compiled; the directory is written as a whole once
    // everything is extracted (facts/output_file.hpp).
    facts::StagedDirectory output(options.output);
    const frontend::ExtractResult result = frontend::extract_facts(options.frontend);
    frontend::write_fact_directory(result, output.staging());
    output.commit();

    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity != Severity::Note || !options.quiet) std::fprintf(stderr, "%s\n", d.str().c_str());
    }
    const facts::ProgramFacts& p = result.program;
    if (!options.quiet) {
        const std::string cached = options.frontend.unit_cache.empty()
                                       ? std::string()
                                       : ", " + std::to_string(result.units.cached) + " from the unit cache";
        std::fprintf(
            stderr,
            "galias facts: %zu translation units (%zu analysed, %zu failed, %zu skipped%s) -> %s\n"
            "  %zu nodes; CSPA %zu assign, %zu dereference; Andersen %zu addressOf, %zu assign, %zu load, "
            "%zu store\n"
            "  %llu contexts, %llu clones (k=%u); %zu unmodelled constructs (unmodelled.tsv)\n",
            result.units.total, result.units.analysed, result.units.failed, result.units.skipped,
            cached.c_str(), options.output.c_str(), p.nodes.size(), result.cspa_assign.size(),
            result.cspa_dereference.size(), result.andersen_address_of.size(), result.andersen_assign.size(),
            result.andersen_load.size(), result.andersen_store.size(),
            static_cast<unsigned long long>(p.counter("contexts")),
            static_cast<unsigned long long>(p.counter("clones")), options.frontend.context_k,
            p.unmodelled.size());
        std::string times;
        for (const auto& [stage, seconds] : result.stage_seconds) {
            times += (times.empty() ? "" : ", ") + stage + " " +
                     std::to_string(seconds).substr(0, std::to_string(seconds).find('.') + 3) + " s";
        }
        std::fprintf(stderr, "  time: %s\n", times.c_str());
    }
    // Facts are written either way; a TU that did not compile makes the result incomplete.
    return result.all_units_ok() ? kExitOk : kExitUsage;
}

const RegisterCommand kRegister{CommandInfo{
    "facts", "Extract pointer facts (CSPA and Andersen) from C sources in a compilation database",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<FactsOptions>();
        app.add_option("-p,--compile-db", options->compile_db,
                       "Build directory holding compile_commands.json, or the file itself")
            ->required();
        app.add_option("-o,--output", options->output, "Fact directory to write")->required();
        app.add_option("-j,--jobs", options->frontend.threads,
                       "Translation units compiled in parallel (default: all cores)");
        app.add_option("--context-k", options->frontend.context_k,
                       "Call-string length for context cloning; 0 = context-insensitive")
            ->capture_default_str();
        app.add_flag("--clone-all", options->frontend.clone_all,
                     "With --context-k 1, clone every function, not only those whose calls pass different "
                     "points-to sets or that allocate");
        app.add_option("--max-clones", options->frontend.max_clones,
                       "Function copies allowed beyond the first; over it, contexts are merged")
            ->capture_default_str();
        app.add_option("--max-clone-statements", options->frontend.max_clone_statements,
                       "Statements allowed in those copies; over it, contexts are merged")
            ->capture_default_str();
        app.add_option("--max-component-cloned", options->frontend.max_component_cloned,
                       "A recursive component of more functions keeps one copy; 0 = no limit")
            ->capture_default_str();
        app.add_option("--max-component-clone-statements", options->frontend.max_component_clone_statements,
                       "A recursive component whose extra copies would hold more statements keeps one "
                       "copy; 0 = no limit")
            ->capture_default_str();
        app.add_option("--field-model", options->field_model,
                       "Struct fields: types (a field through a pointer is its type's field), variables "
                       "(only fields of variables are told apart) or none")
            ->check(CLI::IsMember({"types", "variables", "none"}))
            ->capture_default_str();
        app.add_flag("--field-insensitive", options->field_insensitive,
                     "Do not distinguish struct fields (--field-model none)");
        app.add_flag("--distinct-string-literals", options->distinct_string_literals,
                     "One object per string literal (by default all are one object, except those passed "
                     "straight to restrict parameters)");
        app.add_flag("--no-copy-reduction", options->no_copy_reduction,
                     "Keep copy chains and cycles of the assign graph as emitted (ValueFlow in full)");
        app.add_flag("--integer-pointers", options->frontend.integer_pointers,
                     "Track pointer-wide integers (uintptr_t, long) like pointers");
        app.add_option("--indirect-calls", options->indirect_calls,
                       "Targets of calls through function pointers: points-to or types")
            ->check(CLI::IsMember({"points-to", "types"}))
            ->capture_default_str();
        app.add_option("--points-to-budget", options->frontend.points_to_budget,
                       "Work the points-to pre-analysis may do before resolving calls by type")
            ->capture_default_str();
        app.add_option("--allocator", options->frontend.allocators,
                       "A function that returns fresh heap memory like malloc (repeatable)");
        app.add_option("--source-filter", options->frontend.source_filters,
                       "Analyse only files whose path matches this regex (repeatable)");
        app.add_option(
            "--cache", options->frontend.unit_cache,
            "Per-unit fact cache: translation units whose source, headers and flags are unchanged are not "
            "parsed again (docs/FRONTEND.md)");
        app.add_flag("-q,--quiet", options->quiet, "No progress and no summary");
        app.add_option("extra-args", options->frontend.extra_args,
                       "After --: arguments added to every compile command");
        return [options] { return run_facts(*options); };
    }}};

}  // namespace
}  // namespace galias::tool
