#pragma once
// A finding: what a check reports, independent of the output format (text, JSON, SARIF).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "facts/program_facts.hpp"

namespace galias::reports {

// SARIF's result levels, in increasing order of severity.
enum class Level : std::uint8_t { None, Note, Warning, Error };

const char* level_name(Level level);  // "none", "note", "warning", "error"
std::optional<Level> parse_level(std::string_view name);

// A source range; end is inclusive of the last character (end_column 0 = unknown).
struct SourceRegion {
    std::string file;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint32_t end_line = 0;
    std::uint32_t end_column = 0;

    [[nodiscard]] bool known() const { return !file.empty() && line != 0; }
    static SourceRegion at(const facts::SourcePos& pos, std::uint32_t length = 1);
    static SourceRegion between(const facts::SourcePos& begin, const facts::SourcePos& end);
};

// A place the message links to: "[text](id)" in the message refers to `id`.
struct RelatedLocation {
    int id = 0;
    SourceRegion region;
    std::string message;
};

// One step of a witness path (SARIF codeFlows).
struct FlowStep {
    SourceRegion region;
    std::string message;
};

struct Finding {
    std::string rule_id;
    Level level = Level::Warning;
    // May contain links "[text](id)" to related locations; plain text otherwise.
    std::string message;
    SourceRegion region;
    std::vector<RelatedLocation> related;
    std::vector<FlowStep> witness;
    // Distinguishes two findings of one rule on one line (e.g. the argument pair);
    // part of the fingerprint, never shown.
    std::string key;
    std::string context;      // calling context (only with --per-context)
    std::string fingerprint;  // filled by assign_fingerprints()
    // A function galias does not know to allocate whose result one pointer points into: if
    // it returned fresh memory, the finding would not be reported (allocator_hints.hpp).
    std::string allocator_hint;
};

// The message with "[text](id)" links replaced by "text".
std::string plain_message(std::string_view message);

// Findings in a stable order: file, line, column, rule, key.
void sort_findings(std::vector<Finding>& findings);

}  // namespace galias::reports
