#pragma once
// The results database (`--db DIR`, docs/FACTS.md "Results database"): the facts, the
// solved relations the checks and queries read and the symbol table of one analysis, so
// that `galias query`/`points-to` answer without the frontend or the engine.
//
//   DIR/manifest.json        what it was computed from (database_inputs.hpp), the unit
//                            coverage, the analysis runs, and every file below with its
//                            size and content hash
//   DIR/facts/*.tsv          the side tables (symbols, contexts, calls, ...; docs/FACTS.md)
//   DIR/relations/NAME.u32   a relation's cells as little-endian 32-bit words, two per row:
//                            the inputs cspa.assign, cspa.dereference, andersen.addressOf,
//                            andersen.assign, andersen.load, andersen.store and the results
//                            ValueAlias, MemoryAlias (CSPA) and PointsTo (Andersen)
//
// Written as a whole through facts::StagedDirectory: a reader sees the old database or the
// new one, never a mix.

#include <filesystem>
#include <nlohmann/json.hpp>

#include "reports/pipeline/alias_solver.hpp"
#include "reports/pipeline/database_inputs.hpp"
#include "reports/pipeline/program_input.hpp"

namespace galias::reports {

inline constexpr int kDatabaseFormatVersion = 1;

// DIR/manifest.json, parsed. Throws DiagnosticError (exit 2) when DIR holds no database or
// the manifest is not one this galias reads.
nlohmann::json read_manifest(const std::filesystem::path& dir);

// Loads the database; each file's size and hash are checked against the manifest first,
// so a truncated or altered file is an error (DiagnosticError, exit 2), never a wrong
// answer or a crash.
void load_database(const std::filesystem::path& dir, const nlohmann::json& manifest, ProgramInput& input,
                   AliasResults& results);

// Writes (or replaces) the database at `dir`. Call before the oracle takes ValueAlias.
void write_database(const std::filesystem::path& dir, const DatabaseKey& key, const InputSnapshot& snapshot,
                    const ProgramInput& input, const AliasResults& results);

}  // namespace galias::reports
