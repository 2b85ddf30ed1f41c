#pragma once
// The lines a change adds or modifies, for a check of a pull request: only the findings
// whose location, related locations or code flow touch one of them are reported
// (`galias check --changed-since REF`, `--changed-lines DIFF`; docs/CHECKS.md).
//
// Read from a unified diff (`git diff`, `diff -u`): each hunk's lines of the new file that
// are added, and for a hunk that only deletes, the lines on both sides of the deletion (code
// that now runs next to what was removed). Paths are those of the diff's `+++` lines with a
// leading `b/` removed, relative to `root`; `/dev/null` (a deleted file) adds nothing.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reports/finding.hpp"

namespace galias::reports {

class ChangedLines {
public:
    // Throws DiagnosticError (`name:LINE: ...`) for a hunk header it cannot read or a hunk
    // before any file header.
    static ChangedLines from_diff(std::string_view diff, const std::filesystem::path& root,
                                  const std::string& name);
    // `git diff --unified=0 REF` of the working tree in the repository holding `source_root`
    // (paths relative to its top level). Throws DiagnosticError when git is missing, the
    // directory is not in a repository or the ref does not name a commit.
    static ChangedLines from_git(const std::filesystem::path& source_root, const std::string& ref);

    [[nodiscard]] bool touches(const std::string& file, std::uint32_t line) const;
    // The finding's location, a related location or a step of its code flow is on a changed line.
    [[nodiscard]] bool touches(const Finding& finding) const;

    [[nodiscard]] std::size_t files() const { return ranges_.size(); }
    [[nodiscard]] std::size_t lines() const;

private:
    void add(const std::string& file, std::uint32_t first, std::uint32_t last);
    // Absolute, normalized path -> sorted, merged [first, last] line ranges.
    std::map<std::string, std::vector<std::pair<std::uint32_t, std::uint32_t>>> ranges_;
};

}  // namespace galias::reports
