#pragma once
// The one escaping of text in galias's fact files: the symbols of the relation files
// (tsv.hpp) and the text cells of the side tables (side_table.hpp). Both may hold any byte
// (file paths that are not UTF-8, names with tabs), and both must come back as written.
//
// Written: tab as \t, newline \n, carriage return \r, backslash \\; a delimiter other than a
// tab as \xNN; and, in the side tables, a '#' at the start of a text as \# (a line that
// starts with '#' is a comment there). Everything else is written as it is.
// Read: those escapes are undone (\# only where it is written); a backslash before any
// other character is kept as it is.

#include <string>
#include <string_view>

namespace galias::facts {

struct Escapes {
    char delimiter = '\t';
    bool leading_hash = false;  // escape a '#' at the start of a text
};

// The side tables: tab-separated, '#' lines are comments.
inline constexpr Escapes kSideTableEscapes{'\t', true};

void append_escaped(std::string& out, std::string_view text, Escapes escapes);
[[nodiscard]] std::string escaped(std::string_view text, Escapes escapes);
[[nodiscard]] std::string unescaped(std::string_view text, Escapes escapes);

}  // namespace galias::facts
