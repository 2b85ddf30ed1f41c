#include "facts/side_table.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

#include "facts/diagnostic.hpp"
#include "facts/escapes.hpp"
#include "facts/input_file.hpp"
#include "facts/output_file.hpp"

namespace galias::facts {

void TableRecord::fail(const std::string& message) const {
    throw DiagnosticError(SourceLocation{std::string(file_), line_, 0}, message);
}

std::string Cell::text() const {
    return unescaped(raw(), kSideTableEscapes);
}

void Cell::fail(const std::string& message) const {
    record_.fail("column " + std::to_string(index_ + 1) + " (" + std::string(column_) + "): " + message);
}

namespace {}  // namespace

void Unsigned::write(std::uint64_t value, std::string& cell) {
    cell = std::to_string(value);
}

void Unsigned::read(const Cell& cell, std::uint64_t& value) {
    const std::optional<std::uint64_t> number = whole_number<std::uint64_t>(cell.raw());
    if (!number) cell.fail("'" + excerpt(cell.raw()) + "' is not an unsigned integer");
    value = *number;
}

void Unsigned::read(const Cell& cell, std::uint32_t& value) {
    std::uint64_t wide = 0;
    read(cell, wide);
    if (wide > std::numeric_limits<std::uint32_t>::max())
        cell.fail(std::to_string(wide) + " does not fit in 32 bits");
    value = static_cast<std::uint32_t>(wide);
}

void fail_unknown_name(const Cell& cell, std::string_view what) {
    cell.fail("unknown " + std::string(what) + " '" + excerpt(cell.text()) + "'");
}

void Flag::read(const Cell& cell, bool& value) {
    if (cell.raw() != "0" && cell.raw() != "1")
        cell.fail("expected 0 or 1, found '" + excerpt(cell.raw()) + "'");
    value = cell.raw() == "1";
}

void IntegerOrNone::write(const std::optional<std::int64_t>& value, std::string& cell) {
    cell = value ? std::to_string(*value) : std::string("-");
}

void IntegerOrNone::read(const Cell& cell, std::optional<std::int64_t>& value) {
    if (cell.raw() == "-") {
        value.reset();
        return;
    }
    value = whole_number<std::int64_t>(cell.raw());
    if (!value) cell.fail("expected an integer or '-', found '" + excerpt(cell.raw()) + "'");
}

void OffsetOrNone::write(std::int64_t value, std::string& cell) {
    cell = value < 0 ? std::string("-") : std::to_string(value);
}

void OffsetOrNone::read(const Cell& cell, std::int64_t& value) {
    if (cell.raw() == "-") {
        value = -1;
        return;
    }
    const std::optional<std::int64_t> number = whole_number<std::int64_t>(cell.raw());
    if (!number || *number < 0)
        cell.fail("expected an unsigned integer or '-', found '" + excerpt(cell.raw()) + "'");
    value = *number;
}

void UnsignedList::write(const std::vector<std::uint32_t>& values, std::string& cell) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i != 0) cell += ',';
        cell += std::to_string(values[i]);
    }
}

void UnsignedList::read(const Cell& cell, std::vector<std::uint32_t>& values) {
    const std::string_view text = cell.raw();
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t stop = text.find(',', start);
        if (stop == std::string_view::npos) stop = text.size();
        const std::optional<std::uint32_t> number =
            whole_number<std::uint32_t>(text.substr(start, stop - start));
        if (!number) cell.fail("bad number list '" + excerpt(text) + "'");
        values.push_back(*number);
        start = stop + 1;
    }
}

namespace detail {

std::string read_whole_file(const std::filesystem::path& file, bool& exists) {
    std::error_code ec;
    exists = std::filesystem::exists(file, ec);
    if (!exists) return {};
    return read_input_file(file, "side table");
}

void split_record(std::string_view line, std::vector<std::string_view>& fields) {
    fields.clear();
    std::size_t start = 0;
    while (true) {
        const std::size_t stop = line.find('\t', start);
        if (stop == std::string_view::npos) {
            fields.push_back(line.substr(start));
            return;
        }
        fields.push_back(line.substr(start, stop - start));
        start = stop + 1;
    }
}

void append_cell(std::string& out, std::string_view cell, bool first) {
    if (!first) out += '\t';
    append_escaped(out, cell, kSideTableEscapes);
}

void write_file(const std::filesystem::path& file, const std::string& text) {
    write_output_file(file, text);
}

void fail_columns(const TableRecord& record, std::size_t expected) {
    record.fail("expected " + std::to_string(expected) + " columns, found " + std::to_string(record.size()));
}

}  // namespace detail

std::string markdown_table(std::string_view file, std::string_view summary,
                           std::span<const std::string_view> names, std::span<const std::string_view> types,
                           std::span<const std::string_view> meanings,
                           std::span<const std::span<const std::string_view>> choices) {
    std::string out = "### `" + std::string(file) + "`\n\n" + std::string(summary) + "\n\n";
    out += "| column | type | meaning |\n|---|---|---|\n";
    const auto type_of = [&](std::size_t i) {
        if (choices[i].empty()) return std::string(types[i]);
        std::string words;
        for (const std::string_view choice : choices[i])
            words += (words.empty() ? "`" : ", `") + std::string(choice) + "`";
        return words;
    };
    for (std::size_t first = 0; first < names.size();) {
        std::size_t last = first + 1;
        while (last < names.size() && meanings[last] == meanings[first]) ++last;
        std::string column;
        std::vector<std::string> types_seen;  // each type once: a position is "text, unsigned"
        for (std::size_t i = first; i < last; ++i) {
            column += (i == first ? "`" : ", `") + std::string(names[i]) + "`";
            std::string this_type = type_of(i);
            if (std::find(types_seen.begin(), types_seen.end(), this_type) == types_seen.end())
                types_seen.push_back(std::move(this_type));
        }
        std::string type;
        for (const std::string& t : types_seen) {
            if (!type.empty()) type += ", ";
            type += t;
        }
        out += "| ";
        out += column;
        out += " | ";
        out += type;
        out += " | ";
        out += meanings[first];
        out += " |\n";
        first = last;
    }
    return out;
}

}  // namespace galias::facts
