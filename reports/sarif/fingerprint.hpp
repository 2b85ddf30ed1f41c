#pragma once
// partialFingerprints.primaryLocationLineHash: identifies a finding across commits even
// when lines move. The hash covers the rule, the finding's key and the text of the flagged
// line with whitespace removed (not its number); ":N" counts equal hashes within one file
// in line order, as GitHub's own fingerprints do.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "reports/finding.hpp"

namespace galias::reports {

// Reads source lines, caching files; a missing file yields empty lines.
class SourceLines {
public:
    [[nodiscard]] std::string line(const std::string& file, std::uint32_t number);

private:
    std::map<std::string, std::vector<std::string>> files_;
};

std::uint64_t fnv1a64(std::string_view text, std::uint64_t seed = 0xcbf29ce484222325ULL);

// Fills Finding::fingerprint for every finding (expects sort_findings order).
void assign_fingerprints(std::vector<Finding>& findings, SourceLines& lines);

}  // namespace galias::reports
