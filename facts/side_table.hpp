#pragma once
// The small tab-separated side tables of a fact directory (symbols.tsv, calls.tsv, ...): a
// header line `#name<TAB>name...`, then one record per line; other lines starting with '#'
// and blank lines are skipped.
//
// Each table is declared once, as a SideTable (facts/program_facts.hpp has them): its file,
// what one line stands for, and its columns in order, each with a name, a type, a meaning,
// and how its cell is written from a row and read back into one. The header line, the
// writer, the reader, the round-trip tests and docs/FACTS.md's column tables all follow
// from that declaration, so a new column is one more entry there.
//
// Unlike the relation files (tsv.hpp), cells hold free text such as file paths, which may
// contain any byte: every cell is escaped on write and unescaped on read (escapes.hpp), so
// every path round-trips, including paths that are not valid UTF-8. A malformed cell is an
// error at file:line that names the column: "column 6 (line): 'x1' is not an unsigned integer".

#include <array>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace galias::facts {

// The whole of `text` as a decimal number of type T, or nullopt.
template <typename T>
std::optional<T> whole_number(std::string_view text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || at != end) return std::nullopt;
    return value;
}

// One record of a side table being read: its fields (still escaped) and where it is.
class TableRecord {
public:
    TableRecord(std::string_view file, std::uint32_t line, std::span<const std::string_view> fields)
        : file_(file), line_(line), fields_(fields) {}

    [[nodiscard]] std::size_t size() const { return fields_.size(); }
    [[nodiscard]] std::string_view field(std::size_t index) const { return fields_[index]; }
    // Throws DiagnosticError at this record's file:line.
    [[noreturn]] void fail(const std::string& message) const;

private:
    std::string_view file_;
    std::uint32_t line_;
    std::span<const std::string_view> fields_;
};

// One cell of a record being read, and which column it is (for messages).
class Cell {
public:
    Cell(const TableRecord& record, std::size_t index, std::string_view column)
        : record_(record), index_(index), column_(column) {}

    [[nodiscard]] std::string_view raw() const { return record_.field(index_); }  // as in the file
    [[nodiscard]] std::string text() const;                                       // unescaped
    // Throws DiagnosticError at the record's file:line: "column 6 (line): MESSAGE".
    [[noreturn]] void fail(const std::string& message) const;

private:
    const TableRecord& record_;
    std::size_t index_;
    std::string_view column_;
};

// A column of a table whose rows are `Row`s.
template <typename Row>
struct Column {
    std::string_view name;
    std::string_view type;     // what a cell holds, as docs/FACTS.md lists it: "text", "unsigned", ...
    std::string_view meaning;  // markdown, for docs/FACTS.md
    std::span<const std::string_view> choices;         // the only words a cell may hold; empty when free
    void (*write)(const Row& row, std::string& cell);  // sets `cell` to the cell's text, unescaped
    void (*read)(const Cell& cell, Row& row);
};

template <typename Row, std::size_t N>
struct SideTable {
    std::string_view file;     // "symbols.tsv"
    std::string_view summary;  // what one line stands for (markdown)
    std::array<Column<Row>, N> columns;
};

// --- Cell formats: how a value of a member is written into a cell and read back ---
// A format has `kType` (its name in docs/FACTS.md), `write(const T&, std::string& cell)` and
// `read(const Cell&, T&)`; one that names enumerators also has `choices()`.

// Free text.
struct Text {
    static constexpr std::string_view kType = "text";
    static void write(const std::string& value, std::string& cell) { cell = value; }
    static void read(const Cell& cell, std::string& value) { value = cell.text(); }
};

// A decimal unsigned integer.
struct Unsigned {
    static constexpr std::string_view kType = "unsigned";
    static void write(std::uint64_t value, std::string& cell);
    static void read(const Cell& cell, std::uint64_t& value);
    static void read(const Cell& cell, std::uint32_t& value);
};

// `0` or `1`.
struct Flag {
    static constexpr std::string_view kType = "0 or 1";
    static void write(bool value, std::string& cell) { cell = value ? "1" : "0"; }
    static void read(const Cell& cell, bool& value);
};

// A decimal integer, or `-` for none.
struct IntegerOrNone {
    static constexpr std::string_view kType = "integer or -";
    static void write(const std::optional<std::int64_t>& value, std::string& cell);
    static void read(const Cell& cell, std::optional<std::int64_t>& value);
};

// A byte offset, or `-` for none (kept as -1).
struct OffsetOrNone {
    static constexpr std::string_view kType = "unsigned or -";
    static void write(std::int64_t value, std::string& cell);
    static void read(const Cell& cell, std::int64_t& value);
};

// Unsigned integers separated by commas; empty for none.
struct UnsignedList {
    static constexpr std::string_view kType = "unsigned, ...";
    static void write(const std::vector<std::uint32_t>& values, std::string& cell);
    static void read(const Cell& cell, std::vector<std::uint32_t>& values);
};

// The names of an enumeration whose enumerators are 0, 1, 2, ... in the order of `names`.
template <typename Enum, std::size_t N>
struct EnumNames {
    std::string_view what;  // for messages: "unknown node kind 'gadget'"
    std::array<std::string_view, N> names;

    [[nodiscard]] constexpr std::string_view name(Enum value) const {
        const auto index = static_cast<std::size_t>(value);
        return index < N ? names[index] : std::string_view("?");
    }
    [[nodiscard]] constexpr std::optional<Enum> parse(std::string_view text) const {
        for (std::size_t i = 0; i < N; ++i) {
            if (names[i] == text) return static_cast<Enum>(i);
        }
        return std::nullopt;
    }
};

// "unknown WHAT 'text'"
[[noreturn]] void fail_unknown_name(const Cell& cell, std::string_view what);

// One of the names of `kNames` (an EnumNames).
template <const auto& kNames>
struct Names {
    static constexpr std::string_view kType = "name";
    static constexpr std::span<const std::string_view> choices() { return kNames.names; }
    template <typename Enum>
    static void write(Enum value, std::string& cell) {
        cell = kNames.name(value);
    }
    template <typename Enum>
    static void read(const Cell& cell, Enum& value) {
        const auto parsed = kNames.parse(cell.raw());
        if (!parsed) fail_unknown_name(cell, kNames.what);
        value = *parsed;
    }
};

// --- Declaring columns ---

namespace detail {
template <typename Member>
struct MemberOf;
template <typename Class, typename Type>
struct MemberOf<Type Class::*> {
    using Row = Class;
};

// row.*first.*second...: a member, or a member of a member (a call's `end.line`).
template <auto... Path, typename Row>
constexpr decltype(auto) member(Row& row) {
    return (row.*....*Path);
}

template <typename Format>
constexpr std::span<const std::string_view> choices() {
    if constexpr (requires { Format::choices(); }) {
        return Format::choices();
    } else {
        return {};
    }
}

template <typename Row>
constexpr std::array<Column<Row>, 1> as_columns(const Column<Row>& column) {
    return {column};
}
template <typename Row, std::size_t N>
constexpr std::array<Column<Row>, N> as_columns(const std::array<Column<Row>, N>& columns) {
    return columns;
}
}  // namespace detail

// The column of a member (`&Node::name`), or of a member of one (`&CallSite::end,
// &SourcePos::line`), in `Format`.
template <typename Format, auto First, auto... Path>
constexpr auto column(std::string_view name, std::string_view meaning) {
    using Row = typename detail::MemberOf<decltype(First)>::Row;
    return Column<Row>{
        name,
        Format::kType,
        meaning,
        detail::choices<Format>(),
        [](const Row& row, std::string& cell) { Format::write(detail::member<First, Path...>(row), cell); },
        [](const Cell& cell, Row& row) { Format::read(cell, detail::member<First, Path...>(row)); },
    };
}

// A column made of the whole row: a row that is one value (a node id), or a cell that packs
// several members (`Format::write(const Row&, ...)` and `Format::read(const Cell&, Row&)`).
template <typename Format, typename Row>
constexpr Column<Row> row_column(std::string_view name, std::string_view meaning) {
    return Column<Row>{
        name,
        Format::kType,
        meaning,
        detail::choices<Format>(),
        [](const Row& row, std::string& cell) { Format::write(row, cell); },
        [](const Cell& cell, Row& row) { Format::read(cell, row); },
    };
}

// A table of `Row`s: its file, what a line stands for, and its columns in order (each a
// Column or an array of them, such as the three of a source position).
template <typename Row, typename... Parts>
constexpr auto side_table(std::string_view file, std::string_view summary, const Parts&... parts) {
    constexpr std::size_t kCount =
        (std::tuple_size_v<decltype(detail::as_columns(std::declval<const Parts&>()))> + ...);
    SideTable<Row, kCount> table{file, summary, {}};
    std::size_t next = 0;
    const auto add = [&](const auto& part) {
        for (const Column<Row>& column : detail::as_columns(part)) table.columns[next++] = column;
    };
    (add(parts), ...);
    return table;
}

// --- Writing and reading a table ---

namespace detail {
std::string read_whole_file(const std::filesystem::path& file, bool& exists);
void split_record(std::string_view line, std::vector<std::string_view>& fields);
void append_cell(std::string& out, std::string_view cell, bool first);
void write_file(const std::filesystem::path& file, const std::string& text);
[[noreturn]] void fail_columns(const TableRecord& record, std::size_t expected);
}  // namespace detail

// "#name<TAB>name...\n"
template <typename Row, std::size_t N>
std::string header_line(const SideTable<Row, N>& table) {
    std::string out = "#";
    for (std::size_t i = 0; i < N; ++i) detail::append_cell(out, table.columns[i].name, i == 0);
    return out + '\n';
}

// Appends `row` as one line. `cell` is scratch space.
template <typename Row, std::size_t N>
void append_row(const SideTable<Row, N>& table, const Row& row, std::string& cell, std::string& out) {
    for (std::size_t i = 0; i < N; ++i) {
        cell.clear();
        table.columns[i].write(row, cell);
        detail::append_cell(out, cell, i == 0);
    }
    out += '\n';
}

// Reads a record into a row (default values first, then each cell).
template <typename Row, std::size_t N>
Row read_row(const SideTable<Row, N>& table, const TableRecord& record) {
    if (record.size() != N) detail::fail_columns(record, N);
    Row row{};
    for (std::size_t i = 0; i < N; ++i) table.columns[i].read(Cell(record, i, table.columns[i].name), row);
    return row;
}

// Writes `rows` to `dir`/table.file, atomically (temporary file + rename). Throws OutputError.
template <typename Row, std::size_t N, typename Rows>
void write_table(const std::filesystem::path& dir, const SideTable<Row, N>& table, const Rows& rows) {
    std::string out = header_line(table);
    std::string cell;
    for (const Row& row : rows) append_row(table, row, cell, out);
    detail::write_file(dir / table.file, out);
}

// Reads `dir`/table.file and calls `on_row(record, row)` for each record, in order. Returns
// false if the file does not exist. Throws DiagnosticError (file:line) on a malformed record.
template <typename Row, std::size_t N, typename OnRow>
bool read_table(const std::filesystem::path& dir, const SideTable<Row, N>& table, OnRow&& on_row) {
    const std::filesystem::path path = dir / table.file;
    bool exists = false;
    const std::string text = detail::read_whole_file(path, exists);
    if (!exists) return false;
    const std::string name = path.string();
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
        const TableRecord record(name, line_number, fields);
        on_row(record, read_row(table, record));
    }
    return true;
}

// docs/FACTS.md's section on one table: a heading, the summary, and a table of its columns
// (adjacent columns with one meaning share a row, as a source position's three do).
template <typename Row, std::size_t N>
std::string markdown(const SideTable<Row, N>& table);

std::string markdown_table(std::string_view file, std::string_view summary,
                           std::span<const std::string_view> names, std::span<const std::string_view> types,
                           std::span<const std::string_view> meanings,
                           std::span<const std::span<const std::string_view>> choices);

template <typename Row, std::size_t N>
std::string markdown(const SideTable<Row, N>& table) {
    std::array<std::string_view, N> names;
    std::array<std::string_view, N> types;
    std::array<std::string_view, N> meanings;
    std::array<std::span<const std::string_view>, N> choices;
    for (std::size_t i = 0; i < N; ++i) {
        names[i] = table.columns[i].name;
        types[i] = table.columns[i].type;
        meanings[i] = table.columns[i].meaning;
        choices[i] = table.columns[i].choices;
    }
    return markdown_table(table.file, table.summary, names, types, meanings, choices);
}

}  // namespace galias::facts
