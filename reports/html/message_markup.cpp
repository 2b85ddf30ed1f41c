#include "reports/html/message_markup.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reports/html/escape.hpp"

namespace galias::reports::html {

namespace {

// A piece of a message: text, or a link "[text](id)".
struct MessagePart {
    std::string text;
    std::optional<std::string> target;  // the link's id
};

bool all_digits(std::string_view text) {
    return !text.empty() &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::vector<MessagePart> split_links(std::string_view message) {
    std::vector<MessagePart> parts(1);
    for (std::size_t i = 0; i < message.size(); ++i) {
        const char c = message[i];
        if (c == '\\' && i + 1 < message.size() && (message[i + 1] == '[' || message[i + 1] == ']')) {
            parts.back().text += message[++i];
            continue;
        }
        if (c == '[') {
            const std::size_t close = message.find("](", i + 1);
            const std::size_t end = close == std::string_view::npos ? close : message.find(')', close + 2);
            if (end != std::string_view::npos && all_digits(message.substr(close + 2, end - close - 2))) {
                parts.push_back({std::string(message.substr(i + 1, close - i - 1)),
                                 std::string(message.substr(close + 2, end - close - 2))});
                parts.emplace_back();
                i = end;
                continue;
            }
        }
        parts.back().text += c;
    }
    return parts;
}

// Escaped text with `code` spans in <code>.
std::string text_html(std::string_view text) {
    std::string out;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t open = text.find('`', at);
        const std::size_t close = open == std::string_view::npos ? open : text.find('`', open + 1);
        if (close == std::string_view::npos) {
            out += escape_html(text.substr(at));
            break;
        }
        out += escape_html(text.substr(at, open - at));
        out += "<code>" + escape_html(text.substr(open + 1, close - open - 1)) + "</code>";
        at = close + 1;
    }
    return out;
}

void add_code_spans(std::string_view text, std::vector<std::string>& names) {
    std::size_t at = 0;
    while ((at = text.find('`', at)) != std::string_view::npos) {
        const std::size_t end = text.find('`', at + 1);
        if (end == std::string_view::npos) break;
        names.emplace_back(text.substr(at + 1, end - at - 1));
        at = end + 1;
    }
}

}  // namespace

std::string message_html(std::string_view message) {
    std::string out;
    for (const MessagePart& part : split_links(message)) {
        if (part.target) {
            out += fmt::format("<a href=\"#related-{}\">{}</a>", *part.target, text_html(part.text));
        } else {
            out += text_html(part.text);
        }
    }
    return out;
}

std::string message_plain(std::string_view message) {
    std::string out;
    for (const MessagePart& part : split_links(message)) out += part.text;
    return out;
}

std::vector<NamedObject> named_objects(const Result& result) {
    std::vector<std::string> names;
    for (const MessagePart& part : split_links(result.message)) {
        if (part.target) {
            // "[str](1)" names an object when location 1 speaks of `str`; "[released](1)"
            // names a place.
            const std::string quoted = "`" + part.text + "`";
            const bool object =
                std::any_of(result.related.begin(), result.related.end(), [&](const Location& r) {
                    return r.id && std::to_string(*r.id) == *part.target &&
                           r.message.find(quoted) != std::string::npos;
                });
            if (object) names.push_back(part.text);
        } else {
            add_code_spans(part.text, names);
        }
    }
    std::vector<NamedObject> objects;
    for (const std::string& name : names) {
        const bool seen = std::any_of(objects.begin(), objects.end(),
                                      [&](const NamedObject& object) { return object.name == name; });
        if (name.empty() || seen) continue;
        NamedObject object{name, std::nullopt};
        const std::string quoted = "`" + name + "`";
        for (std::size_t i = 0; i < result.related.size() && !object.related; ++i)
            if (result.related[i].message.find(quoted) != std::string::npos) object.related = i;
        objects.push_back(std::move(object));
    }
    return objects;
}

}  // namespace galias::reports::html
