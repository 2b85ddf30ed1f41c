#pragma once
// What a results database (docs/FACTS.md, "Results database") was computed from, and the
// test of whether it still holds: the galias build, the options that change facts or
// solving, the compile database and the contents of the sources. Content hashes, not
// mtimes: a checkout, `touch` or a build that rewrites files unchanged keeps the database
// usable, and an edit that keeps size and mtime (a copy with -p, a coarse clock) does not
// go unnoticed.

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace galias::pipeline {

// Everything besides the files that the stored results depend on.
struct DatabaseKey {
    std::string tool;  // galias version and commit: another build may extract other facts
    std::filesystem::path compile_database;  // compile_commands.json, absolute
    unsigned context_k = 1;
    std::vector<std::string> allocators;
    std::vector<std::string> release_functions;  // of the configured allocators, sorted

    [[nodiscard]] nlohmann::json options_json() const;
};

struct SourceFile {
    std::string path;
    std::uint64_t size = 0;
    std::string hash;  // "" when the file could not be read (it is then expected to stay so)
};

struct InputSnapshot {
    std::string compile_database_hash;
    std::vector<SourceFile> sources;  // sorted by path, no duplicates
};

// compile_commands.json's hash and every source file it lists. Throws DiagnosticError when
// the compile database cannot be read or is not a JSON array of commands.
InputSnapshot snapshot_inputs(const std::filesystem::path& compile_database);

// Adds the other files the frontend read (headers, ProgramInput::input_files), hashed now.
void add_input_files(InputSnapshot& snapshot, const std::vector<std::string>& files);

// Writes the key and the snapshot into `manifest`.
void record_inputs(nlohmann::json& manifest, const DatabaseKey& key, const InputSnapshot& snapshot);

// Why the database whose manifest this is no longer answers for `key` and the files as
// they are now ("src/copy.c changed ..."), or nothing when it still does. Throws
// DiagnosticError (at `manifest_file`) when the manifest lacks what it should have.
std::optional<std::string> stale_reason(const nlohmann::json& manifest, const DatabaseKey& key,
                                        const std::filesystem::path& manifest_file);

}  // namespace galias::pipeline
