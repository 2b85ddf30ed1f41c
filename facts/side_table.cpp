#include "facts/side_table.hpp"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "facts/diagnostic.hpp"
#include "facts/input_file.hpp"
#include "facts/output_file.hpp"

namespace galias::facts {

std::string escape_field(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    // A leading '#' would turn a record into a comment line when the field comes first.
    if (!text.empty() && text.front() == '#') {
        out += "\\#";
        text.remove_prefix(1);
    }
    for (char c : text) {
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
                out += c;
        }
    }
    return out;
}

std::string unescape_field(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\' || i + 1 == text.size()) {
            out += text[i];
            continue;
        }
        switch (text[++i]) {
            case 't':
                out += '\t';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case '\\':
                out += '\\';
                break;
            case '#':
                out += '#';
                break;
            default:  // not an escape we write: keep it as it was
                out += '\\';
                out += text[i];
        }
    }
    return out;
}

std::string TableRecord::text(std::size_t column) const {
    return unescape_field(fields_.at(column));
}

std::uint64_t TableRecord::u64(std::size_t column) const {
    std::string_view field = fields_.at(column);
    std::uint64_t value = 0;
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (field.empty() || ec != std::errc() || end != field.data() + field.size()) {
        fail("column " + std::to_string(column + 1) + ": '" + excerpt(field) +
             "' is not an unsigned integer");
    }
    return value;
}

std::uint32_t TableRecord::u32(std::size_t column) const {
    const std::uint64_t value = u64(column);
    if (value > std::numeric_limits<std::uint32_t>::max()) {
        fail("column " + std::to_string(column + 1) + ": " + std::to_string(value) +
             " does not fit in 32 bits");
    }
    return static_cast<std::uint32_t>(value);
}

void TableRecord::fail(const std::string& message) const {
    throw DiagnosticError(SourceLocation{file_, line_, 0}, message);
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

}  // namespace detail

TableWriter::TableWriter(std::string_view header) {
    out_ += '#';
    out_ += header;
    out_ += '\n';
}

TableWriter& TableWriter::text(std::string_view value) {
    if (!at_line_start_) out_ += '\t';
    out_ += escape_field(value);
    at_line_start_ = false;
    return *this;
}

TableWriter& TableWriter::number(std::uint64_t value) {
    if (!at_line_start_) out_ += '\t';
    out_ += std::to_string(value);
    at_line_start_ = false;
    return *this;
}

void TableWriter::end_record() {
    out_ += '\n';
    at_line_start_ = true;
}

void TableWriter::write(const std::filesystem::path& file) const {
    write_output_file(file, out_);
}

}  // namespace galias::facts
