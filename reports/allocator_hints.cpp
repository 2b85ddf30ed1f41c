#include "reports/allocator_hints.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace galias::reports {

std::vector<AllocatorHint> allocator_hints(const std::vector<Finding>& findings) {
    std::map<std::string, std::size_t> counts;
    for (const Finding& finding : findings) {
        if (!finding.allocator_hint.empty()) ++counts[finding.allocator_hint];
    }
    std::vector<AllocatorHint> hints;
    hints.reserve(counts.size());
    for (const auto& [function, count] : counts) hints.push_back(AllocatorHint{function, count});
    std::stable_sort(hints.begin(), hints.end(),
                     [](const AllocatorHint& a, const AllocatorHint& b) { return a.findings > b.findings; });
    return hints;
}

std::string allocator_hint_text(const std::vector<AllocatorHint>& hints, std::size_t named) {
    if (hints.empty()) return {};
    std::size_t total = 0;
    for (const AllocatorHint& hint : hints) total += hint.findings;
    std::string list;
    for (std::size_t i = 0; i < hints.size() && i < named; ++i) {
        list += fmt::format("{}{} ({})", i == 0 ? "" : ", ", hints[i].function, hints[i].findings);
    }
    if (hints.size() > named) list += fmt::format(" and {} more", hints.size() - named);
    return fmt::format(
        "{} {} would not be reported if {} returned memory no other object holds: {}; name those that "
        "do in `[analysis] allocators` (docs/CHECKS.md, \"Allocators\")",
        total, total == 1 ? "finding" : "findings", hints.size() == 1 ? "this function" : "these functions",
        list);
}

}  // namespace galias::reports
