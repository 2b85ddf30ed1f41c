#pragma once
// SARIF 2.1.0 logs as GitHub code scanning ingests them: tool.driver with rules (help text
// from docs/checks/<id>.md), results with a repository-relative location (uriBaseId
// %SRCROOT%) and a full region, partialFingerprints.primaryLocationLineHash,
// relatedLocations linked from the message, codeFlows for the witness path and
// runAutomationDetails.id.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "reports/checks/check.hpp"
#include "reports/finding.hpp"

namespace galias::reports {

inline constexpr std::size_t kSarifMaxResults = 25000;  // GitHub's per-run limit

// A toolExecutionNotification: something about the run rather than the code, such as a
// translation unit that was not analysed.
struct ToolNotification {
    std::string id;     // descriptor.id ("translation-unit-not-analysed")
    std::string level;  // error, warning or note
    std::string message;
    std::string file;  // the file it concerns; empty: none
};

struct SarifOptions {
    std::filesystem::path source_root = ".";  // %SRCROOT%
    std::string automation_id;                // runAutomationDetails.id; empty = omitted
    std::string tool_version = "0.0.0";
    std::string information_uri = "https://github.com/galias/galias";
    // Written to invocations[0].toolExecutionNotifications; an error among them makes
    // executionSuccessful false (the run did not analyse everything it was given).
    std::vector<ToolNotification> notifications;
};

// artifactLocation for a file: {"uri": "src/a.c", "uriBaseId": "%SRCROOT%"} inside the
// source root, {"uri": "file:///abs/path"} outside it.
nlohmann::json artifact_location(const std::string& file, const std::filesystem::path& source_root);

// The uri artifact_location() gives (what baselines compare).
std::string artifact_uri(const std::string& file, const std::filesystem::path& source_root);

// `rules` are the checks that ran (each becomes a reportingDescriptor, in this order);
// every finding's rule must be among them.
nlohmann::json make_sarif(std::span<const Finding> findings, std::span<const RuleInfo* const> rules,
                          const SarifOptions& options);

// Writes the log (facts/output_file.hpp: temp file + rename; "-" is stdout). Throws
// facts::OutputError when it cannot be written.
void write_json_file(const std::filesystem::path& file, const nlohmann::json& log);

}  // namespace galias::reports
