#include "facts/escapes.hpp"

namespace galias::facts {

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

void append_escaped(std::string& out, std::string_view text, Escapes escapes) {
    static constexpr char kHex[] = "0123456789abcdef";
    if (escapes.leading_hash && !text.empty() && text.front() == '#') {
        out += "\\#";
        text.remove_prefix(1);
    }
    for (const char c : text) {
        switch (c) {
            case '\t':
                out += "\\t";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\\':
                out += "\\\\";
                break;
            default:
                if (c == escapes.delimiter) {
                    out += "\\x";
                    out += kHex[static_cast<unsigned char>(c) >> 4];
                    out += kHex[static_cast<unsigned char>(c) & 0xF];
                } else {
                    out += c;
                }
        }
    }
}

std::string escaped(std::string_view text, Escapes escapes) {
    std::string out;
    out.reserve(text.size());
    append_escaped(out, text, escapes);
    return out;
}

std::string unescaped(std::string_view text, Escapes escapes) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\' || i + 1 == text.size()) {
            out += text[i];
            continue;
        }
        const char next = text[i + 1];
        if (next == 't' || next == 'n' || next == 'r' || next == '\\') {
            out += next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : '\\';
            ++i;
        } else if (next == '#' && escapes.leading_hash) {
            out += '#';
            ++i;
        } else if (next == 'x' && i + 3 < text.size() && hex_digit(text[i + 2]) >= 0 &&
                   hex_digit(text[i + 3]) >= 0) {
            out += static_cast<char>(hex_digit(text[i + 2]) * 16 + hex_digit(text[i + 3]));
            i += 3;
        } else {
            out += text[i];  // not an escape either format writes: kept as it is
        }
    }
    return out;
}

}  // namespace galias::facts
