#include "reports/html/page_parts.hpp"

#include <fmt/format.h>

#include "reports/html/escape.hpp"

namespace galias::reports::html {

namespace {

// The byte offset of code point `index` of `text` (its size when past the end).
std::size_t byte_of_code_point(std::string_view text, std::uint32_t index) {
    std::uint32_t seen = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0U) == 0x80U) continue;
        if (seen++ == index) return i;
    }
    return text.size();
}

std::string line_html(const SnippetLine& line) {
    std::string code;
    if (line.mark_end > line.mark_begin) {
        const std::size_t begin = byte_of_code_point(line.text, line.mark_begin);
        const std::size_t end = byte_of_code_point(line.text, line.mark_end);
        const std::string_view text = line.text;
        code = escape_html(text.substr(0, begin)) + "<mark>" + escape_html(text.substr(begin, end - begin)) +
               "</mark>" + escape_html(text.substr(end));
    } else {
        code = escape_html(line.text);
    }
    return fmt::format("<span class=\"line{}\"><span class=\"ln\">{}</span>{}</span>",
                       line.in_region ? " hit" : "", line.number, code);
}

}  // namespace

std::string page_head(std::string_view title, std::string_view root, std::string_view body_class) {
    return fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>{}</title>\n<link rel=\"stylesheet\" href=\"{}style.css\">\n</head>\n<body class=\"{}\">\n",
        escape_html(title), root, body_class);
}

std::string level_badge(std::string_view level) {
    const std::string text = escape_html(level);
    return fmt::format("<span class=\"level {}\">{}</span>", text, text);
}

std::string snippet_html(const Snippet& snippet) {
    if (snippet.lines.empty())
        return fmt::format("<p class=\"missing\">Source not shown: {}.</p>\n", escape_html(snippet.missing));
    std::string out = fmt::format("<div class=\"source\"><div class=\"path\">{}</div><pre class=\"code\">",
                                  escape_html(snippet.path));
    for (const SnippetLine& line : snippet.lines) out += line_html(line);
    out += "</pre></div>\n";
    return out;
}

std::string location_text(const Location& location) {
    if (!location.known()) return "(no location)";
    std::string out = display_name(location.artifact);
    if (location.region.start_line != 0) out += fmt::format(":{}", location.region.start_line);
    if (location.region.start_line != 0 && location.region.start_column != 0)
        out += fmt::format(":{}", location.region.start_column);
    return out;
}

}  // namespace galias::reports::html
