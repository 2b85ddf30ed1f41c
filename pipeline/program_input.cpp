#include "pipeline/program_input.hpp"

#include <array>
#include <system_error>

#include "facts/input_file.hpp"
#include "facts/predicates.hpp"
#include "facts/tsv.hpp"

namespace galias::pipeline {

namespace fs = std::filesystem;

namespace {

// The input relations of `analysis`, from FACTS_DIR/<analysis>/<name>.facts (a missing
// file is an empty relation).
void read_relations(const fs::path& facts_dir, facts::Analysis analysis, RelationRows& out) {
    static constexpr std::array kColumns{facts::ColumnType::Number, facts::ColumnType::Number};
    facts::StringInterner symbols;
    const fs::path dir = facts_dir / facts::analysis_name(analysis);
    for (const facts::Predicate& predicate : facts::predicates_of(analysis, facts::Direction::Input)) {
        const std::string name(predicate.name);
        std::vector<std::uint32_t>& rows = out[name];
        fs::path file = dir / (name + ".facts");
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
    read_relations(facts_dir, facts::Analysis::Cspa, input.cspa);
    read_relations(facts_dir, facts::Analysis::Andersen, input.andersen);
    return input;
}

}  // namespace galias::pipeline
