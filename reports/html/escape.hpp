#pragma once
// Escaping for the languages the HTML report writes: HTML text and attributes, Graphviz
// DOT strings, and shell words (the command that reproduces a run). Everything that comes
// from a SARIF log or a source file (messages, file names, code) passes through here
// before it is written, so a message holding `<script>` or a file named `a"b.c` is shown
// as text and never changes the page or the graph.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace galias::reports::html {

// `text` as valid UTF-8: every byte that does not begin a valid sequence becomes U+FFFD.
// Source files are read as bytes (a Latin-1 comment in a C file is common), and an HTML
// page or a DOT graph must be UTF-8 throughout.
std::string valid_utf8(std::string_view text);

// At most `max_chars` code points of `text` (valid UTF-8), with "…" in place of the rest.
std::string shorten(std::string_view text, std::size_t max_chars);

// Text for an HTML element or a double-quoted attribute: & < > " ' as character references.
std::string escape_html(std::string_view text);

// The inside of a DOT double-quoted string, for labels and tooltips. Graphviz reads `\`
// as the start of an escape (\n, \l, \N for the node's name, ...), so every backslash is
// doubled and a double quote escaped; it reads HTML entities in labels, so '&' becomes
// "&amp;"; line breaks become "\n" (a centred line break in a label). Graphviz writes the
// texts into its SVG as XML-escaped text.
std::string escape_dot(std::string_view text);

// `word` as one word of a POSIX shell command: unchanged when it holds only characters no
// shell treats specially, otherwise in single quotes.
std::string shell_quote(std::string_view word);

// The words joined by spaces, each quoted as above.
std::string shell_command(std::span<const std::string> words);

}  // namespace galias::reports::html
