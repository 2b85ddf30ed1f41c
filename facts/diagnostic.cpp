#include "facts/diagnostic.hpp"

namespace galias {

std::string SourceLocation::str() const {
    std::string out = file;
    if (line != 0) {
        out += ':' + std::to_string(line);
        if (column != 0) out += ':' + std::to_string(column);
    }
    return out;
}

static const char* severity_name(Severity severity) {
    switch (severity) {
        case Severity::Note:
            return "note";
        case Severity::Warning:
            return "warning";
        case Severity::Error:
            return "error";
    }
    return "error";
}

std::string Diagnostic::str() const {
    std::string out;
    if (location.known()) out += printable(location.str()) + ": ";
    out += severity_name(severity);
    out += ": ";
    out += printable(message);
    for (const DiagnosticNote& note : notes) {
        out += '\n';
        if (note.location.known()) out += printable(note.location.str()) + ": ";
        out += "note: " + printable(note.message);
    }
    return out;
}

std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF)
        length = 3;
    else if (lead >= 0xF0 && lead <= 0xF4)
        length = 4;
    else
        return 0;
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    // Overlong forms, surrogates and code points past U+10FFFF.
    if (lead == 0xE0 && byte(i + 1) < 0xA0) return 0;
    if (lead == 0xED && byte(i + 1) >= 0xA0) return 0;
    if (lead == 0xF0 && byte(i + 1) < 0x90) return 0;
    if (lead == 0xF4 && byte(i + 1) >= 0x90) return 0;
    return length;
}

namespace {

void append_escaped_byte(std::string& out, unsigned char byte) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const std::size_t length = utf8_sequence_length(text, i);
        if (length == 0 || byte < 0x20 || byte == 0x7F) {
            append_escaped_byte(out, byte);
            ++i;
            continue;
        }
        out.append(text.substr(i, length));
        i += length;
    }
    return out;
}

std::string excerpt(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return std::string(text);
    std::size_t cut = max_bytes;
    // Back up to the start of a UTF-8 sequence (at most three continuation bytes).
    for (int k = 0; k < 3 && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80; ++k) --cut;
    return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " bytes)";
}

DiagnosticError::DiagnosticError(Diagnostic diagnostic)
    : std::runtime_error(diagnostic.str()), diagnostic_(std::move(diagnostic)) {}

DiagnosticError::DiagnosticError(SourceLocation location, const std::string& message)
    : DiagnosticError(Diagnostic{Severity::Error, std::move(location), message, {}}) {}

}  // namespace galias
