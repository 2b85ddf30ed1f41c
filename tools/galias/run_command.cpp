// `galias run PROG.dl -F FACTS -D OUT`: the Datalog engine on its own, Soufflé-style flags.
#include <cstdio>
#include <fstream>
#include <sstream>

#include "analyses/builtin_programs.hpp"
#include "facts/diagnostic.hpp"
#include "gpu_engine/engine.hpp"
#include "tools/galias/command.hpp"

namespace galias::tool {
namespace {

struct RunOptions {
    std::string program;
    std::string facts_dir = ".";
    std::string output_dir = ".";
    unsigned jobs = 0;
    std::string backend = "auto";
    bool no_ebm = false;
    bool no_dedup_intermediates = false;
    bool stats = false;
    std::string stats_json;
    bool explain = false;
    double load_factor = 0.8;
    double batch_mb = 0;
};

// A program is a file, or the name of a built-in rule set (cspa, andersen, reach, sg).
std::pair<std::string, std::string> load_program_text(const std::string& name) {
    std::ifstream in(name);
    if (in) {
        std::ostringstream text;
        text << in.rdbuf();
        return {text.str(), name};
    }
    if (auto builtin = analyses::find_builtin_program(name)) {
        return {std::string(builtin->text), std::string(builtin->file)};
    }
    throw DiagnosticError(SourceLocation{name, 0, 0},
                          "cannot open program file (and it is not a built-in: cspa, andersen, reach, sg)");
}

engine::BackendKind parse_backend(const std::string& name) {
    if (name == "auto") return engine::BackendKind::Auto;
    if (name == "cpu") return engine::BackendKind::Cpu;
    return engine::BackendKind::Cuda;
}

int run(const RunOptions& options) {
    auto [text, file] = load_program_text(options.program);
    engine::Program program = engine::compile_program(text, file);
    if (options.explain) {
        std::fputs(program.explain().c_str(), stdout);
        return kExitOk;
    }
    engine::Inputs inputs;
    inputs.facts_dir = options.facts_dir;
    engine::EngineOptions engine_options;
    engine_options.backend = parse_backend(options.backend);
    engine_options.threads = options.jobs;
    engine_options.eager_buffers = !options.no_ebm;
    engine_options.dedup_intermediates = !options.no_dedup_intermediates;
    engine_options.load_factor = options.load_factor;
    engine_options.batch_bytes = static_cast<std::uint64_t>(options.batch_mb * 1024 * 1024);
    engine_options.collect_stats = options.stats || !options.stats_json.empty();
    engine_options.keep_rows = false;
    const bool sizes_only = options.output_dir == "-";
    if (!sizes_only) {
        std::filesystem::create_directories(options.output_dir);
        engine_options.output_dir = options.output_dir;
    }
    engine::Result result = engine::run(program, inputs, engine_options);
    for (const engine::RelationResult& relation : result.relations) {
        if (relation.print_size || (sizes_only && relation.is_output))
            std::printf("%s\t%llu\n", relation.name.c_str(), static_cast<unsigned long long>(relation.size()));
    }
    std::fflush(stdout);
    if (options.stats) result.stats.print(stderr);
    if (!options.stats_json.empty()) {
        std::ofstream out(options.stats_json);
        out << result.stats.to_json() << "\n";
        if (!out) throw DiagnosticError(SourceLocation{options.stats_json, 0, 0}, "cannot write statistics file");
    }
    return kExitOk;
}

const RegisterCommand kRegister{CommandInfo{
    "run", "Evaluate a Datalog program (a .dl file or a built-in: cspa, andersen, reach, sg)",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<RunOptions>();
        app.add_option("program", options->program, "Datalog program (.dl file) or built-in rule set name")->required();
        app.add_option("-F,--facts", options->facts_dir, "Directory of input fact files (relation.facts)");
        app.add_option("-D,--output", options->output_dir, "Directory for output relations; '-' prints sizes only");
        app.add_option("-j,--jobs", options->jobs, "Host threads (default: all cores)");
        app.add_option("--backend", options->backend, "auto (CUDA if a GPU is present), cpu or cuda")
            ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
        app.add_flag("--no-ebm", options->no_ebm,
                     "Disable eager buffer management (exact merge buffers; on the CPU, merge in place)");
        app.add_flag("--no-dedup-intermediates", options->no_dedup_intermediates,
                     "Keep duplicates in the materialized intermediates of k-ary joins");
        app.add_flag("--stats", options->stats, "Print per-iteration statistics to stderr");
        app.add_option("--stats-json", options->stats_json, "Write statistics as JSON to this file");
        app.add_option("--batch-mb", options->batch_mb,
                       "Join output (MiB) collected before deduplication (default: CPU 128, CUDA 256-2048)")
            ->check(CLI::PositiveNumber);
        app.add_flag("--explain", options->explain, "Print the semi-naive evaluation plan and exit");
        app.add_option("--load-factor", options->load_factor, "Load factor of the hash indexes")
            ->check(CLI::Range(0.05, 0.99));
        return [options] { return run(*options); };
    }}};

}  // namespace
}  // namespace galias::tool
