// facts/tsv.hpp on inputs that used to crash, lose data or flood stderr: a FIFO, symbols
// with tabs, blank symbols, a gigantic line, a huge bad field.
#include "facts/tsv.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <array>
#include <fstream>
#include <thread>

#include "facts/diagnostic.hpp"
#include "facts/output_file.hpp"
#include "temp_dir.hpp"

namespace galias::facts {
namespace {

namespace fs = std::filesystem;

constexpr std::array kSymbols{ColumnType::Symbol, ColumnType::Symbol};
constexpr std::array kOneSymbol{ColumnType::Symbol};
constexpr std::array kNumbers{ColumnType::Number, ColumnType::Number};

Diagnostic error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const DiagnosticError& e) {
        return e.diagnostic();
    }
    ADD_FAILURE() << "no error";
    return {};
}

TEST(Tsv, AFifoIsReadLikeAFile) {
    test::TempDir dir;
    const fs::path fifo = dir.path() / "edge.facts";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { write_output_file(fifo, "1\t2\n3\t4\n"); });
    StringInterner symbols;
    std::vector<std::uint32_t> rows;
    read_tsv(fifo, kNumbers, TsvFormat{}, symbols, rows);
    writer.join();
    EXPECT_EQ(rows, (std::vector<std::uint32_t>{1, 2, 3, 4}));
}

TEST(Tsv, ADirectoryIsBadInputNotAnAllocation) {
    test::TempDir dir;
    fs::create_directories(dir.path() / "edge.facts");
    StringInterner symbols;
    std::vector<std::uint32_t> rows;
    const Diagnostic d =
        error_of([&] { read_tsv(dir.path() / "edge.facts", kNumbers, TsvFormat{}, symbols, rows); });
    EXPECT_EQ(d.message, "cannot read the fact file: it is a directory");
}

TEST(Tsv, SymbolsWithTabsAndNewlinesRoundTrip) {
    test::TempDir dir;
    StringInterner symbols;
    const std::vector<std::string> texts = {"a\tb", "line\nbreak", "back\\slash", "cr\r", " ", "\t", "plain"};
    std::vector<std::uint32_t> rows;
    for (const std::string& text : texts) {
        rows.push_back(symbols.intern(text));
        rows.push_back(symbols.intern("x"));
    }
    write_tsv(dir.path() / "r.csv", rows.data(), texts.size(), kSymbols, TsvFormat{}, symbols);
    StringInterner read_symbols;
    std::vector<std::uint32_t> read_rows;
    read_tsv(dir.path() / "r.csv", kSymbols, TsvFormat{}, read_symbols, read_rows);
    ASSERT_EQ(read_rows.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        EXPECT_EQ(read_symbols.lookup(read_rows[i]), symbols.lookup(rows[i])) << "cell " << i;
    // A delimiter other than tab is escaped too.
    write_tsv(dir.path() / "c.csv", rows.data(), texts.size(), kSymbols, TsvFormat{','}, symbols);
    std::vector<std::uint32_t> comma_rows;
    StringInterner comma_symbols;
    symbols.intern("a,b");
    read_tsv(dir.path() / "c.csv", kSymbols, TsvFormat{','}, comma_symbols, comma_rows);
    EXPECT_EQ(comma_rows.size(), rows.size());
}

TEST(Tsv, ABlankSymbolIsATuple) {
    StringInterner symbols;
    std::vector<std::uint32_t> rows;
    parse_tsv(" \n\n  \nx\n", "s.facts", kOneSymbol, TsvFormat{}, symbols, rows);
    ASSERT_EQ(rows.size(), 3u);  // " ", "  ", "x"; the empty line carries nothing
    EXPECT_EQ(symbols.lookup(rows[0]), " ");
    EXPECT_EQ(symbols.lookup(rows[1]), "  ");
    // Numbers: a line of blanks is still no tuple.
    std::vector<std::uint32_t> numbers;
    parse_tsv("1\t2\n  \t \n", "n.facts", kNumbers, TsvFormat{}, symbols, numbers);
    EXPECT_EQ(numbers.size(), 2u);
}

TEST(Tsv, AHugeBadFieldIsQuotedShort) {
    StringInterner symbols;
    std::vector<std::uint32_t> rows;
    const std::string text = "1\t" + std::string(10 << 20, '9') + "x\n";
    const Diagnostic d =
        error_of([&] { parse_tsv(text, "big.facts", kNumbers, TsvFormat{}, symbols, rows); });
    EXPECT_LT(d.str().size(), 200u) << d.str().substr(0, 300);
    EXPECT_NE(d.message.find("(10485761 bytes)"), std::string::npos) << d.message;
}

TEST(Tsv, ALineWithoutEndStopsAtTheLimit) {
    test::TempDir dir;
    const fs::path file = dir.path() / "zeros.facts";
    {
        std::ofstream out(file, std::ios::binary);
        const std::string block(1 << 20, '\0');
        for (int i = 0; i < 12; ++i) out.write(block.data(), static_cast<std::streamsize>(block.size()));
    }
    StringInterner symbols;
    std::vector<std::uint32_t> rows;
    const Diagnostic d = error_of([&] { read_tsv(file, kNumbers, TsvFormat{}, symbols, rows); });
    EXPECT_EQ(d.location.line, 1u);
    EXPECT_NE(d.message.find("line longer than 1048576 bytes"), std::string::npos) << d.message;
    EXPECT_LT(d.str().size(), 400u);
    EXPECT_NE(d.str().find("\\x00\\x00"), std::string::npos) << d.str();  // NUL bytes shown escaped
    EXPECT_TRUE(rows.empty());
}

TEST(Tsv, LinesAcrossReadBlocksAreWhole) {
    test::TempDir dir;
    const fs::path file = dir.path() / "edge.facts";
    std::string text;
    std::uint32_t expected = 0;
    while (text.size() < 2 * kTsvReadBlockBytes + 100) {
        text += std::to_string(expected) + "\t" + std::to_string(expected + 1) + "\r\n";
        ++expected;
    }
    write_output_file(file, text);
    StringInterner symbols;
    std::vector<std::uint32_t> rows;
    read_tsv(file, kNumbers, TsvFormat{}, symbols, rows);
    ASSERT_EQ(rows.size(), 2u * expected);
    for (std::uint32_t i = 0; i < expected; ++i) {
        ASSERT_EQ(rows[2 * i], i);
        ASSERT_EQ(rows[2 * i + 1], i + 1);
    }
}

}  // namespace
}  // namespace galias::facts
