#include "reports/html/html_site.hpp"

#include <fmt/format.h>

#include <charconv>
#include <system_error>

#include "facts/output_file.hpp"
#include "reports/html/finding_page.hpp"
#include "reports/html/graph_layout.hpp"
#include "reports/html/index_page.hpp"
#include "reports/html/site_assets.hpp"
#include "reports/html/source_files.hpp"

namespace galias::reports::html {

namespace fs = std::filesystem;

namespace {

// The number N of a page findings/N.html, or none for any other file.
std::optional<std::size_t> page_number(const fs::path& file) {
    if (file.extension() != ".html") return std::nullopt;
    const std::string stem = file.stem().string();
    std::size_t number = 0;
    const auto [end, error] = std::from_chars(stem.data(), stem.data() + stem.size(), number);
    if (error != std::errc() || end != stem.data() + stem.size() || stem.empty()) return std::nullopt;
    return number;
}

// A report written over a longer one: its extra finding pages would still open from old
// links and show findings that are gone.
void remove_pages_after(const fs::path& findings_dir, std::size_t count) {
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(findings_dir, error)) {
        const std::optional<std::size_t> number = page_number(entry.path().filename());
        if (number && *number > count && entry.is_regular_file(error)) fs::remove(entry.path(), error);
    }
}

std::vector<DrawnFlow> draw_flows(const Result& result, GraphLayout& layout, HtmlReportSummary& summary) {
    std::vector<DrawnFlow> flows;
    for (const CodeFlow& flow : result.flows) {
        DrawnFlow drawn;
        drawn.graph = build_flow_graph(result, flow);
        drawn.dot = to_dot(drawn.graph);
        drawn.rendered = layout.render(drawn.dot);
        ++(drawn.rendered.svg.empty() ? summary.graphs_not_drawn : summary.graphs);
        flows.push_back(std::move(drawn));
    }
    return flows;
}

}  // namespace

HtmlReportSummary write_html_report(const SarifLog& log, const fs::path& directory,
                                    const HtmlReportOptions& options) {
    facts::StagedDirectory staged(directory);
    const fs::path& root = staged.staging();
    std::error_code error;
    fs::create_directories(root / "findings", error);
    if (error) throw facts::OutputError(root / "findings", error.message());

    HtmlReportSummary summary;
    summary.findings = log.results.size();
    const SourceFiles sources(log, options.source_root);
    GraphLayout layout;
    for (const Result& result : log.results) {
        FindingPageInput input;
        input.log = &log;
        input.result = &result;
        input.sources = &sources;
        input.flows = draw_flows(result, layout, summary);
        input.context_lines = options.context_lines;
        input.command_line = options.command_line;
        input.working_directory = options.working_directory;
        facts::write_output_file(root / finding_page_path(result), finding_page(input));
    }
    IndexInfo info;
    info.log_name = options.log_name;
    if (options.source_root) info.source_root = options.source_root->string();
    facts::write_output_file(root / "index.html", index_page(log, info));
    facts::write_output_file(root / "style.css", style_sheet());
    facts::write_output_file(root / "report.js", index_script());
    staged.commit();
    remove_pages_after(directory / "findings", log.results.size());
    summary.files_missing = sources.files_missing();
    return summary;
}

}  // namespace galias::reports::html
