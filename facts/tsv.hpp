#pragma once
// Soufflé-compatible fact files: one tuple per line, columns separated by a delimiter
// (tab by default). Tuples are stored as flat rows of 32-bit cells.
//
// Reading is lenient where real files are sloppy and strict where data would be lost:
// CRLF line ends and blank lines are accepted; a wrong column count or a value that does
// not fit its column type is an error naming the file and line.
// Writing goes to a temporary file that is renamed into place, so a failed run never
// leaves a partial output file behind.

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

struct TsvFormat {
    char delimiter = '\t';
};

// Parses a whole fact file; rows are appended to `rows` (arity cells each).
// Throws galias::DiagnosticError with file:line on malformed input, and when the file
// cannot be opened.
void read_tsv(const std::filesystem::path& file, std::span<const ColumnType> columns,
              const TsvFormat& format, StringInterner& symbols, std::vector<std::uint32_t>& rows);

// Same, from text already in memory (`name` is used in error messages).
void parse_tsv(std::string_view text, const std::string& name, std::span<const ColumnType> columns,
               const TsvFormat& format, StringInterner& symbols, std::vector<std::uint32_t>& rows);

// Writes `count` rows; atomic (temporary file + rename). Throws std::runtime_error on I/O errors.
void write_tsv(const std::filesystem::path& file, const std::uint32_t* rows, std::size_t count,
               std::span<const ColumnType> columns, const TsvFormat& format,
               const StringInterner& symbols);

// Formats one cell the way write_tsv does.
std::string format_cell(std::uint32_t cell, ColumnType type, const StringInterner& symbols);

}  // namespace galias::facts
