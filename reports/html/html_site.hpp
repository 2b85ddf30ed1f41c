#pragma once
// The HTML report of a SARIF log: a static site in one directory that opens from the file
// system (no server, nothing loaded from the network):
//
//   index.html          every finding, sortable and filterable (index_page.hpp)
//   findings/N.html     one page per finding, N its position in the log (finding_page.hpp)
//   style.css, report.js
//
// The directory is written as a whole: a failed run leaves the previous report as it was.
// A report written over an earlier one replaces it whole; written into a directory that
// holds other files too, it leaves them, and removes the pages of an earlier, longer
// report. Every finding has its page. The pages are drawn by several processes at once
// (HtmlReportOptions::jobs): laying out a graph with Graphviz takes most of a page's time,
// and Graphviz cannot be used from several threads.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "reports/html/sarif_log.hpp"

namespace galias::reports::html {

struct HtmlReportOptions {
    // Where %SRCROOT% (and URIs with no base) are; unset: the log's originalUriBaseIds.
    std::optional<std::filesystem::path> source_root;
    std::uint32_t context_lines = 3;  // source lines shown around each location
    std::string log_name;             // shown in the index's header
    // The command that produced the log, when the log does not say (check --html).
    std::string command_line;
    std::string working_directory;
    // Processes drawing pages: 0 for one per core (at most 16); a log of fewer than 64
    // findings is drawn by this process alone.
    unsigned jobs = 0;
};

struct HtmlReportSummary {
    std::size_t findings = 0;
    std::size_t pages = 0;             // HTML pages written: the index and one per finding
    std::size_t workers = 1;           // processes that drew them
    std::size_t graphs = 0;            // code flows drawn
    std::size_t graphs_not_drawn = 0;  // flows listed without a graph (no Graphviz, a layout error)
    std::size_t files_missing = 0;     // source files named by the log that were not found
};

// Writes the report of `log` into `directory`. Throws facts::OutputError when a file
// cannot be written (or a process drawing pages fails), DiagnosticError when `directory`
// is not usable.
HtmlReportSummary write_html_report(const SarifLog& log, const std::filesystem::path& directory,
                                    const HtmlReportOptions& options);

}  // namespace galias::reports::html
