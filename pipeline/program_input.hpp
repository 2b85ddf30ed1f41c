#pragma once
// What the analyses start from: the program's side tables and the input relations of both
// rule sets, from a fact directory (--facts DIR) or from the frontend (-p BUILD_DIR).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "facts/diagnostic.hpp"
#include "facts/program_facts.hpp"

namespace galias::pipeline {

using RelationRows = std::map<std::string, std::vector<std::uint32_t>, std::less<>>;  // 2 cells per row

// A translation unit the analysis does not cover: it did not compile, or its file is missing.
struct UnitFailure {
    std::string file;
    std::string reason;  // "does not compile (2 errors)"
};

struct ProgramInput {
    facts::ProgramFacts facts;
    RelationRows cspa;      // assign(src, dst), dereference(p, q)
    RelationRows andersen;  // addressOf, assign, load, store
    // Translation units: from the frontend, or from a fact directory's stats.tsv (0 when it
    // has none).
    std::size_t units_total = 0;
    std::size_t units_failed = 0;
    std::size_t units_cached = 0;           // taken from the unit cache (--cache), not compiled
    std::vector<UnitFailure> failed_units;  // which ones (from the frontend only)
    std::vector<std::string> input_files;   // from the frontend: every source and header it read
    std::vector<Diagnostic> diagnostics;    // from the frontend: failed units, warnings
    // From the frontend: the seconds of each of its stages (parse, link, clone, ...), for
    // --stats.
    std::vector<std::pair<std::string, double>> stage_seconds;

    // Every translation unit was analysed: findings are not missing for lack of input.
    [[nodiscard]] bool complete() const { return units_failed == 0; }
};

// Reads FACTS_DIR (docs/FACTS.md). Throws DiagnosticError on missing or malformed files.
ProgramInput read_fact_dir(const std::filesystem::path& facts_dir);

struct ExtractRequest {
    std::filesystem::path build_dir;  // holds compile_commands.json
    unsigned context_k = 1;
    std::vector<std::string> allocators;
    std::vector<std::string> release_functions;  // frontend::FrontendOptions::release_functions
    std::vector<std::string> source_filters;     // regexes; empty = every file
    unsigned threads = 0;
    std::filesystem::path unit_cache;  // --cache: the per-unit fact cache; empty = off
    std::string tool_identity;         // galias version and commit, part of the cache keys
    std::function<void(std::size_t done, std::size_t total, const std::string& file)> on_progress;
};

// Runs the Clang frontend. Throws DiagnosticError (exit 2) when galias was built without it.
ProgramInput extract_program(const ExtractRequest& request);
bool frontend_available();

}  // namespace galias::pipeline
