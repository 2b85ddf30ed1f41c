#include "reports/sarif/baseline.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "facts/diagnostic.hpp"
#include "facts/input_file.hpp"

namespace galias::reports {

using nlohmann::json;

namespace {

// The string at `keys` below `node` (objects all the way), or null.
const std::string* string_at(const json& node, std::initializer_list<const char*> keys) {
    const json* at = &node;
    for (const char* key : keys) {
        if (!at->is_object()) return nullptr;
        const auto found = at->find(key);
        if (found == at->end()) return nullptr;
        at = &*found;
    }
    return at->is_string() ? at->get_ptr<const std::string*>() : nullptr;
}

}  // namespace

Baseline Baseline::parse(std::string_view text, const std::string& name) {
    json log;
    try {
        log = json::parse(text);
    } catch (const json::parse_error& e) {
        std::uint32_t line = 1;
        std::uint32_t column = 1;
        for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw DiagnosticError(SourceLocation{name, line, column}, "baseline is not valid JSON");
    } catch (const json::exception&) {
        // The only other error of parsing: a number too large for any type (out_of_range
        // 406), which has no position.
        throw DiagnosticError(SourceLocation{name, 0, 0},
                              "baseline is not valid JSON: a number is out of range");
    }
    if (!log.is_object() || !log.contains("runs") || !log["runs"].is_array()) {
        throw DiagnosticError(SourceLocation{name, 0, 0}, "baseline is not a SARIF log (no \"runs\" array)");
    }
    Baseline baseline;
    std::size_t malformed = 0;
    std::string first_problem;
    const auto skip = [&](const std::string& where, const char* problem) {
        if (malformed++ == 0) first_problem = where + ": " + problem;
    };
    const json& runs = log["runs"];
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const json& run = runs[r];
        const std::string run_path = fmt::format("runs[{}]", r);
        if (!run.is_object()) {
            skip(run_path, "not an object");
            continue;
        }
        const auto results = run.find("results");
        if (results == run.end()) continue;  // a run with no results suppresses nothing
        if (!results->is_array()) {
            skip(run_path + ".results", "not an array");
            continue;
        }
        for (std::size_t i = 0; i < results->size(); ++i) {
            const json& result = (*results)[i];
            const std::string path = fmt::format("{}.results[{}]", run_path, i);
            if (!result.is_object()) {
                skip(path, "not an object");
                continue;
            }
            const std::string* rule = string_at(result, {"ruleId"});
            const std::string* fingerprint =
                string_at(result, {"partialFingerprints", "primaryLocationLineHash"});
            if (rule == nullptr || rule->empty()) {
                skip(path, "no string \"ruleId\"");
                continue;
            }
            if (fingerprint == nullptr || fingerprint->empty()) {
                skip(path, "no string \"partialFingerprints.primaryLocationLineHash\"");
                continue;
            }
            std::string uri;
            const auto locations = result.find("locations");
            if (locations != result.end() && locations->is_array() && !locations->empty()) {
                if (const std::string* found =
                        string_at((*locations)[0], {"physicalLocation", "artifactLocation", "uri"}))
                    uri = *found;
            }
            baseline.entries_.emplace(*rule, uri, *fingerprint);
        }
    }
    if (malformed != 0) {
        baseline.warnings_.push_back(
            Diagnostic{Severity::Warning,
                       SourceLocation{name, 0, 0},
                       fmt::format("{} baseline result{} ignored (they suppress nothing): the first, {}",
                                   malformed, malformed == 1 ? "" : "s", first_problem),
                       {}});
    }
    return baseline;
}

Baseline Baseline::load(const std::filesystem::path& file) {
    return parse(facts::read_input_file(file, "baseline file"), file.string());
}

bool Baseline::contains(const std::string& rule_id, const std::string& uri,
                        const std::string& fingerprint) const {
    return entries_.count({rule_id, uri, fingerprint}) != 0;
}

}  // namespace galias::reports
