#include "facts/tsv.hpp"

#include <tbb/parallel_for.h>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <system_error>

#include "facts/diagnostic.hpp"

namespace galias::facts {

const char* column_type_name(ColumnType type) {
    switch (type) {
        case ColumnType::Number: return "number";
        case ColumnType::Unsigned: return "unsigned";
        case ColumnType::Symbol: return "symbol";
    }
    return "?";
}

namespace {

std::string_view trim_spaces(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

[[noreturn]] void fail(const std::string& name, std::uint32_t line, const std::string& message) {
    throw DiagnosticError(SourceLocation{name, line, 0}, message);
}

std::uint32_t parse_cell(std::string_view field, ColumnType type, std::size_t column,
                         const std::string& name, std::uint32_t line, StringInterner& symbols) {
    if (type == ColumnType::Symbol) return symbols.intern(field);
    std::string_view digits = trim_spaces(field);
    if (type == ColumnType::Number) {
        std::int64_t value = 0;
        auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() ||
            value < std::numeric_limits<std::int32_t>::min() ||
            value > std::numeric_limits<std::int32_t>::max())
            fail(name, line, "column " + std::to_string(column + 1) + ": '" + std::string(field) +
                                 "' is not a number (signed 32-bit integer)");
        return static_cast<std::uint32_t>(static_cast<std::int32_t>(value));
    }
    std::uint64_t value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() ||
        value > std::numeric_limits<std::uint32_t>::max())
        fail(name, line, "column " + std::to_string(column + 1) + ": '" + std::string(field) +
                             "' is not an unsigned 32-bit integer");
    return static_cast<std::uint32_t>(value);
}

}  // namespace

void parse_tsv(std::string_view text, const std::string& name, std::span<const ColumnType> columns,
               const TsvFormat& format, StringInterner& symbols, std::vector<std::uint32_t>& rows) {
    const std::size_t arity = columns.size();
    std::uint32_t line_number = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trim_spaces(line).empty()) continue;  // blank lines (often the last one) carry no tuple
        if (arity == 0) {
            fail(name, line_number, "relation has no columns but the line is not empty");
        }
        std::size_t column = 0;
        std::size_t start = 0;
        while (true) {
            std::size_t stop = line.find(format.delimiter, start);
            std::string_view field = line.substr(start, stop == std::string_view::npos ? line.size() - start : stop - start);
            if (column >= arity) {
                fail(name, line_number, "expected " + std::to_string(arity) + " columns, found more");
            }
            rows.push_back(parse_cell(field, columns[column], column, name, line_number, symbols));
            ++column;
            if (stop == std::string_view::npos) break;
            start = stop + 1;
        }
        if (column != arity) {
            fail(name, line_number, "expected " + std::to_string(arity) + " columns, found " + std::to_string(column));
        }
    }
}

void read_tsv(const std::filesystem::path& file, std::span<const ColumnType> columns,
              const TsvFormat& format, StringInterner& symbols, std::vector<std::uint32_t>& rows) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        throw DiagnosticError(SourceLocation{file.string(), 0, 0},
                              std::string("cannot open fact file: ") + std::strerror(errno));
    }
    std::string text;
    in.seekg(0, std::ios::end);
    text.resize(static_cast<std::size_t>(in.tellg()));
    in.seekg(0);
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    parse_tsv(text, file.string(), columns, format, symbols, rows);
}

std::string format_cell(std::uint32_t cell, ColumnType type, const StringInterner& symbols) {
    switch (type) {
        case ColumnType::Number: return std::to_string(static_cast<std::int32_t>(cell));
        case ColumnType::Unsigned: return std::to_string(cell);
        case ColumnType::Symbol: return std::string(symbols.lookup(cell));
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
                    auto res = std::to_chars(digits, digits + sizeof digits, static_cast<std::int32_t>(row[c]));
                    out.append(digits, res.ptr);
                    break;
                }
                case ColumnType::Unsigned: {
                    auto res = std::to_chars(digits, digits + sizeof digits, row[c]);
                    out.append(digits, res.ptr);
                    break;
                }
                case ColumnType::Symbol: out.append(symbols.lookup(row[c])); break;
            }
        }
        out.push_back('\n');
    }
}

}  // namespace

void write_tsv(const std::filesystem::path& file, const std::uint32_t* rows, std::size_t count,
               std::span<const ColumnType> columns, const TsvFormat& format,
               const StringInterner& symbols) {
    std::filesystem::path temp = file;
    temp += ".tmp";
    std::FILE* out = std::fopen(temp.c_str(), "wb");
    if (out == nullptr) {
        throw std::runtime_error("cannot write " + temp.string() + ": " + std::strerror(errno));
    }
    // Format blocks of rows in parallel, write them in order; memory stays bounded by the batch.
    constexpr std::size_t kBlockRows = 1 << 18;
    constexpr std::size_t kBatchBlocks = 16;
    std::vector<std::string> blocks(kBatchBlocks);
    bool ok = true;
    for (std::size_t batch_start = 0; batch_start < count && ok; batch_start += kBlockRows * kBatchBlocks) {
        const std::size_t batch_blocks =
            std::min(kBatchBlocks, (count - batch_start + kBlockRows - 1) / kBlockRows);
        tbb::parallel_for(std::size_t{0}, batch_blocks, [&](std::size_t b) {
            const std::size_t first = batch_start + b * kBlockRows;
            const std::size_t last = std::min(count, first + kBlockRows);
            blocks[b].clear();
            format_rows(rows, first, last, columns, format.delimiter, symbols, blocks[b]);
        });
        for (std::size_t b = 0; b < batch_blocks && ok; ++b) {
            ok = std::fwrite(blocks[b].data(), 1, blocks[b].size(), out) == blocks[b].size();
        }
    }
    ok = (std::fclose(out) == 0) && ok;
    if (!ok) {
        std::filesystem::remove(temp);
        throw std::runtime_error("cannot write " + temp.string() + ": " + std::strerror(errno));
    }
    std::filesystem::rename(temp, file);
}

}  // namespace galias::facts
