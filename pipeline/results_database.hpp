#pragma once
// The results database (`--db DIR`, docs/FACTS.md "Results database"): the facts, the
// solved relations the checks and queries read and the symbol table of one analysis, so
// that `galias query`/`points-to` answer without the frontend or the engine.
//
//   DIR/manifest.json           what it was computed from (database_inputs.hpp), the unit
//                               coverage, the analysis runs, and every file below with its
//                               size and content hash
//   DIR/facts/*.tsv             the side tables (symbols, contexts, calls, ...; docs/FACTS.md)
//   DIR/relations/NAME.u32      an input relation's cells as little-endian 32-bit words, two
//                               per row: cspa.assign, cspa.dereference, andersen.addressOf,
//                               andersen.assign, andersen.load, andersen.store
//   DIR/relations/NAME.index    a result, indexed for lookups (indexed_relation.hpp):
//                               ValueAlias and PointsTo by their first column, MemoryAlias by
//                               its second (the witness paths look up what flows into a node)
//
// A query maps the three results and reads the four side tables it needs; the whole
// database is read only by analyze and check when they reuse it.
//
// Written as a whole through facts::StagedDirectory: a reader sees the old database or the
// new one, never a mix.

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "pipeline/alias_solver.hpp"
#include "pipeline/database_inputs.hpp"
#include "pipeline/indexed_relation.hpp"
#include "pipeline/program_input.hpp"

namespace galias::pipeline {

// 3: allocation_candidates.tsv holds the position of the call that returned the block;
// 2: the results as indexed relations (1 stored them as flat rows, read whole).
inline constexpr int kDatabaseFormatVersion = 3;

// DIR/manifest.json, parsed. Throws DiagnosticError (exit 2) when DIR holds no database or
// the manifest is not one this galias reads (another format version included).
nlohmann::json read_manifest(const std::filesystem::path& dir);

// What load_database reads: what a query needs (the symbols, contexts, assignment sites and
// value classes; no input relation), or everything (analyze and check, whose checks and
// statistics read the other side tables and the input relations).
enum class DatabaseScope { Queries, Everything };

// The solved relations, mapped (indexed_relation.hpp); the oracle and the witness finder
// read them in place.
struct StoredResults {
    std::unique_ptr<IndexedRelation> value_alias;   // by its first column
    std::unique_ptr<IndexedRelation> memory_alias;  // by its second column
    std::unique_ptr<IndexedRelation> points_to;     // by the pointer
};

// Loads the database into `input` and `runs`. Each file read whole has its size and hash
// checked against the manifest first, and the results' indexes are checked when mapped
// (their blocks when first read; every block here for DatabaseScope::Everything), so a
// truncated or altered file is an error (DiagnosticError, exit 2), never a wrong answer or
// a crash.
StoredResults load_database(const std::filesystem::path& dir, const nlohmann::json& manifest,
                            DatabaseScope scope, ProgramInput& input, std::vector<AnalysisRun>& runs);

// Writes (or replaces) the database at `dir`. Call before the oracle takes ValueAlias.
void write_database(const std::filesystem::path& dir, const DatabaseKey& key, const InputSnapshot& snapshot,
                    const ProgramInput& input, const AliasResults& results);

}  // namespace galias::pipeline
