#include "pipeline/check_driver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <sstream>

#include "facts/input_file.hpp"
#include "facts/output_file.hpp"
#include "facts/predicates.hpp"
#include "reports/allocator_hints.hpp"
#include "reports/changed_lines.hpp"
#include "reports/checks/check_registry.hpp"
#include "reports/output/json_report.hpp"
#include "reports/output/text_report.hpp"
#include "reports/run_checks.hpp"
#include "reports/sarif/baseline.hpp"
#include "reports/sarif/fingerprint.hpp"
#include "reports/sarif/sarif_writer.hpp"
#include "reports/source_paths.hpp"

namespace galias::pipeline {

namespace {

std::vector<std::string> enabled_checks(const CheckRequest& request, const reports::ReportConfig& config) {
    if (request.checks.empty()) return config.enabled_checks;
    std::vector<std::string> known = reports::all_check_ids();
    for (const std::string& id : request.checks) {
        if (std::find(known.begin(), known.end(), id) == known.end()) {
            throw DiagnosticError(
                SourceLocation{},
                fmt::format("--checks: unknown check '{}' (known checks: {})", id, fmt::join(known, ", ")));
        }
    }
    std::vector<std::string> ids = request.checks;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

// How CSPA was solved and why, for --stats.
std::string solve_lines(const AliasAnswers& solve) {
    std::string out = fmt::format("  solve              {} ({})", solve_mode_name(solve.used()), solve.why());
    if (solve.used() == SolveMode::Demand || solve.rounds() != 0)
        out += fmt::format("; ValueAlias pairs asked {} in {} round{}", solve.pairs_asked(), solve.rounds(),
                           solve.rounds() == 1 ? "" : "s");
    out += "\n";
    for (const std::string& bounded : solve.bounded())
        out += fmt::format("  bounded            {}\n", bounded);
    return out;
}

void print_stats(const AnalysisSession& session, const std::vector<reports::Finding>& findings,
                 std::size_t suppressed, std::size_t notes_hidden, double check_seconds,
                 const std::vector<std::pair<std::string, double>>& per_check) {
    const ProgramInput& input = session.input();
    std::string out = "galias statistics\n";
    if (input.units_total != 0) {
        out += fmt::format(
            "  translation units  {} ({} failed{})\n", input.units_total, input.units_failed,
            input.units_cached != 0 ? fmt::format(", {} from the unit cache", input.units_cached) : "");
    }
    std::size_t clones = 0;
    for (const facts::Node& node : input.facts.nodes) clones += node.origin != node.id ? 1 : 0;
    out += fmt::format("  nodes              {} ({} clones, {} contexts)\n", input.facts.nodes.size(), clones,
                       input.facts.contexts.size());
    out += fmt::format("  call sites         {}\n", input.facts.calls.size());
    for (const auto* group : {&input.cspa, &input.andersen}) {
        std::vector<std::string> parts;
        for (const auto& [name, cells] : *group)
            parts.push_back(fmt::format("{} {}", name, cells.size() / 2));
        out += fmt::format("  {}  {}\n", group == &input.cspa ? "cspa facts       " : "andersen facts   ",
                           fmt::join(parts, ", "));
    }
    if (const AliasAnswers* solve = session.solve_report()) out += solve_lines(*solve);
    for (const AnalysisRun& run : session.results().runs) {
        std::vector<std::string> sizes;
        for (const auto& [name, size] : run.sizes) sizes.push_back(fmt::format("{} {}", name, size));
        // The worklist solver has no iterations to count (AnalysisRun::iterations 0).
        const std::string iterations =
            run.iterations != 0 ? fmt::format("{} iterations, ", run.iterations) : std::string();
        out += fmt::format("  {:<18} {}; {}{:.3f} s on {}{}\n", run.name, fmt::join(sizes, ", "), iterations,
                           run.seconds, run.backend, run.detail.empty() ? "" : " (" + run.detail + ")");
    }
    std::map<std::string, std::size_t> per_rule;
    for (const reports::Finding& finding : findings) ++per_rule[finding.rule_id];
    std::vector<std::string> rules;
    rules.reserve(per_rule.size());
    for (const auto& [rule, count] : per_rule) rules.push_back(fmt::format("{} {}", rule, count));
    out += fmt::format("  findings           {}{}{}\n", reports::summary_line(findings, suppressed),
                       rules.empty() ? "" : fmt::format(" [{}]", fmt::join(rules, ", ")),
                       notes_hidden == 0 ? "" : fmt::format("; {} notes not shown", notes_hidden));
    out += fmt::format("  time               input {:.3f} s, solve {:.3f} s, checks {:.3f} s{}\n",
                       session.times().input_seconds, session.times().solve_seconds, check_seconds,
                       session.times().from_database ? " (input and results from the results database)" : "");
    std::vector<std::string> stages;
    stages.reserve(input.stage_seconds.size());
    for (const auto& [stage, seconds] : input.stage_seconds)
        stages.push_back(fmt::format("{} {:.3f} s", stage, seconds));
    if (!stages.empty()) out += fmt::format("  input stages       {}\n", fmt::join(stages, ", "));
    std::vector<std::string> times;
    times.reserve(per_check.size());
    for (const auto& [id, seconds] : per_check) times.push_back(fmt::format("{} {:.3f} s", id, seconds));
    if (!times.empty()) out += fmt::format("  check times        {}\n", fmt::join(times, ", "));
    std::fputs(out.c_str(), stderr);
}

// How many translation units the analysis does not cover (ProgramInput::complete()), said
// the same way in every output.
std::string missing_units(const ProgramInput& input) {
    return input.units_total != 0 ? fmt::format("{} of {} translation units were not analysed",
                                                input.units_failed, input.units_total)
                                  : fmt::format("{} translation units were not analysed", input.units_failed);
}

// SARIF notifications, report lines and the JSON "analysis" object for the units not analysed.
std::vector<reports::ToolNotification> notifications(const ProgramInput& input,
                                                     const std::filesystem::path& root) {
    std::vector<reports::ToolNotification> out;
    for (const UnitFailure& unit : input.failed_units) {
        out.push_back(reports::ToolNotification{
            "translation-unit-not-analysed", "error",
            fmt::format("{}: not analysed: {}",
                        reports::relative_to_root(unit.file, root).value_or(unit.file), unit.reason),
            unit.file});
    }
    if (input.failed_units.size() < input.units_failed) {
        // A fact directory counts its failed units but does not name them.
        out.push_back(reports::ToolNotification{"translation-unit-not-analysed", "error",
                                                missing_units(input) + " when the facts were extracted", ""});
    }
    return out;
}

nlohmann::json coverage_json(const ProgramInput& input, const std::filesystem::path& root) {
    nlohmann::json units = nlohmann::json::array();
    for (const UnitFailure& unit : input.failed_units) {
        units.push_back({{"file", reports::relative_to_root(unit.file, root).value_or(unit.file)},
                         {"reason", unit.reason}});
    }
    return {{"complete", input.complete()},
            {"translation_units", input.units_total},
            {"failed_units", input.units_failed},
            {"not_analysed", std::move(units)}};
}

void write_coverage_text(std::ostream& out, const ProgramInput& input, const std::filesystem::path& root) {
    for (const UnitFailure& unit : input.failed_units) {
        out << fmt::format("{}: error: not analysed: {}\n",
                           reports::relative_to_root(unit.file, root).value_or(unit.file), unit.reason);
    }
    if (!input.complete())
        out << fmt::format("galias: the analysis is incomplete: {}\n", missing_units(input));
}

// The changed lines of --changed-since or --changed-lines, read before the analysis so that
// a bad ref or diff stops the run at once.
std::optional<reports::ChangedLines> read_changed_lines(const CheckRequest& request) {
    if (request.changed_since)
        return reports::ChangedLines::from_git(request.session.source_root, *request.changed_since);
    if (!request.changed_lines) return std::nullopt;
    const std::string name = request.changed_lines->string();
    const std::filesystem::path file =
        name == "-" ? std::filesystem::path("/dev/stdin") : *request.changed_lines;
    return reports::ChangedLines::from_diff(facts::read_input_file(file, "diff"), request.session.source_root,
                                            name);
}

reports::CheckOptions check_options(const CheckRequest& request, const AnalysisSession& session,
                                    const std::vector<std::string>& ids) {
    reports::CheckOptions options;
    options.enabled = ids;
    options.must_not_alias = session.config().must_not_alias;
    options.per_context = request.per_context;
    options.max_witness_steps = session.config().max_witness_steps.value_or(reports::kDefaultMaxWitnessSteps);
    options.threads = request.session.threads;
    options.summary_level =
        request.summary_level.value_or(session.config().summary_level.value_or(reports::Level::Note));
    options.allocator_releases = session.config().allocator_releases;
    return options;
}

// What the checks found, and what was left out of it on the way to the report.
struct CheckOutcome {
    std::vector<reports::Finding> findings;
    std::size_t elsewhere = 0;     // findings that touch no changed line
    std::size_t suppressed = 0;    // findings of the baseline
    std::size_t notes_hidden = 0;  // notes not shown (CI defaults)
    double seconds = 0;            // the checks' own time, without the demand's rounds
    std::vector<std::pair<std::string, double>> per_check;
};

CheckOutcome run_enabled_checks(AnalysisSession& session, const reports::CheckOptions& options,
                                const CheckRequest& request,
                                const std::optional<reports::ChangedLines>& changed,
                                const std::optional<reports::Baseline>& baseline,
                                reports::ProgressLine& progress) {
    const auto start = std::chrono::steady_clock::now();
    const auto stores = session.input().andersen.find(facts::predicates::kAndersenStore.name);
    const reports::FieldContents fields(session.input().facts, session.oracle(),
                                        stores == session.input().andersen.end()
                                            ? std::span<const std::uint32_t>()
                                            : std::span<const std::uint32_t>(stores->second));
    const reports::CheckContext context{session.input().facts, session.oracle(), session.view(),
                                        session.witness(),     options,          &fields};
    reports::RunOptions run;
    run.source_root = request.session.source_root;
    run.exclude = session.config().exclude;
    CheckOutcome outcome;
    run.seconds = &outcome.per_check;
    // On a demand solve the checks run again when they asked ValueAlias pairs not solved
    // yet; the last run's times are the ones reported.
    outcome.findings = session.answer_on_demand(
        [&] {
            outcome.per_check.clear();
            return run_checks(context, run);
        },
        progress);
    if (changed) {
        outcome.elsewhere =
            std::erase_if(outcome.findings, [&](const reports::Finding& f) { return !changed->touches(f); });
    }
    reports::SourceLines lines;
    assign_fingerprints(outcome.findings, lines);
    if (baseline) {
        outcome.suppressed = std::erase_if(outcome.findings, [&](const reports::Finding& finding) {
            return baseline->contains(finding.rule_id,
                                      reports::artifact_uri(finding.region.file, run.source_root),
                                      finding.fingerprint);
        });
    }
    // The demand's rounds during the checks count as solving.
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() -
                      session.times().asked_seconds;
    return outcome;
}

void write_sarif_log(const std::filesystem::path& path, const std::vector<reports::Finding>& logged,
                     const std::vector<std::string>& ids, const CheckRequest& request,
                     const AnalysisSession& session, const std::vector<reports::AllocatorHint>& hints) {
    std::vector<std::unique_ptr<reports::Check>> checks;
    std::vector<const reports::RuleInfo*> rules;
    for (const std::string& id : ids) {
        checks.push_back(reports::make_check(id));
        rules.push_back(&checks.back()->info());
    }
    reports::SarifOptions sarif;
    sarif.source_root = request.session.source_root;
    sarif.automation_id = request.automation_id;
    sarif.tool_version = request.tool_version;
    sarif.notifications = notifications(session.input(), request.session.source_root);
    for (const AnalysisRun& analysis : session.results().runs) {
        for (const std::string& note : analysis.notes)
            sarif.notifications.push_back(
                reports::ToolNotification{"backend-fallback", "warning", analysis.name + ": " + note, ""});
    }
    if (const AliasAnswers* solve = session.solve_report()) {
        for (const std::string& bounded : solve->bounded())
            sarif.notifications.push_back(reports::ToolNotification{"solve-bounded", "warning", bounded, ""});
    }
    if (!hints.empty())
        sarif.notifications.push_back(reports::ToolNotification{"allocator-candidates", "note",
                                                                reports::allocator_hint_text(hints), ""});
    reports::write_json_file(path, reports::make_sarif(logged, rules, sarif));
}

// The report on stdout or in --output: JSON or text.
std::string report_text(const CheckRequest& request, const ProgramInput& input, const CheckOutcome& outcome,
                        bool show_notes, const std::optional<reports::ChangedLines>& changed,
                        const std::vector<reports::AllocatorHint>& hints) {
    std::ostringstream text;
    const std::filesystem::path& root = request.session.source_root;
    if (request.format == "json") {
        nlohmann::json report = reports::findings_json(outcome.findings, outcome.suppressed, root);
        if (!show_notes) report["notes_not_shown"] = outcome.notes_hidden;
        report["analysis"] = coverage_json(input, root);
        nlohmann::json candidates = nlohmann::json::array();
        for (const reports::AllocatorHint& hint : hints)
            candidates.push_back({{"function", hint.function}, {"findings", hint.findings}});
        report["allocator_candidates"] = std::move(candidates);
        if (changed) {
            report["changed_lines"] = {{"files", changed->files()},
                                       {"lines", changed->lines()},
                                       {"findings_elsewhere", outcome.elsewhere}};
        }
        text << report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
        reports::TextOptions options_text;
        options_text.source_root = root;
        write_text(text, outcome.findings, options_text);
        write_coverage_text(text, input, root);
    }
    return text.str();
}

// The lines on stderr after the report: the summary, the stages' times, what a changed-lines
// check left out, the allocator hint.
void print_summary(const CheckRequest& request, const AnalysisSession& session, const CheckOutcome& outcome,
                   const std::optional<reports::ChangedLines>& changed,
                   const std::vector<reports::AllocatorHint>& hints) {
    if (request.session.quiet) return;
    if (request.format == "text") {
        std::string line = reports::summary_line(outcome.findings, outcome.suppressed);
        if (outcome.notes_hidden != 0)
            line += fmt::format("; and {} note{} not shown (--summary-level note, or --html DIR)",
                                outcome.notes_hidden, outcome.notes_hidden == 1 ? "" : "s");
        std::fprintf(stderr, "galias: %s\n", line.c_str());
        const SessionTimes& times = session.times();
        if (!times.from_database)
            std::fprintf(stderr, "galias: %.1f s: input %.1f s, solve %.1f s, checks %.1f s\n",
                         times.input_seconds + times.solve_seconds + outcome.seconds, times.input_seconds,
                         times.solve_seconds, outcome.seconds);
    }
    if (changed) {
        const auto plural = [](std::size_t n, const char* one, const char* many) {
            return fmt::format("{} {}", n, n == 1 ? one : many);
        };
        std::fprintf(stderr, "galias: reported only what touches the %s of %s; %s elsewhere not reported\n",
                     plural(changed->lines(), "changed line", "changed lines").c_str(),
                     plural(changed->files(), "file", "files").c_str(),
                     plural(outcome.elsewhere, "finding", "findings").c_str());
    }
    if (!hints.empty())
        std::fprintf(stderr, "galias: hint: %s\n", reports::allocator_hint_text(hints).c_str());
}

// 2 for an incomplete analysis not allowed, else 1 when a finding reaches --fail-on.
int exit_status(const CheckRequest& request, const AnalysisSession& session,
                const std::vector<reports::Finding>& findings) {
    const ProgramInput& input = session.input();
    if (!input.complete()) {
        // Findings can be missing for lack of input: a CI gate must not pass on that unless
        // the user said so. Every output is written either way.
        if (!request.allow_partial && !session.config().allow_partial.value_or(false)) {
            std::fprintf(stderr,
                         "galias: error: the analysis is incomplete: %s (errors above); "
                         "--allow-partial or `allow-partial = true` in [analysis] accepts that\n",
                         missing_units(input).c_str());
            return 2;
        }
        if (!request.session.quiet)
            std::fprintf(stderr, "galias: warning: the analysis is incomplete: %s (allowed)\n",
                         missing_units(input).c_str());
    }
    if (request.fail_on == reports::Level::None) return 0;
    const bool failing = std::any_of(findings.begin(), findings.end(), [&](const reports::Finding& finding) {
        return finding.level >= request.fail_on;
    });
    return failing ? 1 : 0;
}

}  // namespace

int run_check(const CheckRequest& request) {
    if (request.format != "text" && request.format != "json") {
        throw DiagnosticError(SourceLocation{},
                              fmt::format("--format: expected text or json, got '{}'", request.format));
    }
    // Everything that can be wrong with the command line or its files fails before the work.
    AnalysisSession session(request.session);
    const std::vector<std::string> ids = enabled_checks(request, session.config());
    std::optional<reports::Baseline> baseline;
    if (request.baseline) {
        baseline = reports::Baseline::load(*request.baseline);
        for (const Diagnostic& warning : baseline->warnings())
            std::fprintf(stderr, "%s\n", warning.str().c_str());
    }
    if (request.sarif) facts::check_output_file(*request.sarif);
    if (request.output) facts::check_output_file(*request.output);
    const std::optional<reports::ChangedLines> changed = read_changed_lines(request);

    reports::ProgressLine progress(reports::ProgressLine::on_tty(request.session.quiet));
    session.analyse(progress);
    CheckOutcome outcome = run_enabled_checks(session, check_options(request, session, ids), request, changed,
                                              baseline, progress);

    const std::vector<reports::AllocatorHint> hints = reports::allocator_hints(outcome.findings);
    const bool show_notes = request.show_notes || request.summary_level || session.config().summary_level ||
                            request.fail_on == reports::Level::Note;
    if (request.full_sarif)
        write_sarif_log(*request.full_sarif, outcome.findings, ids, request, session, hints);
    if (!show_notes) {
        outcome.notes_hidden = std::erase_if(
            outcome.findings, [](const reports::Finding& f) { return f.level == reports::Level::Note; });
    }
    if (request.sarif) write_sarif_log(*request.sarif, outcome.findings, ids, request, session, hints);

    const std::string text = report_text(request, session.input(), outcome, show_notes, changed, hints);
    if (request.output && *request.output != "-") {
        facts::write_output_file(*request.output, text);
    } else {
        facts::write_stdout(text);
    }
    print_summary(request, session, outcome, changed, hints);
    if (request.stats)
        print_stats(session, outcome.findings, outcome.suppressed, outcome.notes_hidden, outcome.seconds,
                    outcome.per_check);
    return exit_status(request, session, outcome.findings);
}

}  // namespace galias::pipeline
