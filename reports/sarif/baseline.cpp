#include "reports/sarif/baseline.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "facts/diagnostic.hpp"

namespace galias::reports {

using nlohmann::json;

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
    }
    if (!log.is_object() || !log.contains("runs") || !log["runs"].is_array()) {
        throw DiagnosticError(SourceLocation{name, 0, 0}, "baseline is not a SARIF log (no \"runs\" array)");
    }
    Baseline baseline;
    for (const json& run : log["runs"]) {
        if (!run.is_object() || !run.contains("results")) continue;
        for (const json& result : run["results"]) {
            if (!result.is_object()) continue;
            std::string rule = result.value("ruleId", "");
            std::string fingerprint;
            if (result.contains("partialFingerprints") && result["partialFingerprints"].is_object()) {
                fingerprint = result["partialFingerprints"].value("primaryLocationLineHash", "");
            }
            std::string uri;
            try {
                uri = result.at("locations").at(0).at("physicalLocation").at("artifactLocation").value("uri", "");
            } catch (const json::exception&) {
            }
            if (!rule.empty() && !fingerprint.empty()) baseline.entries_.emplace(rule, uri, fingerprint);
        }
    }
    return baseline;
}

Baseline Baseline::load(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw DiagnosticError(SourceLocation{file.string(), 0, 0}, "cannot read the baseline file");
    std::ostringstream text;
    text << in.rdbuf();
    return parse(text.str(), file.string());
}

bool Baseline::contains(const std::string& rule_id, const std::string& uri, const std::string& fingerprint) const {
    return entries_.count({rule_id, uri, fingerprint}) != 0;
}

}  // namespace galias::reports
