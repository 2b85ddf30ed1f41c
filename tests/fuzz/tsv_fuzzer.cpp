// libFuzzer target: the fact-file reader. The first byte chooses how many columns (1 to 4,
// low bits) and the delimiter (tab, or comma with the high bit), the second each column's
// type (two bits a column: number, unsigned, symbol); the rest is the file. What parses must read back the
// same once written again (symbols escaped).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "facts/diagnostic.hpp"
#include "facts/tsv.hpp"

namespace {

using galias::facts::ColumnType;

// The text write_tsv would write for `rows` (tab-separated).
std::string format(const std::vector<std::uint32_t>& rows, const std::vector<ColumnType>& columns,
                   const galias::facts::StringInterner& symbols) {
    std::string text;
    for (std::size_t r = 0; r < rows.size(); r += columns.size()) {
        for (std::size_t c = 0; c < columns.size(); ++c) {
            if (c != 0) text += '\t';
            text += galias::facts::format_cell(rows[r + c], columns[c], symbols);
        }
        text += '\n';
    }
    return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const std::uint8_t shape = data[0];
    const std::uint8_t types = data[1];
    std::vector<ColumnType> columns(1 + (shape & 3));
    for (std::size_t c = 0; c < columns.size(); ++c)
        columns[c] = static_cast<ColumnType>(((types >> (2 * c)) & 3) % 3);
    const bool tab = (shape & 0x80) == 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
    galias::facts::StringInterner symbols;
    std::vector<std::uint32_t> rows;
    try {
        galias::facts::parse_tsv(text, "fuzz.facts", columns, galias::facts::TsvFormat{tab ? '\t' : ','},
                                 symbols, rows);
    } catch (const galias::DiagnosticError& e) {
        (void)e.diagnostic().str();
        return 0;
    }
    if (rows.size() % columns.size() != 0) std::abort();
    // Written and read again, the tuples are the same, but for one exception by design: an
    // empty symbol alone on its line is an empty line, which carries no tuple.
    const bool lone_symbol = columns.size() == 1 && columns[0] == ColumnType::Symbol;
    std::vector<std::uint32_t> kept;
    for (const std::uint32_t cell : rows)
        if (!lone_symbol || !symbols.lookup(cell).empty()) kept.push_back(cell);
    const std::string again = format(kept, columns, symbols);
    galias::facts::StringInterner symbols2;
    std::vector<std::uint32_t> rows2;
    try {
        galias::facts::parse_tsv(again, "again.facts", columns, galias::facts::TsvFormat{}, symbols2, rows2);
    } catch (const galias::DiagnosticError&) {
        std::abort();  // what we wrote we must read
    }
    if (rows2.size() != kept.size()) std::abort();
    for (std::size_t i = 0; i < kept.size(); ++i) {
        const ColumnType type = columns[i % columns.size()];
        if (type == ColumnType::Symbol ? symbols.lookup(kept[i]) != symbols2.lookup(rows2[i])
                                       : kept[i] != rows2[i])
            std::abort();
    }
    return 0;
}
