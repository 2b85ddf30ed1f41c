#pragma once
// --html DIR of `galias check` and `galias analyze`: after the run, the HTML report of its
// findings (reports/html/html_site.hpp). The report is made from the run's SARIF log, so
// that it shows exactly what the log says: the --sarif file, or a temporary log when
// --sarif is not given. The report is written also when the run exits 1 (findings) or 2
// (units that were not analysed): it is what a CI job keeps to read why.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "facts/diagnostic.hpp"
#include "facts/output_file.hpp"
#include "facts/temporary_files.hpp"
#include "reports/html/escape.hpp"
#include "reports/html/html_site.hpp"
#include "tools/galias/command_line.hpp"

namespace galias::tool {

// A file in the temporary directory, removed when it goes (or on an interrupt).
class TemporaryLogFile {
public:
    TemporaryLogFile() {
        std::string name = (std::filesystem::temp_directory_path() / "galias-html-XXXXXX.sarif").string();
        int fd = -1;
        registration_ =
            facts::TemporaryFiles::instance().create(name, [&] { fd = ::mkstemps(name.data(), 6); });
        if (fd < 0) {
            facts::TemporaryFiles::instance().forget(registration_);
            throw facts::OutputError(name, "cannot create a temporary SARIF log for --html");
        }
        ::close(fd);
        path_ = name;
    }
    ~TemporaryLogFile() {
        std::error_code ignored;
        std::filesystem::remove(path_, ignored);
        facts::TemporaryFiles::instance().forget(registration_);
    }
    TemporaryLogFile(const TemporaryLogFile&) = delete;
    TemporaryLogFile& operator=(const TemporaryLogFile&) = delete;

    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    facts::TemporaryFiles::Id registration_ = 0;
};

// Writes the report of `log` into `directory` and says where it is (unless quiet).
inline void write_html_report_of(const std::filesystem::path& log, const std::filesystem::path& directory,
                                 const reports::html::HtmlReportOptions& options, bool quiet) {
    const reports::html::SarifLog sarif = reports::html::load_sarif_log(log);
    const reports::html::HtmlReportSummary summary =
        reports::html::write_html_report(sarif, directory, options);
    if (quiet) return;
    std::string graphs = std::to_string(summary.graphs) + " code flows drawn";
    if (summary.graphs_not_drawn != 0)
        graphs += ", " + std::to_string(summary.graphs_not_drawn) + " listed without a graph";
    std::fprintf(stderr, "galias: HTML report: %s (%zu findings, %zu pages; %s)\n",
                 printable((directory / "index.html").string()).c_str(), summary.findings, summary.pages,
                 graphs.c_str());
    if (summary.files_missing != 0)
        std::fprintf(stderr,
                     "galias: warning: %zu source files named by the log are not there; their lines are not "
                     "shown (--source-root DIR says where the sources are)\n",
                     summary.files_missing);
}

struct HtmlReportOption {
    std::string directory;

    void declare(CLI::App& app) {
        app.add_option(
            "--html", directory,
            "Also write an HTML report into this directory: index.html and a page per finding with its "
            "code flow (docs/html-report.md)");
    }

    [[nodiscard]] bool requested() const { return !directory.empty(); }

    // Before the analysis: a place the report cannot go stops the run at once (exit 2).
    void check(const std::string& sarif) const {
        if (sarif == "-")
            throw DiagnosticError(SourceLocation{"--html", 0, 0},
                                  "the report is made from the SARIF log, which --sarif - writes to standard "
                                  "output: give --sarif FILE, or leave --sarif out");
        facts::check_output_directory(directory, "--html");
    }

    // After the analysis, from the log it wrote; `sarif` is --sarif (empty: a temporary log,
    // not named in the report); `jobs` is -j (0: a process per core draws the pages).
    void write(const std::filesystem::path& log, const std::string& sarif, bool quiet, unsigned jobs) const {
        reports::html::HtmlReportOptions options;
        options.log_name = sarif;
        options.jobs = jobs;
        options.command_line = reports::html::shell_command(command_line_words());
        std::error_code ignored;
        options.working_directory = std::filesystem::current_path(ignored).string();
        write_html_report_of(log, directory, options, quiet);
    }
};

}  // namespace galias::tool
