#include "reports/output/text_report.hpp"

#include <fmt/format.h>

#include "reports/source_paths.hpp"

namespace galias::reports {

namespace {

std::string where(const SourceRegion& region, const std::filesystem::path& root) {
    if (!region.known()) return "<unknown>";
    std::string file = relative_to_root(region.file, root).value_or(region.file);
    if (region.column == 0) return fmt::format("{}:{}", file, region.line);
    return fmt::format("{}:{}:{}", file, region.line, region.column);
}

}  // namespace

void write_text(std::ostream& out, std::span<const Finding> findings, const TextOptions& options) {
    for (const Finding& finding : findings) {
        out << fmt::format("{}: {}: {}{} [{}]\n", where(finding.region, options.source_root),
                           level_name(finding.level), plain_message(finding.message),
                           finding.context.empty() ? "" : fmt::format(" (in context {})", finding.context),
                           finding.rule_id);
        for (const RelatedLocation& related : finding.related) {
            out << fmt::format("{}: note: {}\n", where(related.region, options.source_root), related.message);
        }
        if (options.show_witness) {
            for (const FlowStep& step : finding.witness) {
                out << fmt::format("{}: note: witness: {}\n", where(step.region, options.source_root),
                                   step.message);
            }
        }
    }
}

std::string summary_line(std::span<const Finding> findings, std::size_t suppressed) {
    std::size_t counts[4] = {0, 0, 0, 0};
    for (const Finding& finding : findings) ++counts[static_cast<int>(finding.level)];
    std::string text;
    if (findings.empty()) {
        text = "no findings";
    } else {
        std::vector<std::string> parts;
        const char* names[4][2] = {
            {"other", "other"}, {"note", "notes"}, {"warning", "warnings"}, {"error", "errors"}};
        for (int level = 3; level >= 0; --level) {
            if (counts[level] != 0)
                parts.push_back(
                    fmt::format("{} {}", counts[level], names[level][counts[level] == 1 ? 0 : 1]));
        }
        text = fmt::format("{} finding{} ({})", findings.size(), findings.size() == 1 ? "" : "s",
                           fmt::join(parts, ", "));
    }
    if (suppressed != 0) text += fmt::format("; {} suppressed by the baseline", suppressed);
    return text;
}

}  // namespace galias::reports
