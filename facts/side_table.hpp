#pragma once
// Reading and writing the small tab-separated side tables of a fact directory (symbols.tsv,
// calls.tsv, ...): a header line starting with '#', then one record per line.
//
// Unlike the relation files (tsv.hpp), these hold free text such as file paths, which may
// contain any byte. Text fields are escaped on write (\t, \n, \r, \\ and a leading #) and
// unescaped on read, so every path round-trips, including paths that are not valid UTF-8.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace galias::facts {

std::string escape_field(std::string_view text);
std::string unescape_field(std::string_view text);

// One record of a side table being read: its fields (still escaped) and where it is.
class TableRecord {
public:
    TableRecord(std::string file, std::uint32_t line, std::vector<std::string_view> fields)
        : file_(std::move(file)), line_(line), fields_(std::move(fields)) {}

    [[nodiscard]] std::size_t size() const { return fields_.size(); }
    [[nodiscard]] std::string text(std::size_t column) const;  // unescaped
    [[nodiscard]] std::uint32_t u32(std::size_t column) const;
    [[nodiscard]] std::uint64_t u64(std::size_t column) const;
    // Throws DiagnosticError at this record's file:line.
    [[noreturn]] void fail(const std::string& message) const;

private:
    std::string file_;
    std::uint32_t line_;
    std::vector<std::string_view> fields_;
};

// Reads `file`, skipping '#' lines and blank lines, and calls `on_record` for each record.
// Every record must have exactly `columns` fields. Returns false if the file does not exist.
template <typename OnRecord>
bool read_side_table(const std::filesystem::path& file, std::size_t columns, OnRecord&& on_record);

// Collects lines and writes them atomically (temporary file + rename).
class TableWriter {
public:
    explicit TableWriter(std::string_view header);  // header without the leading '#'
    // Appends one field; text fields are escaped.
    TableWriter& text(std::string_view value);
    TableWriter& number(std::uint64_t value);
    void end_record();
    // Throws OutputError on I/O errors.
    void write(const std::filesystem::path& file) const;

private:
    std::string out_;
    bool at_line_start_ = true;
};

// --- implementation of the template ---
namespace detail {
std::string read_whole_file(const std::filesystem::path& file, bool& exists);
void split_record(std::string_view line, std::vector<std::string_view>& fields);
}  // namespace detail

template <typename OnRecord>
bool read_side_table(const std::filesystem::path& file, std::size_t columns, OnRecord&& on_record) {
    bool exists = false;
    const std::string text = detail::read_whole_file(file, exists);
    if (!exists) return false;
    std::uint32_t line_number = 0;
    std::size_t pos = 0;
    std::vector<std::string_view> fields;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + pos, end - pos);
        pos = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty() || line.front() == '#') continue;
        detail::split_record(line, fields);
        TableRecord record(file.string(), line_number, fields);
        if (fields.size() != columns) {
            record.fail("expected " + std::to_string(columns) + " columns, found " +
                        std::to_string(fields.size()));
        }
        on_record(record);
    }
    return true;
}

}  // namespace galias::facts
