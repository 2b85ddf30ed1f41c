#include "reports/finding.hpp"

#include <algorithm>
#include <tuple>

namespace galias::reports {

const char* level_name(Level level) {
    switch (level) {
        case Level::None:
            return "none";
        case Level::Note:
            return "note";
        case Level::Warning:
            return "warning";
        case Level::Error:
            return "error";
    }
    return "none";
}

std::optional<Level> parse_level(std::string_view name) {
    for (Level level : {Level::None, Level::Note, Level::Warning, Level::Error}) {
        if (name == level_name(level)) return level;
    }
    return std::nullopt;
}

SourceRegion SourceRegion::at(const facts::SourcePos& pos, std::uint32_t length) {
    SourceRegion region{pos.file, pos.line, pos.column, pos.line, 0};
    if (pos.column != 0) region.end_column = pos.column + (length == 0 ? 0 : length - 1);
    return region;
}

SourceRegion SourceRegion::between(const facts::SourcePos& begin, const facts::SourcePos& end) {
    SourceRegion region = at(begin);
    if (end.line != 0 && (end.line > begin.line || (end.line == begin.line && end.column >= begin.column))) {
        region.end_line = end.line;
        region.end_column = end.column;
    }
    return region;
}

std::string plain_message(std::string_view message) {
    // "[text](12)" -> "text"; other brackets are kept.
    std::string out;
    std::size_t i = 0;
    while (i < message.size()) {
        if (message[i] == '[') {
            std::size_t close = message.find("](", i);
            std::size_t nested = message.find('[', i + 1);
            if (close != std::string_view::npos && (nested == std::string_view::npos || nested > close)) {
                std::size_t end = message.find(')', close);
                bool digits = end != std::string_view::npos && end > close + 2 &&
                              std::all_of(message.begin() + static_cast<std::ptrdiff_t>(close + 2),
                                          message.begin() + static_cast<std::ptrdiff_t>(end),
                                          [](char c) { return c >= '0' && c <= '9'; });
                if (digits) {
                    out.append(message.substr(i + 1, close - i - 1));
                    i = end + 1;
                    continue;
                }
            }
        }
        out.push_back(message[i]);
        ++i;
    }
    return out;
}

void sort_findings(std::vector<Finding>& findings) {
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        return std::tie(a.region.file, a.region.line, a.region.column, a.rule_id, a.key, a.context) <
               std::tie(b.region.file, b.region.line, b.region.column, b.rule_id, b.key, b.context);
    });
}

}  // namespace galias::reports
