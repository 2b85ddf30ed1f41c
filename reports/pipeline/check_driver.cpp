#include "reports/pipeline/check_driver.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "reports/checks/check_registry.hpp"
#include "reports/output/json_report.hpp"
#include "reports/output/text_report.hpp"
#include "reports/run_checks.hpp"
#include "reports/sarif/baseline.hpp"
#include "reports/sarif/fingerprint.hpp"
#include "reports/sarif/sarif_writer.hpp"

namespace galias::reports {

namespace {

std::vector<std::string> enabled_checks(const CheckRequest& request, const ReportConfig& config) {
    if (request.checks.empty()) return config.enabled_checks;
    std::vector<std::string> known = all_check_ids();
    for (const std::string& id : request.checks) {
        if (std::find(known.begin(), known.end(), id) == known.end()) {
            throw DiagnosticError(SourceLocation{}, fmt::format("--checks: unknown check '{}' (known checks: {})", id,
                                                                fmt::join(known, ", ")));
        }
    }
    std::vector<std::string> ids = request.checks;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

void print_stats(const AnalysisSession& session, const std::vector<Finding>& findings, std::size_t suppressed,
                 double check_seconds) {
    const ProgramInput& input = session.input();
    std::string out = "galias statistics\n";
    if (input.units_total != 0) {
        out += fmt::format("  translation units  {} ({} failed)\n", input.units_total, input.units_failed);
    }
    std::size_t clones = 0;
    for (const facts::Node& node : input.facts.nodes) clones += node.origin != node.id ? 1 : 0;
    out += fmt::format("  nodes              {} ({} clones, {} contexts)\n", input.facts.nodes.size(), clones,
                       input.facts.contexts.size());
    out += fmt::format("  call sites         {}\n", input.facts.calls.size());
    for (const auto* group : {&input.cspa, &input.andersen}) {
        std::vector<std::string> parts;
        for (const auto& [name, cells] : *group) parts.push_back(fmt::format("{} {}", name, cells.size() / 2));
        out += fmt::format("  {}  {}\n", group == &input.cspa ? "cspa facts       " : "andersen facts   ",
                           fmt::join(parts, ", "));
    }
    for (const AnalysisRun& run : session.results().runs) {
        std::vector<std::string> sizes;
        for (const auto& [name, size] : run.sizes) sizes.push_back(fmt::format("{} {}", name, size));
        out += fmt::format("  {:<18} {}; {} iterations, {:.3f} s on {}\n", run.name, fmt::join(sizes, ", "),
                           run.iterations, run.seconds, run.backend);
    }
    std::map<std::string, std::size_t> per_rule;
    for (const Finding& finding : findings) ++per_rule[finding.rule_id];
    std::vector<std::string> rules;
    for (const auto& [rule, count] : per_rule) rules.push_back(fmt::format("{} {}", rule, count));
    out += fmt::format("  findings           {}{}\n", summary_line(findings, suppressed),
                       rules.empty() ? "" : fmt::format(" [{}]", fmt::join(rules, ", ")));
    out += fmt::format("  time               input {:.3f} s, solve {:.3f} s, checks {:.3f} s\n",
                       session.times().input_seconds, session.times().solve_seconds, check_seconds);
    std::fputs(out.c_str(), stderr);
}

}  // namespace

int run_check(const CheckRequest& request) {
    if (request.format != "text" && request.format != "json") {
        throw DiagnosticError(SourceLocation{}, fmt::format("--format: expected text or json, got '{}'", request.format));
    }
    // Everything that can be wrong with the command line or its files fails before the work.
    AnalysisSession session(request.session);
    std::vector<std::string> ids = enabled_checks(request, session.config());
    std::optional<Baseline> baseline;
    if (request.baseline) baseline = Baseline::load(*request.baseline);
    if (request.sarif) check_writable(*request.sarif);
    if (request.output) check_writable(*request.output);

    ProgressLine progress(ProgressLine::on_tty(request.session.quiet));
    session.analyse(progress);

    auto start = std::chrono::steady_clock::now();
    CheckOptions options;
    options.enabled = ids;
    options.must_not_alias = session.config().must_not_alias;
    options.per_context = request.per_context;
    options.max_witness_steps = session.config().max_witness_steps.value_or(kDefaultMaxWitnessSteps);
    options.threads = request.session.threads;
    const auto stores = session.input().andersen.find("store");
    const FieldContents fields(session.input().facts, session.oracle(),
                               stores == session.input().andersen.end() ? std::span<const std::uint32_t>()
                                                                        : std::span<const std::uint32_t>(stores->second));
    CheckContext context{session.input().facts, session.oracle(), session.view(), session.witness(), options, &fields};
    RunOptions run;
    run.source_root = request.session.source_root;
    run.exclude = session.config().exclude;
    std::vector<Finding> findings = run_checks(context, run);
    SourceLines lines;
    assign_fingerprints(findings, lines);
    std::size_t suppressed = 0;
    if (baseline) {
        suppressed = std::erase_if(findings, [&](const Finding& finding) {
            return baseline->contains(finding.rule_id, artifact_uri(finding.region.file, run.source_root),
                                      finding.fingerprint);
        });
    }
    double check_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    if (request.sarif) {
        std::vector<std::unique_ptr<Check>> checks;
        std::vector<const RuleInfo*> rules;
        for (const std::string& id : ids) {
            checks.push_back(make_check(id));
            rules.push_back(&checks.back()->info());
        }
        SarifOptions sarif;
        sarif.source_root = request.session.source_root;
        sarif.automation_id = request.automation_id;
        sarif.tool_version = request.tool_version;
        write_json_file(*request.sarif, make_sarif(findings, rules, sarif));
    }

    std::ostringstream text;
    if (request.format == "json") {
        text << findings_json(findings, suppressed, request.session.source_root).dump(2) << "\n";
    } else {
        TextOptions options_text;
        options_text.source_root = request.session.source_root;
        write_text(text, findings, options_text);
    }
    if (request.output && *request.output != "-") {
        std::ofstream out(*request.output, std::ios::binary | std::ios::trunc);
        out << text.str();
        if (!out) throw DiagnosticError(SourceLocation{request.output->string(), 0, 0}, "cannot write the output file");
    } else {
        std::fputs(text.str().c_str(), stdout);
        std::fflush(stdout);
    }
    if (!request.session.quiet && request.format == "text") {
        std::fprintf(stderr, "galias: %s\n", summary_line(findings, suppressed).c_str());
    }
    if (request.stats) print_stats(session, findings, suppressed, check_seconds);

    if (request.fail_on == Level::None) return 0;
    bool failing = std::any_of(findings.begin(), findings.end(),
                               [&](const Finding& finding) { return finding.level >= request.fail_on; });
    return failing ? 1 : 0;
}

}  // namespace galias::reports
