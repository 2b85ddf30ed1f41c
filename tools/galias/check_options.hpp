#pragma once
// Options of `galias analyze` and `galias check` (they differ only in --fail-on's default).

#include <fmt/format.h>

#include <string>

#include "pipeline/check_driver.hpp"
#include "tools/galias/html_report_option.hpp"
#include "tools/galias/report_options.hpp"
#include "tools/galias/version.hpp"

namespace galias::tool {

struct CheckCommandOptions {
    ReportCommonOptions common;
    std::string fail_on;
    std::string summary_level;
    std::string baseline;
    std::string sarif;
    std::string output;
    std::string format = "text";
    std::string automation_id = "galias/";
    std::vector<std::string> checks;
    bool per_context = false;
    bool stats = false;
    bool allow_partial = false;
    std::string changed_since;
    std::string changed_lines;
    HtmlReportOption html;

    bool show_notes = true;  // analyze reports notes; check (the CI gate) counts them

    void declare(CLI::App& app, const std::string& default_fail_on, bool notes_shown) {
        fail_on = default_fail_on;
        show_notes = notes_shown;
        common.declare(app, pipeline::SessionRequest::DatabaseUse::Refresh);
        app.add_option(
               "--fail-on", fail_on,
               fmt::format("Exit 1 when a finding is at or above: error, warning, note, none (default {})",
                           default_fail_on))
            ->check(CLI::IsMember({"error", "warning", "note", "none"}));
        app.add_option("--summary-level", summary_level,
                       "Level of findings whose only evidence is weak (an allocation site, a field of every "
                       "instance, a callee's summary): warning, note (default) or none. `check` leaves notes "
                       "out of its reports and counts them unless this (or the configuration) names a level")
            ->check(CLI::IsMember({"warning", "note", "none"}));
        app.add_option("--baseline", baseline,
                       "Suppress findings already in this SARIF log (by fingerprint)");
        app.add_option("--sarif", sarif, "Write a SARIF 2.1.0 log for GitHub code scanning");
        app.add_option("-o,--output", output, "Write the text/JSON report here instead of stdout");
        app.add_option("--format", format, "Report format: text or json")
            ->check(CLI::IsMember({"text", "json"}));
        app.add_option("--automation-id", automation_id, "SARIF runAutomationDetails.id (category/run-id)");
        app.add_option("--checks", checks, "Run only these checks (overrides the configuration)")
            ->delimiter(',');
        app.add_flag("--per-context", per_context, "Report each calling context separately");
        app.add_flag("--stats", stats, "Print statistics at the end (stderr)");
        app.add_flag("--allow-partial", allow_partial,
                     "Translation units that fail to compile are reported but do not make the exit code 2");
        auto* since = app.add_option("--changed-since", changed_since,
                                     "Report only findings touching lines changed since this git ref (a pull "
                                     "request's base)");
        auto* lines =
            app.add_option("--changed-lines", changed_lines,
                           "Report only findings touching the lines this unified diff adds or changes "
                           "(- for standard input)");
        since->excludes(lines);
        lines->excludes(since);
        html.declare(app);
    }

    [[nodiscard]] int run() const {
        pipeline::CheckRequest request;
        request.session = common.request();
        request.checks = checks;
        request.per_context = per_context;
        request.fail_on = *reports::parse_level(fail_on);
        if (!summary_level.empty()) request.summary_level = reports::parse_level(summary_level);
        if (!baseline.empty()) request.baseline = baseline;
        if (!sarif.empty()) request.sarif = sarif;
        if (!output.empty()) request.output = output;
        request.format = format;
        request.stats = stats;
        request.allow_partial = allow_partial;
        request.automation_id = automation_id;
        if (!changed_since.empty()) request.changed_since = changed_since;
        if (!changed_lines.empty()) request.changed_lines = changed_lines;
        request.tool_version = kVersion;
        request.show_notes = show_notes;
        if (!html.requested()) return pipeline::run_check(request);
        html.check(sarif);
        // The report shows every finding, notes too (its index opens on errors and
        // warnings), from a log of its own.
        TemporaryLogFile full_log;
        request.full_sarif = full_log.path();
        const int status = pipeline::run_check(request);
        html.write(full_log.path(), sarif, common.quiet, common.threads);
        return status;
    }
};

}  // namespace galias::tool
