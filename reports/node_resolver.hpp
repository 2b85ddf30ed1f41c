#pragma once
// Turns what a user writes into source nodes:
//   "main::p"        the variable p of function main (the frontend's printable name)
//   "g_buf"          a global (or a variable with that name in exactly one function)
//   "copy.c:42:p"    the variable p at, or in the function around, line 42 of copy.c
// Unknown names throw a DiagnosticError that suggests near names.

#include <string>
#include <string_view>
#include <vector>

#include "facts/diagnostic.hpp"
#include "facts/program_facts.hpp"
#include "reports/alias_oracle.hpp"

namespace galias::reports {

class NodeResolver {
public:
    NodeResolver(const facts::ProgramFacts& facts, const SourceView& view);

    // The source (origin) nodes `spec` names; never empty. `where` locates the spec in
    // error messages (a config entry); without it errors name the spec itself.
    [[nodiscard]] std::vector<NodeId> resolve(std::string_view spec, const SourceLocation& where = {}) const;

    // Up to `limit` known names close to `spec` (edit distance), closest first.
    [[nodiscard]] std::vector<std::string> suggestions(std::string_view spec, std::size_t limit = 3) const;

private:
    [[nodiscard]] std::vector<NodeId> by_name(std::string_view name) const;
    [[nodiscard]] std::vector<NodeId> by_position(std::string_view file, std::uint32_t line,
                                                  std::string_view var) const;
    [[noreturn]] void fail(std::string_view spec, const SourceLocation& where, const std::string& what) const;

    const facts::ProgramFacts& facts_;
    const SourceView& view_;
    std::vector<NodeId> variables_;  // origin nodes users can name
};

// Levenshtein distance.
std::size_t edit_distance(std::string_view a, std::string_view b);

// Whether `file` (as recorded) is `suffix` or ends with "/" + suffix.
bool path_matches(std::string_view file, std::string_view suffix);

}  // namespace galias::reports
