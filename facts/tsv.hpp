#pragma once
// Soufflé-compatible fact files: one tuple per line, columns separated by a delimiter
// (tab by default). Tuples are stored as flat rows of 32-bit cells.
//
// Reading is lenient where real files are sloppy and strict where data would be lost:
// CRLF line ends and empty lines are accepted (a line of blanks too, unless a column is a
// symbol: then it is a tuple of blank symbols); a wrong column count or a value that does
// not fit its column type is an error naming the file and line, quoting at most the first
// 64 bytes of the value. Files are read in blocks (a pipe or FIFO works; memory stays at
// the rows plus one block); a line longer than kTsvMaxLineBytes is an error.
//
// Symbols are written with a tab, newline, carriage return and backslash escaped as \t, \n,
// \r and \\ (and a delimiter other than tab as \xNN), and read back with those escapes
// undone, so every symbol round-trips; a backslash before any other character is read as
// it is. (An empty symbol alone on its line reads back as no tuple.)
// Writing goes through facts/output_file.hpp: a failed run never leaves a partial file.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "facts/string_interner.hpp"

namespace galias::facts {

// `number` is a signed 32-bit integer (stored as its two's complement bits), `unsigned`
// an unsigned one, `symbol` a string interned to an id.
enum class ColumnType : std::uint8_t { Number, Unsigned, Symbol };

const char* column_type_name(ColumnType type);

inline constexpr std::size_t kTsvReadBlockBytes = std::size_t{4} << 20;
inline constexpr std::size_t kTsvMaxLineBytes = std::size_t{1} << 20;

struct TsvFormat {
    char delimiter = '\t';
};

// Parses a whole fact file; rows are appended to `rows` (arity cells each).
// Throws galias::DiagnosticError with file:line on malformed input, and when the file
// cannot be opened.
void read_tsv(const std::filesystem::path& file, std::span<const ColumnType> columns, const TsvFormat& format,
              StringInterner& symbols, std::vector<std::uint32_t>& rows);

// Same, from text already in memory (`name` is used in error messages).
void parse_tsv(std::string_view text, const std::string& name, std::span<const ColumnType> columns,
               const TsvFormat& format, StringInterner& symbols, std::vector<std::uint32_t>& rows);

// Writes `count` rows; atomic (temporary file + rename). Throws OutputError on I/O errors.
void write_tsv(const std::filesystem::path& file, const std::uint32_t* rows, std::size_t count,
               std::span<const ColumnType> columns, const TsvFormat& format, const StringInterner& symbols);

// Formats one cell the way write_tsv does.
std::string format_cell(std::uint32_t cell, ColumnType type, const StringInterner& symbols);

}  // namespace galias::facts
