#include "reports/html/sarif_log.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "facts/diagnostic.hpp"
#include "facts/input_file.hpp"
#include "reports/html/escape.hpp"

namespace galias::reports::html {

using nlohmann::json;

namespace {

// The value at `keys` below `node` (objects all the way), or nullptr.
const json* value_at(const json& node, std::initializer_list<const char*> keys) {
    const json* at = &node;
    for (const char* key : keys) {
        if (!at->is_object()) return nullptr;
        const auto found = at->find(key);
        if (found == at->end()) return nullptr;
        at = &*found;
    }
    return at;
}

std::string string_at(const json& node, std::initializer_list<const char*> keys) {
    const json* value = value_at(node, keys);
    return value != nullptr && value->is_string() ? value->get<std::string>() : std::string();
}

std::uint32_t line_number_at(const json& node, const char* key) {
    const json* value = value_at(node, {key});
    if (value == nullptr || !value->is_number_integer()) return 0;
    const auto number = value->get<std::int64_t>();
    return number > 0 && number <= 0xFFFFFFFF ? static_cast<std::uint32_t>(number) : 0;
}

// The array at `key` of `node`, or an empty one: a viewer shows what is there.
const json& array_at(const json& node, const char* key) {
    static const json kEmpty = json::array();
    const json* value = value_at(node, {key});
    return value != nullptr && value->is_array() ? *value : kEmpty;
}

Region read_region(const json& region) {
    Region out;
    out.start_line = line_number_at(region, "startLine");
    out.start_column = line_number_at(region, "startColumn");
    out.end_line = line_number_at(region, "endLine");
    out.end_column = line_number_at(region, "endColumn");
    if (out.end_line == 0) out.end_line = out.start_line;
    return out;
}

// An artifactLocation: its own uri, or the run's artifacts[index] when it names one.
ArtifactRef read_artifact(const json& artifact, const json& run) {
    ArtifactRef out{string_at(artifact, {"uri"}), string_at(artifact, {"uriBaseId"})};
    const json* index = value_at(artifact, {"index"});
    if (out.uri.empty() && index != nullptr && index->is_number_unsigned()) {
        const json& artifacts = array_at(run, "artifacts");
        const auto at = index->get<std::size_t>();
        if (at < artifacts.size()) return read_artifact(artifacts[at].value("location", json::object()), run);
    }
    return out;
}

Location read_location(const json& location, const json& run) {
    Location out;
    if (const json* physical = value_at(location, {"physicalLocation"})) {
        if (const json* artifact = value_at(*physical, {"artifactLocation"}))
            out.artifact = read_artifact(*artifact, run);
        if (const json* region = value_at(*physical, {"region"})) out.region = read_region(*region);
    }
    out.message = string_at(location, {"message", "text"});
    const json* id = value_at(location, {"id"});
    if (id != nullptr && id->is_number_integer()) out.id = id->get<int>();
    return out;
}

std::vector<CodeFlow> read_code_flows(const json& result, const json& run) {
    std::vector<CodeFlow> flows;
    for (const json& flow : array_at(result, "codeFlows")) {
        CodeFlow out;
        out.message = string_at(flow, {"message", "text"});
        for (const json& thread : array_at(flow, "threadFlows")) {
            for (const json& step : array_at(thread, "locations"))
                out.steps.push_back(read_location(step.value("location", json::object()), run));
        }
        if (!out.steps.empty()) flows.push_back(std::move(out));
    }
    return flows;
}

Rule read_rule(const json& rule) {
    Rule out;
    out.id = string_at(rule, {"id"});
    out.name = string_at(rule, {"name"});
    out.short_description = string_at(rule, {"shortDescription", "text"});
    out.full_description = string_at(rule, {"fullDescription", "text"});
    out.help_text = string_at(rule, {"help", "text"});
    out.help_uri = string_at(rule, {"helpUri"});
    out.default_level = string_at(rule, {"defaultConfiguration", "level"});
    return out;
}

std::string read_command_line(const json& invocation) {
    std::string line = string_at(invocation, {"commandLine"});
    if (!line.empty()) return line;
    std::vector<std::string> words;
    for (const json& word : array_at(invocation, "arguments"))
        if (word.is_string()) words.push_back(word.get<std::string>());
    return shell_command(words);
}

Run read_run(const json& run) {
    Run out;
    static const json kNoDriver = json::object();
    const json* found_driver = value_at(run, {"tool", "driver"});
    const json& driver = found_driver != nullptr ? *found_driver : kNoDriver;
    out.tool_name = string_at(driver, {"name"});
    out.tool_version = string_at(driver, {"version"});
    if (out.tool_version.empty()) out.tool_version = string_at(driver, {"semanticVersion"});
    out.automation_id = string_at(run, {"automationDetails", "id"});
    if (const json* bases = value_at(run, {"originalUriBaseIds"}); bases != nullptr && bases->is_object()) {
        for (const auto& [id, base] : bases->items()) {
            const std::string uri = string_at(base, {"uri"});
            if (!uri.empty()) out.base_uris.emplace(id, uri);
        }
    }
    for (const json& rule : array_at(driver, "rules"))
        if (rule.is_object()) out.rules.push_back(read_rule(rule));
    const json& invocations = array_at(run, "invocations");
    if (!invocations.empty() && invocations[0].is_object()) {
        out.command_line = read_command_line(invocations[0]);
        out.working_directory = string_at(invocations[0], {"workingDirectory", "uri"});
        for (const json& note : array_at(invocations[0], "toolExecutionNotifications")) {
            out.notifications.push_back(Notification{string_at(note, {"level"}),
                                                     string_at(note, {"descriptor", "id"}),
                                                     string_at(note, {"message", "text"})});
        }
    }
    return out;
}

std::optional<std::size_t> find_rule(const Run& run, const json& result, const std::string& rule_id) {
    const json* index = value_at(result, {"ruleIndex"});
    if (index != nullptr && index->is_number_unsigned()) {
        const auto at = index->get<std::size_t>();
        if (at < run.rules.size() && (rule_id.empty() || run.rules[at].id == rule_id)) return at;
    }
    for (std::size_t at = 0; at < run.rules.size(); ++at)
        if (run.rules[at].id == rule_id) return at;
    return std::nullopt;
}

Result read_result(const json& result, const json& run_json, const Run& run, std::size_t run_index) {
    Result out;
    out.run = run_index;
    out.rule_id = string_at(result, {"ruleId"});
    if (out.rule_id.empty()) out.rule_id = string_at(result, {"rule", "id"});
    out.rule_index = find_rule(run, result, out.rule_id);
    if (out.rule_id.empty() && out.rule_index) out.rule_id = run.rules[*out.rule_index].id;
    // SARIF: a result without a level has its rule's default level, else "warning".
    out.level = string_at(result, {"level"});
    if (out.level.empty() && out.rule_index) out.level = run.rules[*out.rule_index].default_level;
    if (out.level.empty()) out.level = "warning";
    out.message = string_at(result, {"message", "text"});
    const json& locations = array_at(result, "locations");
    if (!locations.empty()) out.location = read_location(locations[0], run_json);
    for (const json& related : array_at(result, "relatedLocations"))
        out.related.push_back(read_location(related, run_json));
    out.flows = read_code_flows(result, run_json);
    out.fingerprint = string_at(result, {"partialFingerprints", "primaryLocationLineHash"});
    return out;
}

// The line and column of byte `offset` of `text`, for a JSON syntax error.
SourceLocation position_of(std::string_view text, std::size_t offset, const std::string& name) {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
    for (std::size_t i = 0; i + 1 < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return SourceLocation{name, line, column};
}

}  // namespace

int level_rank(std::string_view level) {
    if (level == "error") return 3;
    if (level == "warning") return 2;
    if (level == "note") return 1;
    return 0;
}

const Rule* SarifLog::rule_of(const Result& result) const {
    if (!result.rule_index || result.run >= runs.size()) return nullptr;
    return &runs[result.run].rules[*result.rule_index];
}

SarifLog parse_sarif_log(std::string_view text, const std::string& name) {
    json log;
    try {
        log = json::parse(text);
    } catch (const json::parse_error& e) {
        throw DiagnosticError(position_of(text, e.byte, name), "not a SARIF log: not valid JSON");
    } catch (const json::exception&) {
        throw DiagnosticError(SourceLocation{name, 0, 0}, "not a SARIF log: a number is out of range");
    }
    if (!log.is_object() || !log.contains("runs") || !log["runs"].is_array())
        throw DiagnosticError(SourceLocation{name, 0, 0}, "not a SARIF log (no \"runs\" array)");
    SarifLog out;
    for (const json& run_json : log["runs"]) {
        if (!run_json.is_object()) continue;
        out.runs.push_back(read_run(run_json));
        for (const json& result : array_at(run_json, "results")) {
            if (!result.is_object()) continue;
            out.results.push_back(read_result(result, run_json, out.runs.back(), out.runs.size() - 1));
            out.results.back().number = out.results.size();
        }
    }
    return out;
}

SarifLog load_sarif_log(const std::filesystem::path& file) {
    return parse_sarif_log(facts::read_input_file(file, "SARIF log"), file.string());
}

}  // namespace galias::reports::html
