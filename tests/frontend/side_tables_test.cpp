// The side tables' declarations (facts/program_facts.hpp) drive these tests: every column of
// every table reads back what it writes, a malformed cell is an error naming file:line and
// the column, and docs/FACTS.md's "Side tables" is what the declarations say. A new column
// of a type these tests know needs no new test; a new type needs its examples below.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "facts/diagnostic.hpp"
#include "facts/program_facts.hpp"
#include "facts/side_table.hpp"

namespace galias::facts {
namespace {

// Cells as they stand in a file (escaped), per column type: each reads back as written.
const std::map<std::string_view, std::vector<std::string>>& good_cells() {
    static const std::map<std::string_view, std::vector<std::string>> kGood{
        {"text", {"main::p", "", "odd\\tname\\\\x", "\\#lead", "caf\xe9.c"}},
        {"unsigned", {"0", "7", "4294967295"}},
        {"0 or 1", {"0", "1"}},
        {"integer or -", {"-", "0", "-12", "40"}},
        {"unsigned or -", {"-", "0", "16"}},
        {"unsigned, ...", {"", "0", "0,1,7"}},
        {"node or -", {"-", "0", "42"}},
        {"nodes", {"", "-", "1,-,3"}},
        {"call or -", {"-", "0", "5"}},
        {"loads", {"", "-", "12:340,-,7:340"}},
        {"linear form or -", {"-", "16+28*v0-4*u1"}},
        {"traits", {"-", "compound", "compound,const,bytes=8,alloc=malloc"}},
        {"digits 0, 1, 2", {"", "0120"}},
        {"LINE:COLUMN or -", {"-", "14:9"}},
    };
    return kGood;
}

// A malformed cell per column type (text takes anything; a name column takes its choices).
const std::map<std::string_view, std::string>& bad_cells() {
    static const std::map<std::string_view, std::string> kBad{
        {"unsigned", "x1"},
        {"0 or 1", "2"},
        {"integer or -", "1.5"},
        {"unsigned or -", "-3"},
        {"unsigned, ...", "1,,2"},
        {"node or -", "x"},
        {"nodes", "1,x"},
        {"call or -", "-7"},
        {"loads", "12"},
        {"linear form or -", "1+x"},
        {"traits", "shiny"},
        {"digits 0, 1, 2", "3"},
        {"LINE:COLUMN or -", "0:3"},
        {"name", "gadget"},
    };
    return kBad;
}

// The good cells of a column: its choices, or its type's examples.
template <typename Row>
std::vector<std::string> examples(const Column<Row>& column) {
    if (!column.choices.empty()) return {column.choices.begin(), column.choices.end()};
    const auto found = good_cells().find(column.type);
    return found == good_cells().end() ? std::vector<std::string>{} : found->second;
}

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> fields;
    detail::split_record(line, fields);
    return fields;
}

// The error reading `line` as line 2 of the table's file, or "no error".
template <typename Row, std::size_t N>
std::string read_error(const SideTable<Row, N>& table, const std::string& line) {
    const std::vector<std::string_view> fields = split(line);
    try {
        (void)read_row(table, TableRecord(table.file, 2, fields));
    } catch (const DiagnosticError& e) {
        return e.diagnostic().str();
    }
    return "no error";
}

TEST(SideTables, EveryColumnTypeHasExamples) {
    for_each_side_table([](const auto& table) {
        for (const auto& column : table.columns) {
            EXPECT_FALSE(examples(column).empty())
                << table.file << " " << column.name << ": add examples of '" << column.type
                << "' to this test";
            EXPECT_TRUE(column.choices.empty() == (column.type != "name"));
            EXPECT_FALSE(column.meaning.empty()) << table.file << " " << column.name;
        }
    });
}

TEST(SideTables, HeaderNamesEveryColumnOnce) {
    for_each_side_table([](const auto& table) {
        std::string expected = "#";
        for (const auto& column : table.columns) {
            expected += (expected.size() == 1 ? "" : "\t") + std::string(column.name);
            std::size_t same = 0;
            for (const auto& other : table.columns) same += other.name == column.name ? 1 : 0;
            EXPECT_EQ(same, 1u) << table.file << " " << column.name;
        }
        EXPECT_EQ(header_line(table), expected + "\n");
    });
}

// Line k takes the k-th example of each column (round robin): read, then written, it is the
// same line.
TEST(SideTables, EveryColumnReadsBackWhatItWrites) {
    for_each_side_table([](const auto& table) {
        std::size_t lines = 0;
        for (const auto& column : table.columns) lines = std::max(lines, examples(column).size());
        for (std::size_t k = 0; k < lines; ++k) {
            std::string line;
            for (std::size_t i = 0; i < table.columns.size(); ++i) {
                const std::vector<std::string> cells = examples(table.columns[i]);
                if (cells.empty()) continue;
                line += (i == 0 ? "" : "\t") + cells[k % cells.size()];
            }
            const std::vector<std::string_view> fields = split(line);
            try {
                const auto row = read_row(table, TableRecord(table.file, 2, fields));
                std::string cell;
                std::string written;
                append_row(table, row, cell, written);
                EXPECT_EQ(written, line + "\n") << table.file;
            } catch (const DiagnosticError& e) {
                ADD_FAILURE() << table.file << ": " << e.diagnostic().str();
            }
        }
    });
}

TEST(SideTables, MalformedCellsNameTheFileLineAndColumn) {
    for_each_side_table([](const auto& table) {
        for (std::size_t bad = 0; bad < table.columns.size(); ++bad) {
            const auto found = bad_cells().find(table.columns[bad].type);
            if (found == bad_cells().end()) continue;
            std::string line;
            for (std::size_t i = 0; i < table.columns.size(); ++i)
                line +=
                    (i == 0 ? "" : "\t") + (i == bad ? found->second : examples(table.columns[i]).front());
            const std::string expected = std::string(table.file) + ":2: error: column " +
                                         std::to_string(bad + 1) + " (" +
                                         std::string(table.columns[bad].name) + "): ";
            EXPECT_EQ(read_error(table, line).rfind(expected, 0), 0u)
                << "expected '" << expected << "...', got '" << read_error(table, line) << "'";
        }
        const std::string short_line(table.columns.size() - 1, '\t');  // one column too many
        EXPECT_EQ(read_error(table, short_line + "\tx"),
                  std::string(table.file) + ":2: error: expected " + std::to_string(table.columns.size()) +
                      " columns, found " + std::to_string(table.columns.size() + 1));
    });
}

// Every declared table written, then read, gives the same files again.
TEST(SideTables, FactDirectoryRoundTripsByteForByte) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "galias-side-tables-test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "first");
    // A line of every table with the last example of each column, ids made consistent.
    for_each_side_table([&](const auto& table) {
        std::string text = header_line(table);
        std::string line;
        for (std::size_t i = 0; i < table.columns.size(); ++i) {
            const std::vector<std::string> cells = examples(table.columns[i]);
            std::string cell = cells.back();
            if (table.columns[i].type == "node or -" || table.columns[i].name == "id") cell = "0";
            if (table.columns[i].type == "nodes") cell = "0,-";
            if (table.columns[i].type == "text" && table.columns[i].name.ends_with("function")) cell = "f";
            if (table.columns[i].name == "excluded") cell = "0";
            line += (i == 0 ? "" : "\t") + cell;
        }
        std::ofstream(dir / "first" / table.file, std::ios::binary) << text << line << "\n";
    });
    // value_classes: node 0 answered by itself is not written; the table is header only.
    std::ofstream(dir / "first" / kValueClassesTable.file, std::ios::binary)
        << header_line(kValueClassesTable);
    ProgramFacts::read(dir / "first").write(dir / "second");
    for_each_side_table([&](const auto& table) {
        std::ifstream first(dir / "first" / table.file, std::ios::binary);
        std::ifstream second(dir / "second" / table.file, std::ios::binary);
        std::stringstream a;
        std::stringstream b;
        a << first.rdbuf();
        b << second.rdbuf();
        EXPECT_EQ(b.str(), a.str()) << table.file;
    });
    std::filesystem::remove_all(dir);
}

// docs/FACTS.md's "Side tables" is side_tables_markdown(), between two markers. With
// GALIAS_UPDATE_FACTS_DOC=1 the test writes it there instead of comparing.
TEST(SideTables, FactsDocumentationMatchesTheDeclarations) {
    const std::filesystem::path doc = std::filesystem::path(GALIAS_SOURCE_DIR) / "docs" / "FACTS.md";
    std::ifstream in(doc, std::ios::binary);
    ASSERT_TRUE(in) << doc;
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const std::string begin = "<!-- side tables: generated from facts/program_facts.hpp -->\n";
    const std::string end = "<!-- end of side tables -->\n";
    const std::size_t from = text.find(begin);
    const std::size_t to = text.find(end);
    ASSERT_NE(from, std::string::npos) << doc << " lacks the line " << begin;
    ASSERT_NE(to, std::string::npos) << doc << " lacks the line " << end;
    const std::string expected = "\n" + side_tables_markdown() + "\n";
    const std::string actual = text.substr(from + begin.size(), to - from - begin.size());
    const char* update = std::getenv("GALIAS_UPDATE_FACTS_DOC");
    if (update != nullptr && std::string(update) == "1") {
        std::ofstream(doc, std::ios::binary)
            << text.substr(0, from + begin.size()) << expected << text.substr(to);
        return;
    }
    EXPECT_EQ(actual, expected) << doc
                                << " does not list the side tables as declared; run this test with "
                                   "GALIAS_UPDATE_FACTS_DOC=1 to write them there";
}

}  // namespace
}  // namespace galias::facts
