#include "frontend/extract.hpp"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <regex>
#include <set>
#include <thread>
#include <unordered_set>

#include "facts/predicates.hpp"
#include "facts/tsv.hpp"
#include "frontend/allocation_wrappers.hpp"
#include "frontend/call_graph.hpp"
#include "frontend/clone_selection.hpp"
#include "frontend/context_table.hpp"
#include "frontend/fact_emitter.hpp"
#include "frontend/fact_reduction.hpp"
#include "frontend/indirect_calls.hpp"
#include "frontend/link_units.hpp"
#include "frontend/linker.hpp"
#include "frontend/tu_runner.hpp"
#include "frontend/unit_cache.hpp"

namespace galias::frontend {

namespace {

std::vector<CompileJob> select_jobs(const FrontendOptions& options, ExtractResult& result) {
    std::vector<CompileJob> jobs = options.jobs;
    if (jobs.empty()) {
        if (options.compile_database.empty()) {
            throw DiagnosticError(SourceLocation{}, "no compile commands: give a compilation database (-p)");
        }
        jobs = load_compile_database(options.compile_database);
    }
    std::vector<std::regex> filters;
    for (const std::string& pattern : options.source_filters) {
        try {
            filters.emplace_back(pattern, std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
            throw DiagnosticError(SourceLocation{}, "bad source filter '" + pattern + "': " + e.what());
        }
    }
    std::vector<CompileJob> selected;
    std::unordered_set<std::string> seen;  // file and flag set
    std::unordered_set<std::string> files;
    for (CompileJob& job : jobs) {
        if (!filters.empty() && std::none_of(filters.begin(), filters.end(), [&](const std::regex& r) {
                return std::regex_search(job.file, r);
            })) {
            continue;
        }
        ++result.units.total;
        if (!seen.insert(job.file + '\n' + flag_set(job)).second) {
            // The same compilation recorded twice: once is enough.
            ++result.units.skipped;
            result.diagnostics.push_back(Diagnostic{
                Severity::Note,
                SourceLocation{job.file, 0, 0},
                "listed more than once in the compilation database with the same flags; analysed once",
                {}});
            continue;
        }
        if (!files.insert(job.file).second) {
            // Another flag set (a static and a shared library's objects, a tool built with
            // other macros): other code, analysed with the program it is linked into.
            result.diagnostics.push_back(
                Diagnostic{Severity::Note,
                           SourceLocation{job.file, 0, 0},
                           "compiled more than once with different flags; each flag set is analysed",
                           {}});
        }
        selected.push_back(std::move(job));
    }
    if (selected.empty() && !filters.empty()) {
        throw DiagnosticError(SourceLocation{},
                              "no file of the compilation database matches the source filter");
    }
    return selected;
}

// What the translator needs of the options, the same for every unit (its directory aside).
TranslateOptions translate_options(const FrontendOptions& options) {
    TranslateOptions unit;
    unit.integer_pointers = options.integer_pointers;
    unit.release_functions = options.release_functions;
    std::sort(unit.release_functions.begin(), unit.release_functions.end());
    unit.release_functions.erase(std::unique(unit.release_functions.begin(), unit.release_functions.end()),
                                 unit.release_functions.end());
    return unit;
}

std::vector<TuOutcome> run_all(const std::vector<CompileJob>& jobs, const FrontendOptions& options,
                               ExtractResult& result) {
    std::vector<TuOutcome> outcomes(jobs.size());
    const TranslateOptions unit_options = translate_options(options);
    std::optional<UnitCache> cache;
    if (!options.unit_cache.empty()) {
        cache.emplace(options.unit_cache, options.tool_identity, options.extra_args, unit_options);
    }
    std::atomic<std::size_t> cached{0};
    const unsigned threads =
        options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    // Clang recurses deeply on deeply nested code; give workers the stack a main thread has.
    tbb::global_control stack(tbb::global_control::thread_stack_size, 16u << 20);
    tbb::task_arena arena(static_cast<int>(threads));
    std::mutex progress_mutex;
    std::size_t done = 0;
    arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, jobs.size(), 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
                for (std::size_t i = range.begin(); i != range.end(); ++i) {
                    if (cache) {
                        if (std::optional<TuOutcome> hit = cache->find(jobs[i])) {
                            outcomes[i] = std::move(*hit);
                            ++cached;
                        } else {
                            outcomes[i] = run_translation_unit(jobs[i], options.extra_args, unit_options);
                            cache->store(jobs[i], outcomes[i]);
                        }
                    } else {
                        outcomes[i] = run_translation_unit(jobs[i], options.extra_args, unit_options);
                    }
                    if (options.on_progress) {
                        std::lock_guard lock(progress_mutex);
                        options.on_progress(ExtractProgress{++done, jobs.size(), jobs[i].file});
                    }
                }
            },
            tbb::simple_partitioner());
    });
    result.units.cached = cached;
    if (cache && cache->write_failures() != 0) {
        result.diagnostics.push_back(
            Diagnostic{Severity::Warning,
                       SourceLocation{options.unit_cache.string(), 0, 0},
                       std::to_string(cache->write_failures()) +
                           " translation units could not be stored in the unit cache",
                       {}});
    }
    return outcomes;
}

// Counts the outcomes and turns failures into diagnostics; returns the IR of the good TUs
// and appends their flag sets to `flag_sets`.
std::vector<TranslationUnitIr> summarize(const std::vector<CompileJob>& jobs,
                                         std::vector<TuOutcome>& outcomes, ExtractResult& result,
                                         std::vector<std::string>& flag_sets) {
    std::vector<TranslationUnitIr> units;
    std::set<std::string> dropped_flags;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        TuOutcome& outcome = outcomes[i];
        dropped_flags.insert(outcome.dropped_flags.begin(), outcome.dropped_flags.end());
        switch (outcome.status) {
            case TuStatus::Ok:
                ++result.units.analysed;
                result.input_files.insert(result.input_files.end(), outcome.dependencies.begin(),
                                          outcome.dependencies.end());
                units.push_back(std::move(outcome.ir));
                flag_sets.push_back(flag_set(jobs[i]));
                break;
            case TuStatus::SkippedCxx:
                ++result.units.skipped;
                result.diagnostics.push_back(
                    Diagnostic{Severity::Note,
                               SourceLocation{jobs[i].file, 0, 0},
                               "C++/Objective-C translation unit skipped (galias analyses C)",
                               {}});
                break;
            case TuStatus::Missing:
            case TuStatus::Failed: {
                ++result.units.failed;
                Diagnostic d{Severity::Error, SourceLocation{jobs[i].file, 0, 0}, "", {}};
                if (outcome.status == TuStatus::Missing) {
                    d.message = "source file listed in the compilation database does not exist; not analysed";
                } else {
                    d.message = "does not compile (" + std::to_string(outcome.error_count) +
                                (outcome.error_count == 1 ? " error" : " errors") + "); not analysed";
                    for (const Diagnostic& e : outcome.errors)
                        d.notes.push_back(DiagnosticNote{e.location, e.message});
                }
                result.diagnostics.push_back(std::move(d));
                break;
            }
        }
    }
    std::sort(result.input_files.begin(), result.input_files.end());
    result.input_files.erase(std::unique(result.input_files.begin(), result.input_files.end()),
                             result.input_files.end());
    if (!dropped_flags.empty()) {
        std::string list;
        for (const std::string& flag : dropped_flags) list += (list.empty() ? "" : " ") + flag;
        result.diagnostics.push_back(Diagnostic{Severity::Warning,
                                                SourceLocation{},
                                                "compiler flags unknown to Clang were ignored: " + list,
                                                {}});
    }
    return units;
}

// The programs of the database (link_units.hpp), or all of it as one program where they
// would link more than options.max_links_per_unit units per unit, with a warning.
std::vector<LinkUnit> programs_to_link(const std::vector<TranslationUnitIr>& units,
                                       const std::vector<std::string>& flag_sets,
                                       const FrontendOptions& options, ExtractResult& result) {
    std::vector<LinkUnit> programs = find_link_units(units, flag_sets);
    std::size_t linked = 0;
    for (const LinkUnit& p : programs) linked += p.units.size();
    if (options.max_links_per_unit == 0 || linked <= std::size_t{options.max_links_per_unit} * units.size()) {
        return programs;
    }
    result.diagnostics.push_back(
        Diagnostic{Severity::Warning,
                   SourceLocation{},
                   "the compilation database builds " + std::to_string(programs.size()) +
                       " programs, which would analyse " + std::to_string(linked) +
                       " translation units for " + std::to_string(units.size()) +
                       "; it is analysed as one program instead (less precise: pointers may flow between "
                       "programs); give "
                       "galias a compilation database of fewer programs to keep them apart",
                   {}});
    return {whole_database(units.size())};
}

// Names the programs found, so that a user sees what was analysed separately.
Diagnostic programs_note(const std::vector<LinkUnit>& programs) {
    Diagnostic note{Severity::Note,
                    SourceLocation{},
                    "the compilation database builds " + std::to_string(programs.size()) +
                        " programs; each is analysed on its own and the findings are merged",
                    {}};
    for (const LinkUnit& p : programs) {
        const std::size_t n = p.units.size();
        note.notes.push_back(DiagnosticNote{
            SourceLocation{},
            p.name + ": " + std::to_string(n) + (n == 1 ? " translation unit" : " translation units")});
    }
    return note;
}

// Each stage's wall time, into ExtractResult::stage_seconds.
class StageClock {
public:
    explicit StageClock(ExtractResult& result)
        : result_(result), started_(std::chrono::steady_clock::now()) {}

    void lap(const char* stage) {
        const auto now = std::chrono::steady_clock::now();
        result_.stage_seconds.emplace_back(stage, std::chrono::duration<double>(now - started_).count());
        started_ = now;
    }

private:
    ExtractResult& result_;
    std::chrono::steady_clock::time_point started_;
};

// The targets of the program's calls through function pointers; a warning when the
// pre-analysis went over its budget and the calls are resolved by type.
CallTargets resolve_calls(ProgramIr& program, const FrontendOptions& options, const EmitOptions& emit_options,
                          IndirectCallStats& indirect, VaryingArguments& varying, ExtractResult& result) {
    CallTargets targets = resolve_call_targets(program, options.indirect_calls, options.points_to_budget,
                                               emit_options, indirect, &varying);
    if (indirect.fell_back_to_types) {
        result.diagnostics.push_back(
            Diagnostic{Severity::Warning,
                       SourceLocation{},
                       "the points-to pre-analysis for calls through function pointers went over its budget; "
                       "those calls "
                       "are resolved by type instead (as with --indirect-calls types)",
                       {}});
    }
    return targets;
}

ContextOptions context_options_of(const FrontendOptions& options) {
    ContextOptions context_options;
    context_options.k = options.context_k;
    context_options.max_clones = options.max_clones;
    context_options.max_clone_statements = options.max_clone_statements;
    context_options.max_component_cloned = options.max_component_cloned;
    context_options.max_component_clone_statements = options.max_component_clone_statements;
    return context_options;
}

// With k = 1 (and not --clone-all), the functions worth a copy per context; the entities the
// copies share become one for all contexts. Returns how many those are.
std::size_t select_cloned(ProgramIr& program, const CallGraph& graph, const CallTargets& targets,
                          const VaryingArguments& varying, const FrontendOptions& options,
                          ContextOptions& context_options) {
    if (options.context_k != 1 || options.clone_all) return 0;
    CloneSelection selection =
        select_clones(program, graph, targets, varying, options.allocators, options.field_model);
    context_options.cloned = std::move(selection.cloned);
    for (EntityId e : selection.shared) program.entities[e].per_context = false;
    return selection.shared.size();
}

Diagnostic merged_contexts_warning(const ContextTable& contexts, const ProgramIr& program,
                                   const FrontendOptions& options) {
    return Diagnostic{
        Severity::Warning,
        SourceLocation{},
        "clone budget (--max-clones " + std::to_string(options.max_clones) + ", --max-clone-statements " +
            std::to_string(options.max_clone_statements) +
            ") reached: " + std::to_string(contexts.merged_functions().size()) +
            " functions are analysed with their calling contexts merged, the first being '" +
            program.entities[program.functions[contexts.merged_functions().front()].entity].name + "'",
        {}};
}

// What the stages counted, for stats.tsv.
struct StageCounts {
    const CallGraph& graph;
    const ContextTable& contexts;
    const IndirectCallStats& indirect;
    const ReductionStats& reduction;
    std::size_t shared_entities;
};

void add_counters(ExtractResult& result, const FrontendOptions& options, const ProgramIr& program,
                  const StageCounts& counts) {
    auto& c = result.program.counters;
    c.emplace_back("call_graph.edges", counts.graph.edges);
    c.emplace_back("call_graph.recursive_components", counts.graph.recursive_components);
    c.emplace_back("call_graph.largest_component", counts.graph.largest_component);
    c.emplace_back("clone_statements", counts.contexts.clone_statements());
    c.emplace_back("uncloned_functions", counts.contexts.uncloned_functions());
    c.emplace_back("large_recursive_functions", counts.contexts.large_recursive_functions());
    c.emplace_back("context_shared_entities", counts.shared_entities);
    c.emplace_back("indirect_calls.sites", counts.indirect.indirect_sites);
    c.emplace_back("indirect_calls.resolved_sites", counts.indirect.resolved_sites);
    c.emplace_back("indirect_calls.targets", counts.indirect.targets);
    c.emplace_back("indirect_calls.solver_work", counts.indirect.solver_work);
    c.emplace_back("indirect_calls.by_type_fallback", counts.indirect.fell_back_to_types ? 1 : 0);
    c.emplace_back("allocation_wrappers", program.allocation_wrappers.size());
    c.emplace_back("context_k", options.context_k);
    c.emplace_back("field_model", static_cast<std::uint64_t>(options.field_model));
    c.emplace_back("reduction.assign_before", counts.reduction.assign_before);
    c.emplace_back("reduction.cycle_members", counts.reduction.cycle_members);
    c.emplace_back("reduction.substituted", counts.reduction.substituted);
    c.emplace_back("reduction.class_members", counts.reduction.class_members);
    c.emplace_back("reduction.equal_sources", counts.reduction.equal_sources);
    c.emplace_back("programs", program.programs.size());
    c.emplace_back("tu.total", result.units.total);
    c.emplace_back("tu.analysed", result.units.analysed);
    c.emplace_back("tu.failed", result.units.failed);
    c.emplace_back("tu.skipped", result.units.skipped);
}

}  // namespace

ExtractResult extract_facts(const FrontendOptions& options) {
    ExtractResult result;
    StageClock clock(result);
    const std::vector<CompileJob> jobs = select_jobs(options, result);
    std::vector<TuOutcome> outcomes = run_all(jobs, options, result);
    clock.lap("compile");
    std::vector<std::string> flag_sets;
    std::vector<TranslationUnitIr> units = summarize(jobs, outcomes, result, flag_sets);
    outcomes.clear();

    const auto stage = [&](const std::string& what) {
        if (options.on_stage) options.on_stage(what);
    };
    const std::vector<LinkUnit> programs = programs_to_link(units, flag_sets, options, result);
    stage("linking " + std::to_string(units.size()) + " translation units" +
          (programs.size() > 1 ? " into " + std::to_string(programs.size()) + " programs" : ""));
    ProgramIr program = link_program(units, programs);
    units.clear();
    clock.lap("link");
    if (programs.size() > 1) result.diagnostics.push_back(programs_note(programs));
    for (const std::string& warning : program.warnings) {
        result.diagnostics.push_back(Diagnostic{Severity::Warning, SourceLocation{}, warning, {}});
    }

    program.allocation_wrappers = find_allocation_wrappers(program, options.allocators, options.field_model);
    const EmitOptions emit_options{options.field_model, options.merge_string_literals, options.allocators,
                                   translate_options(options).release_functions};
    IndirectCallStats indirect;
    stage("resolving calls through function pointers (" +
          std::string(options.indirect_calls == IndirectCalls::Types ? "by type" : "points-to pre-analysis") +
          ")");
    VaryingArguments varying;
    const CallTargets targets = resolve_calls(program, options, emit_options, indirect, varying, result);
    // Once calls through function pointers are resolved: wrappers around allocation hooks.
    program.allocation_wrappers =
        find_allocation_wrappers(program, options.allocators, options.field_model, &targets);
    clock.lap("calls");
    const CallGraph graph = build_call_graph(program, targets, options.allocators);
    ContextOptions context_options = context_options_of(options);
    const std::size_t shared_entities =
        select_cloned(program, graph, targets, varying, options, context_options);
    const ContextTable contexts(program, graph, context_options);
    clock.lap("contexts");
    if (!contexts.merged_functions().empty())
        result.diagnostics.push_back(merged_contexts_warning(contexts, program, options));

    stage("emitting facts for " + std::to_string(contexts.instances()) + " function instances in " +
          std::to_string(contexts.size()) + " contexts");
    FactEmitter emitter(program, targets, &contexts, emit_options, result);
    emitter.emit_program();
    ReductionStats reduction;
    if (options.reduce_copies) reduction = reduce_copies(result);
    emitter.finish();
    clock.lap("emit");
    add_counters(result, options, program,
                 StageCounts{graph, contexts, indirect, reduction, shared_entities});
    return result;
}

void write_fact_directory(const ExtractResult& result, const std::filesystem::path& facts_dir) {
    const std::filesystem::path cspa = facts_dir / facts::analysis_name(facts::Analysis::Cspa);
    const std::filesystem::path andersen = facts_dir / facts::analysis_name(facts::Analysis::Andersen);
    std::filesystem::create_directories(cspa);
    std::filesystem::create_directories(andersen);
    const facts::ColumnType columns[] = {facts::ColumnType::Unsigned, facts::ColumnType::Unsigned};
    const facts::StringInterner no_symbols;
    const auto write = [&](const std::filesystem::path& file, const FactRelation& relation) {
        facts::write_tsv(file, relation.cells.data(), relation.size(), columns, facts::TsvFormat{},
                         no_symbols);
    };
    for (const FactRelation* r : result.cspa()) write(cspa / (r->name + ".facts"), *r);
    for (const FactRelation* r : result.andersen()) write(andersen / (r->name + ".facts"), *r);
    result.program.write(facts_dir);
}

}  // namespace galias::frontend
