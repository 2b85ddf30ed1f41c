#pragma once
// The HTML report of a SARIF log: a static site in one directory that opens from the file
// system (no server, nothing loaded from the network):
//
//   index.html          every finding, sortable and filterable (index_page.hpp)
//   findings/N.html     one page per finding, N its position in the log (finding_page.hpp)
//   style.css, report.js
//
// The directory is written as a whole (facts::StagedDirectory): a failed run leaves the
// previous report as it was. Pages of an earlier, longer report are removed.

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
};

struct HtmlReportSummary {
    std::size_t findings = 0;
    std::size_t graphs = 0;           // code flows drawn
    std::size_t graphs_not_drawn = 0;  // flows listed without a graph (no Graphviz, a layout error)
    std::size_t files_missing = 0;     // source files named by the log that were not found
};

// Writes the report of `log` into `directory`. Throws facts::OutputError when a file
// cannot be written, DiagnosticError when `directory` is not usable.
HtmlReportSummary write_html_report(const SarifLog& log, const std::filesystem::path& directory,
                                    const HtmlReportOptions& options);

}  // namespace galias::reports::html
