// `galias run PROG.dl -F FACTS -D OUT`: the Datalog engine on its own, Soufflé-style flags.
// `galias run --batch JOBS`: several analyses on one device (docs/SCHEDULING.md).
// `galias run PROG --demand SPEC ...`: only the rows some queries ask for (gpu_engine/demand.hpp).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

#include "analyses/builtin_programs.hpp"
#include "facts/diagnostic.hpp"
#include "facts/input_file.hpp"
#include "facts/output_file.hpp"
#include "facts/tsv.hpp"
#include "gpu_engine/demand.hpp"
#include "gpu_engine/demand_spec.hpp"
#include "gpu_engine/engine.hpp"
#include "tools/galias/batch_jobs.hpp"
#include "tools/galias/command.hpp"
#include "tools/galias/engine_switch_options.hpp"

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
    bool no_defer_merges = false;
    std::string dedup = "auto";
    bool stats = false;
    std::string stats_json;
    bool explain = false;
    bool facts_given = false;  // -F on the command line (--explain then reads the inputs)
    double load_factor = 0.8;
    double batch_mb = 0;
    std::string sched;  // empty: the backend's default
    std::string batch_file;
    std::size_t max_concurrent = 0;
    unsigned lanes = 0;
    std::vector<std::string> demands;  // --demand SPEC, in order
    std::string demand_sips = "most-bound";
    bool demand_plain = false;
    std::string demand_bound = "one";
    EngineSwitchOptions switches;  // --cuda-trace, --cuda-off, --cuda-difference, --batch-priority
};

// A program is a file, or the name of a built-in rule set (cspa, cspa_linear, andersen, reach, sg).
// A path that exists is read as a file (a directory is an error, not an empty program).
std::pair<std::string, std::string> load_program_text(const std::string& name) {
    std::error_code ec;
    if (std::filesystem::exists(name, ec)) return {facts::read_input_file(name, "program file"), name};
    if (auto builtin = analyses::find_builtin_program(name)) {
        return {std::string(builtin->text), std::string(builtin->file)};
    }
    throw DiagnosticError(
        SourceLocation{name, 0, 0},
        "cannot open program file (and it is not a built-in: cspa, cspa_linear, andersen, reach, sg)");
}

engine::BackendKind parse_backend(const std::string& name) {
    if (name == "auto") return engine::BackendKind::Auto;
    if (name == "cpu") return engine::BackendKind::Cpu;
    return engine::BackendKind::Cuda;
}

engine::EngineOptions engine_options_from(const RunOptions& options) {
    engine::EngineOptions engine_options;
    engine_options.backend = parse_backend(options.backend);
    engine_options.threads = options.jobs;
    engine_options.eager_buffers = !options.no_ebm;
    engine_options.dedup_intermediates = !options.no_dedup_intermediates;
    engine_options.defer_merges = !options.no_defer_merges;
    using Dedup = engine::EngineOptions::LinearDedup;
    engine_options.linear_dedup = options.dedup == "hash"   ? Dedup::Hash
                                  : options.dedup == "sort" ? Dedup::Sort
                                                            : Dedup::Auto;
    engine_options.load_factor = options.load_factor;
    engine_options.batch_bytes = static_cast<std::uint64_t>(options.batch_mb * 1024 * 1024);
    engine_options.collect_stats = options.stats || !options.stats_json.empty();
    engine_options.keep_rows = false;
    if (!options.sched.empty()) engine_options.sched = engine::sched::parse_sched_mode(options.sched);
    engine_options.max_lanes = options.lanes;
    options.switches.apply(engine_options);
    return engine_options;
}

// -F must be a directory when it exists; a missing one is reported per input relation, at
// its .input directive (the executor), and a program without inputs needs none.
void check_facts_dir(const std::filesystem::path& dir) {
    std::error_code ec;
    if (std::filesystem::exists(dir, ec)) facts::check_input_directory(dir, "fact directory");
}

// The relations of -D DIR are written into a staging directory and committed as a set
// after the run (facts/output_file.hpp): a failed or interrupted run leaves DIR as it was
// (and creates no DIR). "-" writes nothing.
std::unique_ptr<facts::StagedDirectory> stage_output_dir(const std::string& dir,
                                                         engine::EngineOptions& engine_options) {
    if (dir == "-") return nullptr;
    auto staged = std::make_unique<facts::StagedDirectory>(dir);
    engine_options.output_dir = staged->staging();
    return staged;
}

void print_sizes(const engine::Result& result, bool sizes_only, const std::string& prefix) {
    std::string text;
    for (const engine::RelationResult& relation : result.relations) {
        if (relation.print_size || (sizes_only && relation.is_output))
            text += prefix + relation.name + "\t" + std::to_string(relation.size()) + "\n";
    }
    facts::write_stdout(text);
}

// The jobs of a batch file that could be set up (program compiled, facts directory found,
// output staged), and the failures of the others, by line.
struct BatchSetup {
    std::vector<engine::BatchOutcome> outcomes;  // by line; the failed lines' errors
    std::vector<std::unique_ptr<facts::StagedDirectory>> outputs;
    std::vector<engine::BatchJob> jobs;
    std::vector<std::size_t> line_of_job;
};

// Compiles each program once; a job whose program or directories are bad fails on its own,
// the others still run.
BatchSetup set_up_batch(const std::vector<BatchJobLine>& lines, const RunOptions& options,
                        std::map<std::string, std::unique_ptr<engine::Program>>& compiled) {
    BatchSetup setup;
    setup.outcomes.resize(lines.size());
    setup.outputs.resize(lines.size());
    std::map<std::string, std::exception_ptr> failed;  // fails every job that names the program
    for (std::size_t j = 0; j < lines.size(); ++j) {
        const BatchJobLine& line = lines[j];
        try {
            if (!compiled.count(line.program) && !failed.count(line.program)) {
                try {
                    auto [text, file] = load_program_text(line.program);
                    compiled[line.program] =
                        std::make_unique<engine::Program>(engine::compile_program(text, file));
                } catch (...) {
                    failed[line.program] = std::current_exception();
                }
            }
            if (const auto error = failed.find(line.program); error != failed.end())
                std::rethrow_exception(error->second);
            check_facts_dir(line.facts_dir);
            engine::BatchJob job;
            job.program = compiled[line.program].get();
            job.inputs.facts_dir = line.facts_dir;
            job.options = engine_options_from(options);
            setup.outputs[j] = stage_output_dir(line.output_dir, job.options);
            setup.jobs.push_back(std::move(job));
            setup.line_of_job.push_back(j);
        } catch (...) {
            setup.outcomes[j].error = std::current_exception();
        }
    }
    return setup;
}

// Reports one job's outcome: its error, or its notes, sizes and (--stats) statistics.
// Returns the exit status it calls for.
int report_batch_job(std::size_t j, const BatchJobLine& line, engine::BatchOutcome& outcome,
                     facts::StagedDirectory* output, const RunOptions& options) {
    if (!outcome.error && output != nullptr) {
        try {
            output->commit();
        } catch (...) {
            outcome.error = std::current_exception();
        }
    }
    if (outcome.error) {
        try {
            std::rethrow_exception(outcome.error);
        } catch (const DiagnosticError& e) {
            std::fprintf(stderr, "%s: job %zu: %s\n", line.location.str().c_str(), j + 1,
                         e.diagnostic().str().c_str());
            return kExitUsage;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "%s: job %zu: error: %s\n", line.location.str().c_str(), j + 1,
                         printable(e.what()).c_str());
            return kExitInternal;
        }
    }
    for (const std::string& note : outcome.result.notes)
        std::fprintf(stderr, "%s: job %zu: warning: %s\n", line.location.str().c_str(), j + 1, note.c_str());
    print_sizes(outcome.result, line.output_dir == "-", std::to_string(j + 1) + "\t");
    if (options.stats) {
        std::fprintf(stderr, "job %zu (%s, %s): %.3f s\n", j + 1, line.program.c_str(),
                     line.facts_dir.string().c_str(), outcome.seconds);
        outcome.result.stats.print(stderr);
    }
    return kExitOk;
}

// The batch's summary line on stderr: backend, times, device waits, launches.
void print_batch_summary(const std::vector<engine::BatchOutcome>& outcomes, double wall) {
    std::string backend = "?";
    std::string sched = "?";
    double job_seconds = 0;
    std::uint64_t waits = 0;
    double wait_seconds = 0;
    // The launch coordinator is shared by the jobs: its counters only grow, the largest a
    // job saw is the batch's.
    engine::Stats launches;
    for (const engine::BatchOutcome& outcome : outcomes) {
        job_seconds += outcome.seconds;
        if (outcome.error) continue;
        if (backend == "?") {
            backend = outcome.result.backend;
            sched = outcome.result.stats.sched;
        }
        if (outcome.result.stats.sched_launches >= launches.sched_launches) launches = outcome.result.stats;
        waits += outcome.result.stats.device_waits;
        wait_seconds += outcome.result.stats.device_wait_seconds;
    }
    std::fprintf(stderr, "batch: %zu jobs on %s, sched %s: %.3f s wall, %.3f s summed over jobs",
                 outcomes.size(), backend.c_str(), sched.c_str(), wall, job_seconds);
    if (waits != 0)
        std::fprintf(stderr, " (%llu device waits, %.3f s)", static_cast<unsigned long long>(waits),
                     wait_seconds);
    if (launches.sched_launches != 0)
        std::fprintf(
            stderr,
            "; %llu launches, %llu beside another lane's kernel, %llu model solves in %.3f ms (%.3f%% of "
            "wall), planning %.3f ms over all threads",
            static_cast<unsigned long long>(launches.sched_launches),
            static_cast<unsigned long long>(launches.sched_concurrent_launches),
            static_cast<unsigned long long>(launches.sched_solves), launches.sched_solve_seconds * 1e3,
            wall > 0 ? 100.0 * launches.sched_solve_seconds / wall : 0.0, launches.sched_plan_seconds * 1e3);
    std::fputc('\n', stderr);
}

// Every job of the jobs file, run together (or one after another with --sched off).
// Prints "JOB<TAB>RELATION<TAB>SIZE" per output relation and a summary line on stderr.
int run_batch(const RunOptions& options) {
    const std::vector<BatchJobLine> lines = read_batch_jobs(options.batch_file);
    std::map<std::string, std::unique_ptr<engine::Program>> programs;  // outlive the jobs
    BatchSetup setup = set_up_batch(lines, options, programs);
    double wall = 0;
    if (!setup.jobs.empty()) {
        // The CUDA context is started before the clock: the batch time is the jobs' alone.
        engine::prepare_backend(setup.jobs.front().options.backend);
        const auto start = std::chrono::steady_clock::now();
        std::vector<engine::BatchOutcome> ran = engine::run_batch(setup.jobs, options.max_concurrent);
        wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        for (std::size_t k = 0; k < ran.size(); ++k) setup.outcomes[setup.line_of_job[k]] = std::move(ran[k]);
    }
    int status = kExitOk;
    for (std::size_t j = 0; j < setup.outcomes.size(); ++j)
        status = std::max(status,
                          report_batch_job(j, lines[j], setup.outcomes[j], setup.outputs[j].get(), options));
    print_batch_summary(setup.outcomes, wall);
    return status;
}

// How large the demand grew (after --stats' engine statistics).
void print_demand_stats(const engine::DemandStats& stats) {
    std::fprintf(stderr,
                 "demand: %llu queries run; %llu demand tuples in %zu magic relations (%.3g per input tuple, "
                 "%llu input tuples); %llu tuples derived\n",
                 static_cast<unsigned long long>(stats.queries),
                 static_cast<unsigned long long>(stats.demand_tuples), stats.magic.size(),
                 stats.demand_ratio(), static_cast<unsigned long long>(stats.input_tuples),
                 static_cast<unsigned long long>(stats.derived_tuples));
    for (const auto& [relation, tuples] : stats.magic)
        std::fprintf(stderr, "  %s\t%llu\n", relation.c_str(), static_cast<unsigned long long>(tuples));
}

// --demand: the program rewritten for the queries' shapes (plan/magic_sets.hpp) runs with
// the queries as facts; -D gets each queried relation's matching rows, in the file a full
// run writes it to.
int run_on_demand(const RunOptions& options, const engine::Program& program) {
    std::vector<engine::DemandSpec> specs;
    std::vector<engine::DemandForm> forms;
    for (std::size_t i = 0; i < options.demands.size(); ++i) {
        specs.push_back(engine::parse_demand_spec(
            options.demands[i], SourceLocation{"--demand", static_cast<std::uint32_t>(i + 1), 0}));
        forms.push_back(specs.back().form);
    }
    engine::MagicOptions magic;
    magic.sips = options.demand_sips == "left-to-right" ? engine::plan::Sips::LeftToRight
                                                        : engine::plan::Sips::MostBoundFirst;
    magic.supplementary = !options.demand_plain;
    magic.one_bound_column = options.demand_bound == "one";
    engine::DemandSolver solver(program, forms, magic);
    engine::Inputs inputs;
    inputs.facts_dir = options.facts_dir;
    inputs.symbols = std::make_shared<facts::StringInterner>();
    std::vector<engine::Demand> demands;
    demands.reserve(specs.size());
    for (const engine::DemandSpec& spec : specs)
        demands.push_back(engine::read_demand(spec, program.source(), *inputs.symbols));
    engine::EngineOptions engine_options = engine_options_from(options);
    if (options.explain) {
        if (options.facts_given) check_facts_dir(options.facts_dir);
        const engine::Inputs seeded = solver.with_queries(inputs, demands);
        facts::write_stdout(
            "program for the demands:\n" + solver.transformed_text() + "\n" +
            engine::explain(solver.transformed(), engine_options, options.facts_given ? &seeded : nullptr));
        return kExitOk;
    }
    check_facts_dir(options.facts_dir);
    if (!options.stats_json.empty()) facts::check_output_file(options.stats_json);
    std::unique_ptr<facts::StagedDirectory> output;
    if (options.output_dir != "-") output = std::make_unique<facts::StagedDirectory>(options.output_dir);
    const engine::DemandResult result = solver.solve(std::move(inputs), demands, engine_options);
    for (const std::string& note : result.run.notes)
        std::fprintf(stderr, "galias: warning: %s\n", note.c_str());
    std::string sizes;
    for (const auto& [relation, answers] : result.answers) {
        if (output) {
            std::filesystem::path path = answers.output_file;
            if (path.is_relative()) path = output->staging() / path;
            facts::write_tsv(path, answers.rows.data(), answers.size(), answers.types,
                             facts::TsvFormat{answers.delimiter}, *result.symbols);
        } else {
            sizes += relation + "\t" + std::to_string(answers.size()) + "\n";
        }
    }
    if (output) output->commit();
    facts::write_stdout(sizes);
    if (options.stats) {
        result.run.stats.print(stderr);
        print_demand_stats(result.stats);
    }
    if (!options.stats_json.empty())
        facts::write_output_file(options.stats_json, result.run.stats.to_json() + "\n");
    return kExitOk;
}

int run(const RunOptions& options) {
    if (!options.batch_file.empty()) {
        if (!options.program.empty())
            throw DiagnosticError(SourceLocation{}, "give either a program or --batch JOBS_FILE, not both");
        if (!options.stats_json.empty())
            throw DiagnosticError(SourceLocation{}, "--stats-json is for one program, not --batch");
        if (!options.demands.empty())
            throw DiagnosticError(SourceLocation{}, "--demand is for one program, not --batch");
        return run_batch(options);
    }
    if (options.program.empty())
        throw DiagnosticError(SourceLocation{}, "no program given (or --batch JOBS_FILE)");
    auto [text, file] = load_program_text(options.program);
    engine::Program program = engine::compile_program(text, file);
    if (!options.demands.empty()) return run_on_demand(options, program);
    if (options.explain) {
        // Bound to the backend the options select; with -F the inputs are read first, so
        // that choices depending on their values are the run's.
        engine::Inputs inputs;
        inputs.facts_dir = options.facts_dir;
        if (options.facts_given) check_facts_dir(options.facts_dir);
        facts::write_stdout(
            engine::explain(program, engine_options_from(options), options.facts_given ? &inputs : nullptr));
        return kExitOk;
    }
    // Every path is checked before the work starts.
    check_facts_dir(options.facts_dir);
    if (!options.stats_json.empty()) facts::check_output_file(options.stats_json);
    engine::Inputs inputs;
    inputs.facts_dir = options.facts_dir;
    engine::EngineOptions engine_options = engine_options_from(options);
    const std::unique_ptr<facts::StagedDirectory> output =
        stage_output_dir(options.output_dir, engine_options);
    engine::Result result = engine::run(program, inputs, engine_options);
    for (const std::string& note : result.notes) std::fprintf(stderr, "galias: warning: %s\n", note.c_str());
    if (output) output->commit();
    print_sizes(result, options.output_dir == "-", "");
    if (options.stats) result.stats.print(stderr);
    if (!options.stats_json.empty())
        facts::write_output_file(options.stats_json, result.stats.to_json() + "\n");
    return kExitOk;
}

const RegisterCommand kRegister{CommandInfo{
    "run", "Evaluate a Datalog program (a .dl file or a built-in: cspa, cspa_linear, andersen, reach, sg)",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<RunOptions>();
        app.add_option("program", options->program, "Datalog program (.dl file) or built-in rule set name");
        CLI::Option* facts = app.add_option("-F,--facts", options->facts_dir,
                                            "Directory of input fact files (relation.facts)");
        app.add_option("-D,--output", options->output_dir,
                       "Directory for output relations; '-' prints sizes only");
        app.add_option("-j,--jobs", options->jobs, "Host threads (default: all cores)");
        app.add_option("--backend", options->backend, "auto (CUDA if a GPU is present), cpu or cuda")
            ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
        app.add_flag("--no-ebm", options->no_ebm,
                     "Disable eager buffer management (exact merge buffers; on the CPU, merge in place "
                     "and keep no freed buffers: lowest memory)");
        app.add_flag("--no-dedup-intermediates", options->no_dedup_intermediates,
                     "Keep duplicates in the materialized intermediates of k-ary joins");
        app.add_flag(
            "--no-defer-merges", options->no_defer_merges,
            "Merge every iteration's delta into the full relation (by default linearly recursive "
            "relations keep their newest tuples in a small sorted run until it outgrows 1/8 of full)");
        app.add_option(
               "--dedup", options->dedup,
               "How linearly recursive relations (no rule of their stratum reads them as full: REACH, SG) "
               "are deduplicated: hash (an exact tuple hash set), sort (sorted runs) or auto (hash on the "
               "GPU, sort on the CPU)")
            ->check(CLI::IsMember({"auto", "sort", "hash"}));
        app.add_flag("--stats", options->stats, "Print per-iteration statistics to stderr");
        app.add_option("--stats-json", options->stats_json, "Write statistics as JSON to this file");
        app.add_option("--batch-mb", options->batch_mb,
                       "Join output (MiB) collected before deduplication (default: CPU 128, CUDA 256-2048)")
            ->check(CLI::Validator(
                [](const std::string& text) -> std::string {
                    // CLI::PositiveNumber takes "nan" and "inf"; neither is a size.
                    char* end = nullptr;
                    const double value = std::strtod(text.c_str(), &end);
                    if (end == text.c_str() || *end != '\0' || !std::isfinite(value) || value <= 0 ||
                        value > 1 << 20)
                        return "--batch-mb: expected a number of MiB above 0 and at most 1048576, got '" +
                               text + "'";
                    return {};
                },
                "MIB"));
        app.add_flag(
            "--explain", options->explain,
            "Print the semi-naive evaluation plan bound to the backend (how each relation is stored, "
            "which operators each join step takes) and exit; with -F, read the inputs first");
        app.add_option("--load-factor", options->load_factor, "Load factor of the hash indexes")
            ->check(CLI::Range(0.05, 0.99));
        app.add_option("--sched", options->sched,
                       "Concurrency: off (rules one after another), streams (independent rules on separate "
                       "CUDA streams), model (streams + launch shapes from the scheduling model). "
                       "Default: streams on the GPU, off on the CPU")
            ->check(CLI::IsMember({"off", "streams", "model"}));
        app.add_option("--batch", options->batch_file,
                       "Run every job of this file (lines 'PROGRAM FACTS_DIR [OUTPUT_DIR|-]') on one device; "
                       "--sched off runs them one after another, else together");
        app.add_option("--max-concurrent", options->max_concurrent,
                       "With --batch: at most this many jobs at once (0 = all)");
        app.add_option(
            "--lanes", options->lanes,
            "With --sched streams|model: at most this many lanes (streams and host threads) per analysis "
            "(default 0: automatic; in a batch with several jobs at once, one per job)");
        app.add_option(
               "--demand", options->demands,
               "Derive only what these queries need (repeatable): RELATION(b|f,...)[:FILE], a letter a "
               "column, b bound or f free; FILE holds the bound columns' values, one query a line "
               "(TSV). -D gets the matching rows of each queried relation; --stats the magic "
               "relations' sizes; --explain the rewritten program")
            ->allow_extra_args(false);
        app.add_option("--demand-sips", options->demand_sips,
                       "With --demand, the order in which a rule's body atoms pass bindings on: most-bound "
                       "(the atom with the most arguments bound so far next) or left-to-right (body order)")
            ->check(CLI::IsMember({"most-bound", "left-to-right"}));
        app.add_option(
               "--demand-bound", options->demand_bound,
               "With --demand, how many of a body atom's bound columns its demand binds: one (the one "
               "bound first; the default) or all")
            ->check(CLI::IsMember({"one", "all"}));
        app.add_flag("--demand-plain", options->demand_plain,
                     "With --demand, plain magic rules that each join their rule's prefix, instead of "
                     "supplementary relations that store it once");
        options->switches.declare(app, true);
        return [options, facts] {
            options->facts_given = facts->count() != 0;
            options->jobs = sane_thread_count(options->jobs, "-j");
            return run(*options);
        };
    }}};

}  // namespace
}  // namespace galias::tool
