#include "reports/html/index_page.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <tuple>

#include "reports/html/escape.hpp"
#include "reports/html/message_markup.hpp"
#include "reports/html/page_parts.hpp"
#include "reports/html/source_files.hpp"

namespace galias::reports::html {

namespace {

constexpr std::array<std::string_view, 4> kLevels{"error", "warning", "note", "none"};

// `value` percent-encoded for a URL fragment's name=value pair (URLSearchParams decodes it).
std::string fragment_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        const bool unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                                c == '-' || c == '_' || c == '.' || c == '~';
        out += unreserved ? std::string(1, c) : fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
    return out;
}

std::string rule_of(const Result& result) { return result.rule_id.empty() ? "(no rule)" : result.rule_id; }

std::string file_of(const Result& result) {
    return result.location.known() ? display_name(result.location.artifact) : "";
}

// The rules in the order the tool lists them, then any others the results name.
std::vector<std::string> rules_in_order(const SarifLog& log) {
    std::vector<std::string> order;
    const auto add = [&](const std::string& id) {
        if (std::find(order.begin(), order.end(), id) == order.end()) order.push_back(id);
    };
    std::set<std::string> used;
    for (const Result& result : log.results) used.insert(rule_of(result));
    for (const Run& run : log.runs)
        for (const Rule& rule : run.rules)
            if (used.count(rule.id) != 0) add(rule.id);
    for (const Result& result : log.results) add(rule_of(result));
    return order;
}

std::string header_html(const SarifLog& log, const IndexInfo& info) {
    std::string tool;
    if (!log.runs.empty()) tool = log.runs.front().tool_name + " " + log.runs.front().tool_version;
    std::string out = "<header>\n<h1>Alias analysis report</h1>\n<p class=\"meta\">";
    out += fmt::format("{} finding{}", log.results.size(), log.results.size() == 1 ? "" : "s");
    if (!info.log_name.empty()) out += fmt::format(" in <code>{}</code>", escape_html(info.log_name));
    if (!tool.empty()) out += fmt::format(" &middot; {}", escape_html(tool));
    if (!info.source_root.empty()) out += fmt::format(" &middot; sources from <code>{}</code>", escape_html(info.source_root));
    out += "</p>\n</header>\n";
    return out;
}

std::string counts_html(const SarifLog& log, const std::vector<std::string>& rules) {
    std::map<std::pair<std::string, std::string>, std::size_t> counts;
    std::map<std::string, std::size_t> per_level;
    for (const Result& result : log.results) {
        ++counts[{rule_of(result), result.level}];
        ++per_level[result.level];
    }
    std::vector<std::string_view> levels;
    for (std::string_view level : kLevels)
        if (per_level.count(std::string(level)) != 0) levels.push_back(level);
    std::string out = "<section id=\"summary\">\n<h2>Findings by rule and level</h2>\n<table class=\"counts\">\n<thead><tr><th>rule</th>";
    for (std::string_view level : levels) out += "<th>" + level_badge(level) + "</th>";
    out += "<th>all</th></tr></thead>\n<tbody>\n";
    const auto cell = [](std::size_t count, const std::string& hash) {
        if (count == 0) return std::string("<td class=\"count muted\">0</td>");
        return fmt::format("<td class=\"count\"><a href=\"#{}\">{}</a></td>", escape_html(hash), count);
    };
    for (const std::string& rule : rules) {
        out += fmt::format("<tr data-rule=\"{}\"><td>{}</td>", escape_html(rule), escape_html(rule));
        std::size_t all = 0;
        for (std::string_view level : levels) {
            const std::size_t count = counts[{rule, std::string(level)}];
            all += count;
            out += cell(count, fmt::format("rule={}&level={}", fragment_value(rule), fragment_value(level)));
        }
        out += cell(all, "rule=" + fragment_value(rule)) + "</tr>\n";
    }
    out += "<tr class=\"total\"><th>all</th>";
    for (std::string_view level : levels)
        out += cell(per_level[std::string(level)], "level=" + fragment_value(level));
    out += cell(log.results.size(), "") + "</tr>\n</tbody>\n</table>\n</section>\n";
    return out;
}

std::string notifications_html(const SarifLog& log) {
    std::string items;
    for (const Run& run : log.runs) {
        for (const Notification& note : run.notifications) {
            items += fmt::format("<li>{} {}</li>\n", level_badge(note.level.empty() ? "note" : note.level),
                                 message_html(note.message));
        }
    }
    if (items.empty()) return "";
    return "<section id=\"notifications\">\n<h2>About the run</h2>\n<ul>\n" + items + "</ul>\n</section>\n";
}

std::string select_html(const char* id, const char* label, const std::vector<std::string>& values) {
    std::string out = fmt::format("<label>{}<select id=\"{}\"><option value=\"\">all</option>", label, id);
    for (const std::string& value : values)
        out += fmt::format("<option value=\"{}\">{}</option>", escape_html(value), escape_html(value));
    out += "</select></label>\n";
    return out;
}

std::string filters_html(const SarifLog& log, const std::vector<std::string>& rules) {
    std::vector<std::string> levels;
    std::set<std::string> present;
    std::set<std::string> files;
    for (const Result& result : log.results) {
        present.insert(result.level);
        if (result.location.known()) files.insert(file_of(result));
    }
    for (std::string_view level : kLevels)
        if (present.count(std::string(level)) != 0) levels.emplace_back(level);
    std::string out = "<form id=\"filters\" onsubmit=\"return false\">\n";
    out += select_html("filter-rule", "Rule", rules);
    out += select_html("filter-level", "Level", levels);
    out += select_html("filter-file", "File", std::vector<std::string>(files.begin(), files.end()));
    out += "<label>Text<input type=\"search\" id=\"filter-text\" placeholder=\"in any column\"></label>\n";
    out += "<button type=\"reset\">Show all</button>\n</form>\n";
    return out;
}

std::string row_html(const Result& result) {
    const std::string file = file_of(result);
    return fmt::format(
        "<tr data-n=\"{}\" data-level=\"{}\" data-rule=\"{}\" data-file=\"{}\" data-line=\"{}\">"
        "<td class=\"n\">{}</td><td>{}</td><td>{}</td><td class=\"where\"><a href=\"{}\">{}</a></td><td>{}</td></tr>\n",
        result.number, escape_html(result.level), escape_html(rule_of(result)), escape_html(file),
        result.location.region.start_line, result.number, level_badge(result.level), escape_html(rule_of(result)),
        finding_page_path(result), escape_html(location_text(result.location)),
        escape_html(message_plain(result.message)));
}

std::string table_html(const SarifLog& log) {
    // Most severe first, then by place: the order report.js restores for its default sort.
    std::vector<const Result*> order;
    for (const Result& result : log.results) order.push_back(&result);
    std::stable_sort(order.begin(), order.end(), [](const Result* a, const Result* b) {
        const std::string file_a = file_of(*a);
        const std::string file_b = file_of(*b);
        return std::make_tuple(-level_rank(a->level), std::cref(file_a), a->location.region.start_line, a->number) <
               std::make_tuple(-level_rank(b->level), std::cref(file_b), b->location.region.start_line, b->number);
    });
    std::string out = fmt::format(
        "<p id=\"shown\">Showing <span id=\"shown-count\">{}</span> of {} findings. Click a column to sort.</p>\n",
        log.results.size(), log.results.size());
    out +=
        "<table id=\"findings\">\n<thead><tr><th data-sort=\"n\">#</th><th data-sort=\"level\" "
        "aria-sort=\"descending\">level</th><th data-sort=\"rule\">rule</th><th data-sort=\"location\">location</th>"
        "<th data-sort=\"message\">message</th></tr></thead>\n<tbody>\n";
    for (const Result* result : order) out += row_html(*result);
    out += "</tbody>\n</table>\n";
    return out;
}

}  // namespace

std::string finding_page_path(const Result& result) { return fmt::format("findings/{}.html", result.number); }

std::string index_page(const SarifLog& log, const IndexInfo& info) {
    const std::vector<std::string> rules = rules_in_order(log);
    std::string out =
        page_head(info.log_name.empty() ? "galias report" : "galias report: " + info.log_name, "", "index");
    out += header_html(log, info);
    out += counts_html(log, rules);
    out += notifications_html(log);
    out += "<section id=\"list\">\n<h2>Findings</h2>\n";
    out += filters_html(log, rules);
    out += table_html(log);
    out += "</section>\n<script src=\"report.js\"></script>\n</body>\n</html>\n";
    return out;
}

}  // namespace galias::reports::html
