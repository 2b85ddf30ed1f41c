#pragma once
// One diagnostics type for every stage (Datalog front, fact files, C frontend, reports):
// a severity, a message, where it happened and optional notes pointing elsewhere.
// Libraries throw DiagnosticError; only the tool's main decides how to exit.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace galias {

struct SourceLocation {
    std::string file;          // as the user wrote it; empty when unknown
    std::uint32_t line = 0;    // 1-based; 0 = whole file
    std::uint32_t column = 0;  // 1-based; 0 = whole line

    [[nodiscard]] bool known() const { return !file.empty(); }
    // "file:line:col", "file:line" or "file", whichever parts are known.
    [[nodiscard]] std::string str() const;
};

enum class Severity { Note, Warning, Error };

struct DiagnosticNote {
    SourceLocation location;
    std::string message;
};

struct Diagnostic {
    Severity severity = Severity::Error;
    SourceLocation location;
    std::string message;
    std::vector<DiagnosticNote> notes;

    // One line: "file:line:col: error: message" (notes follow on their own lines).
    [[nodiscard]] std::string str() const;
};

// Thrown for bad user input: a program, a fact file, a command-line value.
// Tools map it to exit code 2.
class DiagnosticError : public std::runtime_error {
public:
    explicit DiagnosticError(Diagnostic diagnostic);
    DiagnosticError(SourceLocation location, const std::string& message);
    [[nodiscard]] const Diagnostic& diagnostic() const { return diagnostic_; }

private:
    Diagnostic diagnostic_;
};

// `text` safe to print on a terminal or in a log: control characters (NUL, ESC, newline,
// ...) and bytes that are not part of valid UTF-8 become \xNN; valid UTF-8 stays as it is.
// Diagnostic::str() applies it to every part, so input bytes quoted in a message never
// garble the line.
std::string printable(std::string_view text);

// Length of the valid UTF-8 sequence that starts at text[i] (1 to 4), or 0 when none does
// (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

// At most `max_bytes` of `text` (cut at a character boundary) for quoting a piece of input
// in a message; a longer text ends in "... (N bytes)". Not yet made printable.
std::string excerpt(std::string_view text, std::size_t max_bytes = 64);

}  // namespace galias
