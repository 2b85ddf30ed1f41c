#pragma once
// What the frontend produces: the program's side tables (facts::ProgramFacts) and the
// relation rows of both analyses, ready to hand to the engine in-process or to write as a
// fact directory (docs/FACTS.md).

#include <cstdint>
#include <string>
#include <vector>

#include "facts/diagnostic.hpp"
#include "facts/predicates.hpp"
#include "facts/program_facts.hpp"

namespace galias::frontend {

// A binary relation: flat rows of two node ids each, in the column order of the rule set.
struct FactRelation {
    std::string name;
    std::vector<std::uint32_t> cells;  // 2 cells per row
    [[nodiscard]] std::size_t size() const { return cells.size() / 2; }
    void add(std::uint32_t a, std::uint32_t b) {
        cells.push_back(a);
        cells.push_back(b);
    }
};

struct TranslationUnitSummary {
    std::size_t total = 0;  // entries selected from the compilation database
    std::size_t analysed = 0;
    std::size_t failed = 0;   // did not compile, or the file is missing
    std::size_t skipped = 0;  // C++ / Objective-C, or duplicates of a file already analysed
    std::size_t cached = 0;   // of the analysed: taken from the unit cache, not compiled
};

struct ExtractResult {
    facts::ProgramFacts program;
    // CSPA (analyses/cspa.dl): assign(src, dst), dereference(p, *p).
    FactRelation cspa_assign{std::string(facts::predicates::kCspaAssign.name), {}};
    FactRelation cspa_dereference{std::string(facts::predicates::kCspaDereference.name), {}};
    // Andersen (analyses/andersen.dl): addressOf(y, x), assign(y, x) y = x, load(y, x)
    // y = *x, store(y, x) *y = x.
    FactRelation andersen_address_of{std::string(facts::predicates::kAndersenAddressOf.name), {}};
    FactRelation andersen_assign{std::string(facts::predicates::kAndersenAssign.name), {}};
    FactRelation andersen_load{std::string(facts::predicates::kAndersenLoad.name), {}};
    FactRelation andersen_store{std::string(facts::predicates::kAndersenStore.name), {}};

    TranslationUnitSummary units;
    // Every file the analysed units read (sources and headers, absolute, sorted): what the
    // results database checks for changes.
    std::vector<std::string> input_files;
    // Wall seconds per stage ("compile", "link", "calls", "contexts", "emit"), for the
    // summary and benchmarks (kept out of stats.tsv so that fact directories are
    // reproducible byte for byte).
    std::vector<std::pair<std::string, double>> stage_seconds;
    // Errors (TUs that failed, with the compiler's first messages) and warnings (clone
    // budget reached, duplicate definitions, dropped compiler flags), in a stable order.
    std::vector<Diagnostic> diagnostics;

    [[nodiscard]] bool all_units_ok() const { return units.failed == 0; }
    [[nodiscard]] std::vector<const FactRelation*> cspa() const { return {&cspa_assign, &cspa_dereference}; }
    [[nodiscard]] std::vector<const FactRelation*> andersen() const {
        return {&andersen_address_of, &andersen_assign, &andersen_load, &andersen_store};
    }
};

}  // namespace galias::frontend
