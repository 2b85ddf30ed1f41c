#include "reports/pipeline/program_input.hpp"

#include <array>
#include <system_error>

#include "facts/tsv.hpp"

namespace galias::reports {

namespace fs = std::filesystem;

namespace {

void read_relations(const fs::path& dir, std::initializer_list<const char*> names, RelationRows& out) {
    static constexpr std::array kColumns{facts::ColumnType::Number, facts::ColumnType::Number};
    facts::StringInterner symbols;
    for (const char* name : names) {
        std::vector<std::uint32_t>& rows = out[name];
        fs::path file = dir / (std::string(name) + ".facts");
        std::error_code ec;
        if (!fs::exists(file, ec)) continue;
        facts::read_tsv(file, kColumns, facts::TsvFormat{}, symbols, rows);
    }
}

}  // namespace

ProgramInput read_fact_dir(const fs::path& facts_dir) {
    std::error_code ec;
    if (!fs::is_directory(facts_dir, ec)) {
        throw DiagnosticError(SourceLocation{facts_dir.string(), 0, 0}, "not a fact directory (it does not exist)");
    }
    ProgramInput input;
    input.facts = facts::ProgramFacts::read(facts_dir);
    read_relations(facts_dir / "cspa", {"assign", "dereference"}, input.cspa);
    read_relations(facts_dir / "andersen", {"addressOf", "assign", "load", "store"}, input.andersen);
    return input;
}

}  // namespace galias::reports
