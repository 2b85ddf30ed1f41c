#include "reports/sarif/sarif_writer.hpp"

#include <fmt/format.h>

#include <system_error>

#include "facts/diagnostic.hpp"
#include "facts/output_file.hpp"
#include "reports/checks/check_registry.hpp"
#include "reports/source_paths.hpp"

namespace galias::reports {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string file_uri(const fs::path& path, bool directory) {
    std::error_code ec;
    std::string absolute = fs::weakly_canonical(fs::absolute(path, ec), ec).generic_string();
    if (directory && (absolute.empty() || absolute.back() != '/')) absolute.push_back('/');
    return "file://" + uri_encode_path(absolute);
}

json region_json(const SourceRegion& region) {
    json out = json::object();
    out["startLine"] = region.line;
    if (region.column != 0) out["startColumn"] = region.column;
    out["endLine"] = region.end_line != 0 ? region.end_line : region.line;
    if (region.column != 0) {
        // SARIF's endColumn is one past the last character.
        std::uint32_t last = region.end_column != 0 ? region.end_column : region.column;
        if (region.end_line == 0 || region.end_line == region.line) last = std::max(last, region.column);
        out["endColumn"] = last + 1;
    }
    return out;
}

json location_json(const SourceRegion& region, const fs::path& root) {
    json location = json::object();
    if (region.known()) {
        location["physicalLocation"] = {{"artifactLocation", artifact_location(region.file, root)},
                                        {"region", region_json(region)}};
    }
    return location;
}

json rule_json(const RuleInfo& rule, const SarifOptions& options) {
    std::string help(check_help(rule.id));
    if (help.empty()) help = std::string(rule.full_description);
    json tags = json::array();
    for (std::string_view tag : rule.tags) tags.push_back(tag);
    json properties = {{"precision", rule.precision}, {"tags", tags}};
    if (!rule.security_severity.empty()) properties["security-severity"] = rule.security_severity;
    return {
        {"id", rule.id},
        {"name", rule.name},
        {"shortDescription", {{"text", rule.short_description}}},
        {"fullDescription", {{"text", rule.full_description}}},
        {"help", {{"text", help}, {"markdown", help}}},
        {"helpUri", fmt::format("{}/blob/main/docs/checks/{}.md", options.information_uri, rule.id)},
        {"defaultConfiguration", {{"level", level_name(rule.default_level)}}},
        {"properties", properties},
    };
}

}  // namespace

std::string artifact_uri(const std::string& file, const fs::path& source_root) {
    if (std::optional<std::string> relative = relative_to_root(file, source_root))
        return uri_encode_path(*relative);
    return file_uri(file, false);
}

json artifact_location(const std::string& file, const fs::path& source_root) {
    if (std::optional<std::string> relative = relative_to_root(file, source_root)) {
        return {{"uri", uri_encode_path(*relative)}, {"uriBaseId", "%SRCROOT%"}};
    }
    return {{"uri", file_uri(file, false)}};
}

json make_sarif(std::span<const Finding> findings, std::span<const RuleInfo* const> rules,
                const SarifOptions& options) {
    json rules_json = json::array();
    for (const RuleInfo* rule : rules) rules_json.push_back(rule_json(*rule, options));

    json results = json::array();
    json notifications = json::array();
    bool successful = true;
    for (const ToolNotification& notification : options.notifications) {
        json item = {{"level", notification.level}, {"message", {{"text", notification.message}}}};
        if (!notification.id.empty()) item["descriptor"] = {{"id", notification.id}};
        if (!notification.file.empty()) {
            item["locations"] = json::array(
                {{{"physicalLocation",
                   {{"artifactLocation", artifact_location(notification.file, options.source_root)}}}}});
        }
        notifications.push_back(std::move(item));
        if (notification.level == "error") successful = false;
    }
    for (const Finding& finding : findings) {
        if (results.size() == kSarifMaxResults) {
            notifications.push_back(
                {{"level", "warning"},
                 {"message",
                  {{"text", fmt::format("only the first {} of {} results are included (GitHub's limit)",
                                        kSarifMaxResults, findings.size())}}}});
            break;
        }
        std::size_t index = 0;
        while (index < rules.size() && rules[index]->id != finding.rule_id) ++index;
        if (index == rules.size()) {
            throw std::logic_error("finding for rule '" + finding.rule_id +
                                   "' that is not in the run's rules");
        }
        std::string text = finding.message;
        if (!finding.context.empty()) text += fmt::format(" (in context {})", finding.context);
        json result = {
            {"ruleId", finding.rule_id},
            {"ruleIndex", index},
            {"level", level_name(finding.level)},
            {"message", {{"text", text}}},
            {"locations", json::array({location_json(finding.region, options.source_root)})},
        };
        if (!finding.fingerprint.empty()) {
            result["partialFingerprints"] = {{"primaryLocationLineHash", finding.fingerprint}};
        }
        if (!finding.related.empty()) {
            json related = json::array();
            for (const RelatedLocation& r : finding.related) {
                json location = location_json(r.region, options.source_root);
                location["id"] = r.id;
                location["message"] = {{"text", r.message}};
                related.push_back(std::move(location));
            }
            result["relatedLocations"] = std::move(related);
        }
        if (!finding.witness.empty()) {
            json steps = json::array();
            for (const FlowStep& step : finding.witness) {
                json location = location_json(step.region, options.source_root);
                location["message"] = {{"text", step.message}};
                steps.push_back({{"location", std::move(location)}});
            }
            result["codeFlows"] =
                json::array({{{"message", {{"text", "how the two pointers come to alias"}}},
                              {"threadFlows", json::array({{{"locations", std::move(steps)}}})}}});
        }
        results.push_back(std::move(result));
    }

    json invocation = {{"executionSuccessful", successful}};
    if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
    json run = {
        {"tool",
         {{"driver",
           {{"name", "galias"},
            {"version", options.tool_version},
            {"semanticVersion", options.tool_version},
            {"informationUri", options.information_uri},
            {"rules", std::move(rules_json)}}}}},
        {"originalUriBaseIds", {{"%SRCROOT%", {{"uri", file_uri(options.source_root, true)}}}}},
        {"invocations", json::array({std::move(invocation)})},
        {"columnKind", "unicodeCodePoints"},
        {"results", std::move(results)},
    };
    if (!options.automation_id.empty()) run["automationDetails"] = {{"id", options.automation_id}};
    return {
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs", json::array({std::move(run)})},
    };
}

void write_json_file(const fs::path& file, const json& log) {
    // Invalid UTF-8 (a path written byte for byte) is replaced rather than an exception.
    const std::string text = log.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
    if (file == "-") {
        facts::write_stdout(text);
        return;
    }
    facts::write_output_file(file, text);
}

}  // namespace galias::reports
