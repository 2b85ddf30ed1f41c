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

std::string rule_of(const Result& result) {
    return result.rule_id.empty() ? "(no rule)" : result.rule_id;
}

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
    if (!info.source_root.empty())
        out += fmt::format(" &middot; sources from <code>{}</code>", escape_html(info.source_root));
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
    std::string out =
        "<section id=\"summary\">\n<h2>Findings by rule and level</h2>\n<table "
        "class=\"counts\">\n<thead><tr><th>rule</th>";
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
        out += cell(all, "rule=" + fragment_value(rule) + "&level=all") + "</tr>\n";
    }
    out += "<tr class=\"total\"><th>all</th>";
    for (std::string_view level : levels)
        out += cell(per_level[std::string(level)], "level=" + fragment_value(level));
    out += cell(log.results.size(), "level=all") + "</tr>\n</tbody>\n</table>\n</section>\n";
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

// The levels as check boxes, each with its count; errors and warnings checked (report.js
// sets them from the URL, with the same default).
std::string level_boxes_html(const SarifLog& log) {
    std::map<std::string, std::size_t, std::less<>> per_level;
    for (const Result& result : log.results) ++per_level[result.level];
    std::string out = "<fieldset id=\"filter-levels\"><legend>Levels</legend>";
    for (std::string_view level : kLevels) {
        const auto found = per_level.find(level);
        const std::size_t count = found == per_level.end() ? 0 : found->second;
        const bool shown = level == "error" || level == "warning";
        if (count == 0 && !shown) continue;
        out += fmt::format("<label><input type=\"checkbox\" name=\"level\" value=\"{}\"{}> {} {}</label>",
                           level, shown ? " checked" : "", level_badge(level), count);
    }
    out += "</fieldset>\n";
    return out;
}

std::string filters_html(const SarifLog& log, const std::vector<std::string>& rules) {
    std::set<std::string> files;
    for (const Result& result : log.results)
        if (result.location.known()) files.insert(file_of(result));
    std::string out = "<form id=\"filters\" onsubmit=\"return false\">\n";
    out += level_boxes_html(log);
    out += select_html("filter-rule", "Rule", rules);
    out += select_html("filter-file", "File", std::vector<std::string>(files.begin(), files.end()));
    out += "<label>Text<input type=\"search\" id=\"filter-text\" placeholder=\"in any column\"></label>\n";
    out += "<button type=\"button\" id=\"filter-reset\">Errors and warnings</button>\n</form>\n";
    return out;
}

std::string table_html(const SarifLog& log) {
    std::string out =
        log.results.empty()
            ? std::string("<p id=\"shown\" aria-live=\"polite\">The log has no findings.</p>\n")
            : fmt::format(
                  "<p id=\"shown\" aria-live=\"polite\">{} findings. The list needs JavaScript; each "
                  "finding has its page, <a href=\"findings/1.html\">findings/1.html</a> to "
                  "<code>findings/{}.html</code>.</p>\n",
                  log.results.size(), log.results.size());
    out +=
        "<table id=\"findings\">\n<thead><tr><th data-sort=\"n\">#</th>"
        "<th data-sort=\"level\" aria-sort=\"descending\">level</th><th data-sort=\"rule\">rule</th>"
        "<th data-sort=\"location\">location</th><th data-sort=\"message\">message</th></tr></thead>\n"
        "<tbody></tbody>\n</table>\n<nav id=\"pager\" aria-label=\"pages of findings\"></nav>\n";
    return out;
}

void append_json_number(std::string& out, std::uint64_t value) {
    fmt::format_to(std::back_inserter(out), "{}", value);
}

}  // namespace

std::string json_string(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\t':
                out += "\\t";
                break;
            case '<':
                out += "\\u003c";
                break;
            case '>':
                out += "\\u003e";
                break;
            case '&':
                out += "\\u0026";
                break;
            default:
                if (byte < 0x20) {
                    fmt::format_to(std::back_inserter(out), "\\u{:04x}", byte);
                } else {
                    out += c;
                }
        }
    }
    out += '"';
    return out;
}

std::string findings_json(const SarifLog& log) {
    const std::vector<std::string> rules = rules_in_order(log);
    std::map<std::string, std::size_t, std::less<>> rule_index;
    for (std::size_t i = 0; i < rules.size(); ++i) rule_index.emplace(rules[i], i);
    std::vector<std::string> files;
    std::map<std::string, std::size_t, std::less<>> file_index;
    for (const Result& result : log.results) {
        if (!result.location.known()) continue;
        const std::string file = file_of(result);
        if (file_index.emplace(file, files.size()).second) files.push_back(file);
    }
    std::string out = "{\"rules\":[";
    for (std::size_t i = 0; i < rules.size(); ++i)
        out += (i == 0 ? "" : ",") + json_string(valid_utf8(rules[i]));
    out += "],\n\"files\":[";
    for (std::size_t i = 0; i < files.size(); ++i) out += (i == 0 ? "" : ",") + json_string(files[i]);
    out += "],\n\"findings\":[\n";
    for (std::size_t i = 0; i < log.results.size(); ++i) {
        const Result& result = log.results[i];
        out += i == 0 ? "[" : ",\n[";
        append_json_number(out, result.number);
        out += ',' + json_string(valid_utf8(result.level)) + ',';
        append_json_number(out, rule_index.find(rule_of(result))->second);
        out += ',';
        if (result.location.known()) {
            append_json_number(out, file_index.find(file_of(result))->second);
        } else {
            out += "-1";
        }
        out += ',';
        append_json_number(out, result.location.region.start_line);
        out += ',';
        append_json_number(out, result.location.region.start_column);
        out += ',' + json_string(valid_utf8(message_plain(result.message))) + ']';
    }
    out += "]}\n";
    return out;
}

std::string finding_page_path(const Result& result) {
    return fmt::format("findings/{}.html", result.number);
}

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
    out += "</section>\n<script type=\"application/json\" id=\"findings-data\">\n";
    out += findings_json(log);
    out += "</script>\n<script src=\"report.js\"></script>\n</body>\n</html>\n";
    return out;
}

}  // namespace galias::reports::html
