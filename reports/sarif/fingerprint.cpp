#include "reports/sarif/fingerprint.hpp"

#include <fmt/format.h>

#include <cctype>
#include <fstream>

namespace galias::reports {

std::string SourceLines::line(const std::string& file, std::uint32_t number) {
    auto it = files_.find(file);
    if (it == files_.end()) {
        std::vector<std::string> lines;
        std::ifstream in(file, std::ios::binary);
        for (std::string text; std::getline(in, text);) lines.push_back(std::move(text));
        it = files_.emplace(file, std::move(lines)).first;
    }
    if (number == 0 || number > it->second.size()) return {};
    return it->second[number - 1];
}

std::uint64_t fnv1a64(std::string_view text, std::uint64_t seed) {
    std::uint64_t hash = seed;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

void assign_fingerprints(std::vector<Finding>& findings, SourceLines& lines) {
    std::map<std::pair<std::string, std::uint64_t>, unsigned> seen;
    for (Finding& finding : findings) {
        std::string text = lines.line(finding.region.file, finding.region.line);
        std::string squeezed;
        for (char c : text) {
            if (!std::isspace(static_cast<unsigned char>(c))) squeezed.push_back(c);
        }
        // Without the source text, fall back to the line number (still stable run to run).
        if (squeezed.empty()) squeezed = fmt::format("#line{}", finding.region.line);
        std::uint64_t hash = fnv1a64(finding.rule_id);
        hash = fnv1a64(std::string_view("\0", 1), hash);
        hash = fnv1a64(finding.key, hash);
        hash = fnv1a64(std::string_view("\0", 1), hash);
        hash = fnv1a64(finding.context, hash);
        hash = fnv1a64(std::string_view("\0", 1), hash);
        hash = fnv1a64(squeezed, hash);
        unsigned count = ++seen[{finding.region.file, hash}];
        finding.fingerprint = fmt::format("{:016x}:{}", hash, count);
    }
}

}  // namespace galias::reports
