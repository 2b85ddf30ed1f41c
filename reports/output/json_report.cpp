#include "reports/output/json_report.hpp"

#include "reports/source_paths.hpp"

namespace galias::reports {

using nlohmann::json;

namespace {

json place(const SourceRegion& region, const std::filesystem::path& root) {
    return {{"file", relative_to_root(region.file, root).value_or(region.file)},
            {"line", region.line},
            {"column", region.column},
            {"end_line", region.end_line},
            {"end_column", region.end_column}};
}

}  // namespace

json findings_json(std::span<const Finding> findings, std::size_t suppressed,
                   const std::filesystem::path& source_root) {
    json list = json::array();
    for (const Finding& finding : findings) {
        json item = place(finding.region, source_root);
        item["rule"] = finding.rule_id;
        item["level"] = level_name(finding.level);
        item["message"] = plain_message(finding.message);
        item["fingerprint"] = finding.fingerprint;
        if (!finding.context.empty()) item["context"] = finding.context;
        json related = json::array();
        for (const RelatedLocation& r : finding.related) {
            json entry = place(r.region, source_root);
            entry["message"] = r.message;
            related.push_back(std::move(entry));
        }
        item["related"] = std::move(related);
        json witness = json::array();
        for (const FlowStep& step : finding.witness) {
            json entry = place(step.region, source_root);
            entry["message"] = step.message;
            witness.push_back(std::move(entry));
        }
        item["witness"] = std::move(witness);
        list.push_back(std::move(item));
    }
    return {{"findings", std::move(list)}, {"suppressed", suppressed}};
}

}  // namespace galias::reports
