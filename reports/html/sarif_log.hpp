#pragma once
// A SARIF 2.1.0 log read into what the HTML report shows: per run, the tool, its rules and
// their help, the base URIs of the sources and the command line; per result, the rule,
// level, message, location, related locations and code flows. Reading is tolerant, as a
// viewer should be: a result that lacks a part is shown without it; only a file that is not
// a SARIF log at all (not JSON, no "runs" array) is an error.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace galias::reports::html {

// A file as SARIF names it: a URI, relative to the base named by uri_base_id when given.
struct ArtifactRef {
    std::string uri;
    std::string uri_base_id;
};

// SARIF regions: 1-based lines and columns, end_column one past the last character
// (0 when not given).
struct Region {
    std::uint32_t start_line = 0;
    std::uint32_t start_column = 0;
    std::uint32_t end_line = 0;
    std::uint32_t end_column = 0;
};

struct Location {
    ArtifactRef artifact;
    Region region;
    std::string message;
    std::optional<int> id;  // relatedLocations: what "[text](id)" in a message refers to

    [[nodiscard]] bool known() const { return !artifact.uri.empty(); }
};

struct CodeFlow {
    std::string message;
    std::vector<Location> steps;  // the locations of its thread flows, in order
};

struct Rule {
    std::string id;
    std::string name;
    std::string short_description;
    std::string full_description;
    std::string help_text;  // help.text (galias: the rule's page, docs/checks/<id>.md)
    std::string help_uri;
    std::string default_level;
};

struct Notification {
    std::string level;
    std::string descriptor;
    std::string message;
};

struct Run {
    std::string tool_name;
    std::string tool_version;
    std::string automation_id;
    // originalUriBaseIds: base id -> URI ("%SRCROOT%" -> "file:///src/project/").
    std::map<std::string, std::string, std::less<>> base_uris;
    std::string command_line;  // invocations[0].commandLine, or its arguments joined
    std::string working_directory;
    std::vector<Rule> rules;
    std::vector<Notification> notifications;
};

struct Result {
    std::size_t run = 0;     // index into SarifLog::runs
    std::size_t number = 0;  // 1-based position in the log (the finding's page)
    std::string rule_id;
    std::optional<std::size_t> rule_index;  // into runs[run].rules
    std::string level;                      // error, warning, note or none
    std::string message;                    // may link "[text](id)" to related locations
    Location location;
    std::vector<Location> related;
    std::vector<CodeFlow> flows;
    std::string fingerprint;
};

struct SarifLog {
    std::vector<Run> runs;
    std::vector<Result> results;

    // The rule of `result` in its run's tool component, or nullptr.
    [[nodiscard]] const Rule* rule_of(const Result& result) const;
};

// Severity order for sorting: none 0, note 1, warning 2, error 3.
int level_rank(std::string_view level);

// `text` is the log's content, `name` its file name for messages. Throws DiagnosticError
// (file:line:col for JSON syntax errors) when it is not a SARIF log.
SarifLog parse_sarif_log(std::string_view text, const std::string& name);

// Reads and parses `file`; DiagnosticError when it cannot be read or is not a SARIF log.
SarifLog load_sarif_log(const std::filesystem::path& file);

}  // namespace galias::reports::html
