#include "facts/tsv.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <system_error>

#include "facts/diagnostic.hpp"
#include "facts/escapes.hpp"
#include "facts/input_file.hpp"
#include "facts/output_file.hpp"

namespace galias::facts {

const char* column_type_name(ColumnType type) {
    switch (type) {
        case ColumnType::Number:
            return "number";
        case ColumnType::Unsigned:
            return "unsigned";
        case ColumnType::Symbol:
            return "symbol";
    }
    return "?";
}

namespace {

std::string_view trim_spaces(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

[[noreturn]] void fail(const std::string& name, std::uint64_t line, const std::string& message) {
    throw DiagnosticError(
        SourceLocation{name, static_cast<std::uint32_t>(std::min<std::uint64_t>(line, UINT32_MAX)), 0},
        message);
}

std::uint32_t parse_cell(std::string_view field, ColumnType type, std::size_t column, const std::string& name,
                         std::uint64_t line, StringInterner& symbols) {
    if (type == ColumnType::Symbol) {
        if (field.find('\\') == std::string_view::npos) return symbols.intern(field);
        return symbols.intern(unescaped(field, Escapes{}));
    }
    std::string_view digits = trim_spaces(field);
    if (type == ColumnType::Number) {
        std::int64_t value = 0;
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() ||
            value < std::numeric_limits<std::int32_t>::min() ||
            value > std::numeric_limits<std::int32_t>::max())
            fail(name, line,
                 "column " + std::to_string(column + 1) + ": '" + excerpt(field) +
                     "' is not a number (signed 32-bit integer)");
        return static_cast<std::uint32_t>(static_cast<std::int32_t>(value));
    }
    std::uint64_t value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() ||
        value > std::numeric_limits<std::uint32_t>::max())
        fail(name, line,
             "column " + std::to_string(column + 1) + ": '" + excerpt(field) +
                 "' is not an unsigned 32-bit integer");
    return static_cast<std::uint32_t>(value);
}

// Parses one line (without its '\n') into `rows`.
class LineParser {
public:
    LineParser(const std::string& name, std::span<const ColumnType> columns, const TsvFormat& format,
               StringInterner& symbols, std::vector<std::uint32_t>& rows)
        : name_(name),
          columns_(columns),
          format_(format),
          symbols_(symbols),
          rows_(rows),
          has_symbols_(std::find(columns.begin(), columns.end(), ColumnType::Symbol) != columns.end()) {}

    void parse(std::string_view line, std::uint64_t line_number) {
        const std::size_t arity = columns_.size();
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        // An empty line carries no tuple (files often end in one). Nor does a line of blanks
        // when every column is a number; with a symbol column it is a tuple of blank symbols.
        if (line.empty() || (!has_symbols_ && trim_spaces(line).empty())) return;
        if (arity == 0) fail(name_, line_number, "relation has no columns but the line is not empty");
        std::size_t column = 0;
        std::size_t start = 0;
        while (true) {
            const std::size_t stop = line.find(format_.delimiter, start);
            const std::string_view field =
                line.substr(start, stop == std::string_view::npos ? line.size() - start : stop - start);
            if (column >= arity)
                fail(name_, line_number, "expected " + std::to_string(arity) + " columns, found more");
            rows_.push_back(parse_cell(field, columns_[column], column, name_, line_number, symbols_));
            ++column;
            if (stop == std::string_view::npos) break;
            start = stop + 1;
        }
        if (column != arity) {
            rows_.resize(rows_.size() - column);
            fail(name_, line_number,
                 "expected " + std::to_string(arity) + " columns, found " + std::to_string(column));
        }
    }

private:
    const std::string& name_;
    std::span<const ColumnType> columns_;
    const TsvFormat& format_;
    StringInterner& symbols_;
    std::vector<std::uint32_t>& rows_;
    bool has_symbols_;
};

}  // namespace

void parse_tsv(std::string_view text, const std::string& name, std::span<const ColumnType> columns,
               const TsvFormat& format, StringInterner& symbols, std::vector<std::uint32_t>& rows) {
    LineParser parser(name, columns, format, symbols, rows);
    std::uint64_t line_number = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        parser.parse(text.substr(pos, end - pos), ++line_number);
        pos = end + 1;
    }
}

void read_tsv(const std::filesystem::path& file, std::span<const ColumnType> columns, const TsvFormat& format,
              StringInterner& symbols, std::vector<std::uint32_t>& rows) {
    // Streamed in blocks: memory stays at the rows plus one block, whatever the file holds
    // (a pipe, a FIFO, a gigabyte without a line end).
    check_input_file(file, "fact file");
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        throw DiagnosticError(SourceLocation{file.string(), 0, 0},
                              std::string("cannot open fact file: ") + std::strerror(errno));
    }
    const std::string name = file.string();
    LineParser parser(name, columns, format, symbols, rows);
    std::string block(kTsvReadBlockBytes, '\0');
    std::string carry;  // the start of a line that continues in the next block
    std::uint64_t line_number = 0;
    for (;;) {
        in.read(block.data(), static_cast<std::streamsize>(block.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0) break;
        std::string_view data(block.data(), got);
        std::size_t pos = 0;
        for (std::size_t end; (end = data.find('\n', pos)) != std::string_view::npos; pos = end + 1) {
            const std::string_view piece = data.substr(pos, end - pos);
            if (carry.empty()) {
                parser.parse(piece, ++line_number);
            } else {
                carry.append(piece);
                parser.parse(carry, ++line_number);
                carry.clear();
            }
        }
        carry.append(data.substr(pos));
        if (carry.size() > kTsvMaxLineBytes)
            fail(name, line_number + 1,
                 "line longer than " + std::to_string(kTsvMaxLineBytes) + " bytes (it starts '" +
                     excerpt(carry) + "')");
    }
    if (in.bad()) fail(name, line_number, std::string("read error: ") + std::strerror(errno));
    if (!carry.empty()) parser.parse(carry, ++line_number);
}

std::string format_cell(std::uint32_t cell, ColumnType type, const StringInterner& symbols) {
    switch (type) {
        case ColumnType::Number:
            return std::to_string(static_cast<std::int32_t>(cell));
        case ColumnType::Unsigned:
            return std::to_string(cell);
        case ColumnType::Symbol: {
            std::string out;
            append_escaped(out, symbols.lookup(cell), Escapes{});
            return out;
        }
    }
    return {};
}

namespace {

// Appends the text of rows [first, last) to `out`.
void format_rows(const std::uint32_t* rows, std::size_t first, std::size_t last,
                 std::span<const ColumnType> columns, char delimiter, const StringInterner& symbols,
                 std::string& out) {
    const std::size_t arity = columns.size();
    char digits[16];
    for (std::size_t r = first; r < last; ++r) {
        const std::uint32_t* row = rows + r * arity;
        for (std::size_t c = 0; c < arity; ++c) {
            if (c != 0) out.push_back(delimiter);
            switch (columns[c]) {
                case ColumnType::Number: {
                    auto res =
                        std::to_chars(digits, digits + sizeof digits, static_cast<std::int32_t>(row[c]));
                    out.append(digits, res.ptr);
                    break;
                }
                case ColumnType::Unsigned: {
                    auto res = std::to_chars(digits, digits + sizeof digits, row[c]);
                    out.append(digits, res.ptr);
                    break;
                }
                case ColumnType::Symbol:
                    append_escaped(out, symbols.lookup(row[c]), Escapes{delimiter, false});
                    break;
            }
        }
        out.push_back('\n');
    }
}

}  // namespace

void write_tsv(const std::filesystem::path& file, const std::uint32_t* rows, std::size_t count,
               std::span<const ColumnType> columns, const TsvFormat& format, const StringInterner& symbols) {
    OutputFile out(file);
    // Format blocks of rows in parallel, write them in order; memory stays bounded by the batch.
    constexpr std::size_t kBlockRows = 1 << 18;
    constexpr std::size_t kBatchBlocks = 16;
    std::vector<std::string> blocks(kBatchBlocks);
    for (std::size_t batch_start = 0; batch_start < count; batch_start += kBlockRows * kBatchBlocks) {
        const std::size_t batch_blocks =
            std::min(kBatchBlocks, (count - batch_start + kBlockRows - 1) / kBlockRows);
        tbb::parallel_for(std::size_t{0}, batch_blocks, [&](std::size_t b) {
            const std::size_t first = batch_start + b * kBlockRows;
            const std::size_t last = std::min(count, first + kBlockRows);
            blocks[b].clear();
            format_rows(rows, first, last, columns, format.delimiter, symbols, blocks[b]);
        });
        for (std::size_t b = 0; b < batch_blocks; ++b) out.write(blocks[b]);
    }
    out.commit();
}

}  // namespace galias::facts
