#include "reports/toml_depth.hpp"

#include <vector>

#include "facts/diagnostic.hpp"

namespace galias::reports {

namespace {

bool is_bare_key_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// A one-pass scanner: every step consumes at least one character, nothing recurses.
class DepthScanner {
public:
    DepthScanner(std::string_view text, const std::string& file, std::size_t limit)
        : text_(text), file_(file), limit_(limit) {}

    void run() {
        std::size_t header_depth = 0;
        while (pos_ < text_.size()) {
            skip_blank_lines();
            if (pos_ >= text_.size()) break;
            if (text_[pos_] == '[') {
                while (pos_ < text_.size() && text_[pos_] == '[') ++pos_;
                const std::size_t start = pos_;
                header_depth = key_segments();
                check(header_depth, start);
                skip_to_line_end();
                continue;
            }
            const std::size_t start = pos_;
            const std::size_t depth = header_depth + key_segments();
            check(depth, start);
            skip_spaces();
            if (pos_ < text_.size() && text_[pos_] == '=') {
                ++pos_;
                value(depth);
            } else if (pos_ == start) {
                ++pos_;  // not a key: the TOML parser will say what it is
            }
        }
    }

private:
    struct Open {
        char kind;          // '[' array or '{' inline table
        std::size_t depth;  // of the values or keys directly inside it
    };

    // A value and everything nested in it, with an explicit stack of open arrays and
    // inline tables.
    void value(std::size_t depth) {
        std::vector<Open> open;
        bool want_value = true;  // else: after a value, or want a key inside '{'
        bool want_key = false;
        while (pos_ < text_.size()) {
            const bool in_array = !open.empty() && open.back().kind == '[';
            skip_spaces();
            if (in_array) skip_blank_lines();
            if (pos_ >= text_.size()) return;
            const char c = text_[pos_];
            if (open.empty() && !want_value) return;  // the value of a top-level key is done
            if (c == '\n' || c == '#') {
                if (open.empty()) return;
                // An inline table ends on its line; toml++ reports one that does not.
                if (c == '#')
                    skip_to_line_end();
                else
                    ++pos_;
                continue;
            }
            if (want_key) {
                if (c == '}') {
                    ++pos_;
                    open.pop_back();
                    want_key = false;
                    want_value = false;
                    continue;
                }
                const std::size_t start = pos_;
                const std::size_t key_depth = open.back().depth + key_segments();
                check(key_depth, start);
                skip_spaces();
                // Past the '=', or past one character of what is not a key (the TOML parser
                // will say what it is), so that the scan always moves on.
                if ((pos_ < text_.size() && text_[pos_] == '=') || pos_ == start) ++pos_;
                depth = key_depth;
                want_key = false;
                want_value = true;
                continue;
            }
            if (want_value) {
                if (c == '[') {
                    ++pos_;
                    check(depth + 1, pos_ - 1);
                    open.push_back(Open{'[', depth + 1});
                    depth = depth + 1;
                    continue;  // still want a value (or ']')
                }
                if (c == '{') {
                    ++pos_;
                    open.push_back(Open{'{', depth});
                    want_value = false;
                    want_key = true;
                    continue;
                }
                if (c == ']' && in_array) {
                    close(open, depth, want_value, want_key);
                    continue;
                }
                skip_scalar();
                want_value = false;
                continue;
            }
            // After a value.
            if (c == ',') {
                ++pos_;
                if (in_array) {
                    want_value = true;
                } else {
                    want_key = true;
                }
                continue;
            }
            if (c == ']' || c == '}') {
                close(open, depth, want_value, want_key);
                continue;
            }
            ++pos_;  // not TOML; the parser will say so
        }
    }

    void close(std::vector<Open>& open, std::size_t& depth, bool& want_value, bool& want_key) {
        ++pos_;
        if (!open.empty()) open.pop_back();
        depth = open.empty() ? 0 : open.back().depth;
        want_value = false;
        want_key = false;
    }

    // Skips a string (any of the four kinds) or a bare scalar; consumes at least one char.
    void skip_scalar() {
        const char c = text_[pos_];
        if (c == '"' || c == '\'') {
            skip_string();
            return;
        }
        const std::size_t start = pos_;
        while (pos_ < text_.size()) {
            const char d = text_[pos_];
            if (d == ',' || d == ']' || d == '}' || d == '#' || d == '\n' || d == ' ' || d == '\t' ||
                d == '\r')
                break;
            ++pos_;
        }
        if (pos_ == start) ++pos_;
    }

    void skip_string() {
        const char quote = text_[pos_];
        const bool triple = text_.substr(pos_, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''");
        pos_ += triple ? 3 : 1;
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '\\' && quote == '"') {
                pos_ += 2;
                continue;
            }
            if (c == '\n' && !triple) return;
            if (c == quote) {
                if (!triple) {
                    ++pos_;
                    return;
                }
                if (text_.substr(pos_, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''")) {
                    pos_ += 3;
                    // A closing delimiter may be followed by up to two more quotes of the content.
                    while (pos_ < text_.size() && text_[pos_] == quote) ++pos_;
                    return;
                }
            }
            ++pos_;
        }
    }

    // Segments of a (dotted) key at pos_; 0 when there is no key there.
    std::size_t key_segments() {
        std::size_t segments = 0;
        for (;;) {
            skip_spaces();
            if (pos_ >= text_.size()) break;
            const char c = text_[pos_];
            if (c == '"' || c == '\'') {
                skip_string();
            } else if (is_bare_key_char(c)) {
                while (pos_ < text_.size() && is_bare_key_char(text_[pos_])) ++pos_;
            } else {
                break;
            }
            ++segments;
            skip_spaces();
            if (pos_ < text_.size() && text_[pos_] == '.') {
                ++pos_;
                continue;
            }
            break;
        }
        return segments;
    }

    void skip_spaces() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    }

    void skip_to_line_end() {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    }

    // Blanks, comments and line ends.
    void skip_blank_lines() {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                ++pos_;
            } else if (c == '#') {
                skip_to_line_end();
            } else {
                break;
            }
        }
    }

    void check(std::size_t depth, std::size_t at) const {
        if (depth <= limit_) return;
        std::uint32_t line = 1;
        std::size_t line_start = 0;
        for (std::size_t i = 0; i < at && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                line_start = i + 1;
            }
        }
        throw DiagnosticError(SourceLocation{file_, line, static_cast<std::uint32_t>(at - line_start + 1)},
                              "keys, tables and arrays nest more than " + std::to_string(limit_) +
                                  " levels deep here; galias's configuration needs three");
    }

    std::string_view text_;
    const std::string& file_;
    std::size_t limit_;
    std::size_t pos_ = 0;
};

}  // namespace

void check_toml_depth(std::string_view text, const std::string& file_name, std::size_t limit) {
    DepthScanner(text, file_name, limit).run();
}

}  // namespace galias::reports
