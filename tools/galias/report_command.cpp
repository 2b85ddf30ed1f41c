// `galias report --html DIR LOG.sarif`: the HTML report of a SARIF log (a page per
// finding, its code flow drawn; docs/html-report.md). Reads the log and the sources only:
// no analysis runs.
#include <memory>
#include <optional>

#include "facts/input_file.hpp"
#include "tools/galias/command.hpp"
#include "tools/galias/html_report_option.hpp"

namespace galias::tool {
namespace {

struct ReportCommandOptions {
    std::string log;
    std::string html;
    std::string source_root;
    std::uint32_t context_lines = 3;
    unsigned jobs = 0;
    bool quiet = false;

    void declare(CLI::App& app) {
        app.add_option("log", log, "The SARIF 2.1.0 log (galias check --sarif, or any tool's)")->required();
        app.add_option(
               "--html", html,
               "Write the report into this directory: index.html, findings/N.html, style.css, report.js")
            ->required();
        app.add_option("--source-root", source_root,
                       "Where the sources are (%SRCROOT% of the log); default: the log's originalUriBaseIds");
        app.add_option("--context-lines", context_lines, "Source lines shown before and after each location")
            ->check(CLI::Range(0, 50));
        app.add_option("-j,--jobs", jobs, "Processes drawing the pages (0 = one per core)")
            ->check(CLI::Range(0U, 256U));
        app.add_flag("-q,--quiet", quiet, "Say nothing when the report is written");
    }

    [[nodiscard]] int run() const {
        reports::html::HtmlReportOptions options;
        if (!source_root.empty()) {
            facts::check_input_directory(source_root, "--source-root");
            options.source_root = source_root;
        }
        options.context_lines = context_lines;
        options.log_name = log;
        options.jobs = jobs;
        write_html_report_of(log, html, options, quiet);
        return kExitOk;
    }
};

const RegisterCommand kReport{CommandInfo{
    "report",
    "Write the HTML report of a SARIF log: every finding, each with its code flow drawn",
    [](CLI::App& app) -> CommandAction {
        auto options = std::make_shared<ReportCommandOptions>();
        options->declare(app);
        return [options] { return options->run(); };
    },
}};

}  // namespace
}  // namespace galias::tool
