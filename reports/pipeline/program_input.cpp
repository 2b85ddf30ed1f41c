#include "reports/pipeline/program_input.hpp"

#include <array>
#include <system_error>

#include "facts/input_file.hpp"
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
    facts::check_input_directory(facts_dir, "fact directory");
    ProgramInput input;
    input.facts = facts::ProgramFacts::read(facts_dir);
    // `galias facts` writes a directory even when some units failed; it counts them.
    input.units_total = input.facts.counter("tu.total");
    input.units_failed = input.facts.counter("tu.failed");
    read_relations(facts_dir / "cspa", {"assign", "dereference"}, input.cspa);
    read_relations(facts_dir / "andersen", {"addressOf", "assign", "load", "store"}, input.andersen);
    return input;
}

}  // namespace galias::reports
