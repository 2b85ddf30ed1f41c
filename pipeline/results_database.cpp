#include "pipeline/results_database.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <system_error>

#include "facts/content_hash.hpp"
#include "facts/diagnostic.hpp"
#include "facts/input_file.hpp"
#include "facts/output_file.hpp"
#include "facts/predicates.hpp"
#include "pipeline/database_error.hpp"

namespace galias::pipeline {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kManifest = "manifest.json";
constexpr const char* kFormatName = "galias-results-database";

DiagnosticError corrupt(const fs::path& file, const std::string& what) {
    return corrupt_database(file, what);
}

std::string file_name(const std::string& relation, const char* extension) {
    std::string name = relation;
    for (char& c : name)
        if (c == '/') c = '.';
    return "relations/" + name + extension;
}

// The results and the column each is looked up by (results_database.hpp).
struct ResultRelation {
    std::string_view name;
    unsigned key_column;
};
constexpr ResultRelation kResults[] = {{facts::predicates::kValueAlias.name, 0},
                                       {facts::predicates::kMemoryAlias.name, 1},
                                       {facts::predicates::kPointsTo.name, 0}};

// The cells as bytes: the format is little-endian, as every host galias builds for is.
std::string_view as_bytes(const std::vector<std::uint32_t>& cells) {
    static_assert(std::endian::native == std::endian::little,
                  "the results database stores little-endian words");
    return {reinterpret_cast<const char*>(cells.data()), cells.size() * sizeof(std::uint32_t)};
}

json write_relation(const fs::path& staging, const std::string& name,
                    const std::vector<std::uint32_t>& cells) {
    const std::string file = file_name(name, ".u32");
    facts::OutputFile out(staging / file);
    out.write(as_bytes(cells));
    out.commit();
    return {{"name", name},
            {"file", file},
            {"cells", cells.size()},
            {"hash", facts::hash_hex(facts::hash_bytes(as_bytes(cells)))}};
}

std::vector<std::uint32_t> read_relation(const fs::path& dir, const json& entry) {
    const fs::path file = dir / entry.at("file").get<std::string>();
    const std::size_t cells = entry.at("cells").get<std::size_t>();
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec) throw corrupt(file, "a relation file is missing");
    if (size != cells * sizeof(std::uint32_t) || cells % 2 != 0) {
        throw corrupt(file,
                      fmt::format("the relation has {} bytes, the manifest says {} cells", size, cells));
    }
    std::vector<std::uint32_t> out(cells);
    std::FILE* f = std::fopen(file.c_str(), "rb");
    if (f == nullptr) throw corrupt(file, "a relation file cannot be opened");
    const std::size_t got = cells == 0 ? 0 : std::fread(out.data(), sizeof(std::uint32_t), cells, f);
    std::fclose(f);
    if (got != cells) throw corrupt(file, "a relation file cannot be read to its end");
    if (facts::hash_hex(facts::hash_bytes(as_bytes(out))) != entry.at("hash").get<std::string>()) {
        throw corrupt(file, "the relation's contents do not match the manifest's hash");
    }
    return out;
}

json write_result(const fs::path& staging, const ResultRelation& relation,
                  const std::vector<std::uint32_t>& cells, std::uint64_t nodes) {
    const std::string file = file_name(std::string(relation.name), ".index");
    const IndexedRelationInfo info =
        write_indexed_relation(staging / file, cells, relation.key_column, nodes);
    return {{"name", std::string(relation.name)},
            {"file", file},
            {"key_column", relation.key_column},
            {"keys", nodes},
            {"rows", info.rows},
            {"index_hash", facts::hash_hex(info.index_hash)}};
}

std::unique_ptr<IndexedRelation> open_result(const fs::path& dir, const json& results,
                                             const ResultRelation& relation, std::uint64_t nodes) {
    const fs::path manifest_file = dir / kManifest;
    auto entry = std::find_if(results.begin(), results.end(), [&](const json& e) {
        return e.at("name").get<std::string>() == relation.name;
    });
    if (entry == results.end())
        throw corrupt(manifest_file, fmt::format("the manifest lists no {} relation", relation.name));
    const fs::path file = dir / entry->at("file").get<std::string>();
    if (entry->at("key_column").get<unsigned>() != relation.key_column ||
        entry->at("keys").get<std::uint64_t>() != nodes)
        throw corrupt(file,
                      "the relation's index is not over the symbol table's nodes by the expected column");
    const std::string hash = entry->at("index_hash").get<std::string>();
    if (hash.size() != 16 || hash.find_first_not_of("0123456789abcdef") != std::string::npos)
        throw corrupt(manifest_file, "a relation's index hash is not 16 hex digits");
    const std::uint64_t index_hash = std::stoull(hash, nullptr, 16);
    return std::make_unique<IndexedRelation>(file, relation.key_column, nodes,
                                             entry->at("rows").get<std::uint64_t>(), index_hash);
}

// Node ids past the symbol table would index out of bounds in the oracle.
void check_node_ids(const fs::path& file, const std::vector<std::uint32_t>& cells, std::size_t nodes) {
    for (std::uint32_t cell : cells) {
        if (cell >= nodes) throw corrupt(file, fmt::format("node {} is not in the symbol table", cell));
    }
}

json run_json(const AnalysisRun& run) {
    json sizes = json::array();
    for (const auto& [name, size] : run.sizes) sizes.push_back({name, size});
    return {{"name", run.name},       {"backend", run.backend}, {"iterations", run.iterations},
            {"seconds", run.seconds}, {"sizes", sizes},         {"notes", run.notes}};
}

AnalysisRun run_from_json(const json& j) {
    AnalysisRun run;
    run.name = j.at("name").get<std::string>();
    run.backend = j.at("backend").get<std::string>();
    run.iterations = j.at("iterations").get<std::size_t>();
    run.seconds = j.at("seconds").get<double>();
    for (const json& size : j.at("sizes"))
        run.sizes.emplace_back(size.at(0).get<std::string>(), size.at(1).get<std::size_t>());
    run.notes = j.at("notes").get<std::vector<std::string>>();
    return run;
}

// The manifest names an input relation after its analysis: "cspa/assign".
std::string input_prefix(facts::Analysis analysis) {
    return std::string(facts::analysis_name(analysis)) + "/";
}

}  // namespace

json read_manifest(const fs::path& dir) {
    const fs::path file = dir / kManifest;
    std::error_code ec;
    if (!fs::exists(file, ec)) {
        throw DiagnosticError(SourceLocation{dir.string(), 0, 0},
                              "no results database here (no manifest.json); write one with "
                              "`galias analyze -p BUILD_DIR --db DIR`");
    }
    json manifest = json::parse(facts::read_input_file(file, "results database manifest"), nullptr, false);
    if (manifest.is_discarded() || !manifest.is_object())
        throw corrupt(file, "the manifest is not valid JSON");
    if (manifest.value("format", "") != kFormatName)
        throw corrupt(file, "the manifest is not a galias results database's");
    const int version = manifest.contains("version") && manifest["version"].is_number_integer()
                            ? manifest["version"].get<int>()
                            : 0;
    if (version != kDatabaseFormatVersion) {
        throw DiagnosticError(
            SourceLocation{file.string(), 0, 0},
            fmt::format("the results database was written by {} galias (format version {}; this galias reads "
                        "version {}); write it again with `galias analyze -p BUILD_DIR --db {}`",
                        version < kDatabaseFormatVersion ? "an older" : "a newer", version,
                        kDatabaseFormatVersion, dir.string()));
    }
    return manifest;
}

StoredResults load_database(const fs::path& dir, const json& manifest, DatabaseScope scope,
                            ProgramInput& input, std::vector<AnalysisRun>& runs) {
    const fs::path manifest_file = dir / kManifest;
    const bool everything = scope == DatabaseScope::Everything;
    StoredResults results;
    try {
        for (const json& entry : manifest.at("facts")) {
            const fs::path file = dir / entry.at("file").get<std::string>();
            if (!everything && !facts::ProgramFacts::query_table(file.filename().string())) continue;
            std::optional<std::uint64_t> hash = facts::hash_file(file);
            if (!hash) throw corrupt(file, "a fact table is missing");
            if (facts::hash_hex(*hash) != entry.at("hash").get<std::string>()) {
                throw corrupt(file, "the table's contents do not match the manifest's hash");
            }
        }
        input.facts =
            facts::ProgramFacts::read(dir / "facts", everything ? facts::ProgramFacts::Tables::All
                                                                : facts::ProgramFacts::Tables::Queries);
        const std::size_t nodes = input.facts.nodes.size();
        if (everything) {
            for (const json& entry : manifest.at("relations")) {
                const std::string name = entry.at("name").get<std::string>();
                std::vector<std::uint32_t> cells = read_relation(dir, entry);
                check_node_ids(dir / entry.at("file").get<std::string>(), cells, nodes);
                const std::string cspa = input_prefix(facts::Analysis::Cspa);
                const std::string andersen = input_prefix(facts::Analysis::Andersen);
                if (name.starts_with(cspa)) {
                    input.cspa[name.substr(cspa.size())] = std::move(cells);
                } else if (name.starts_with(andersen)) {
                    input.andersen[name.substr(andersen.size())] = std::move(cells);
                } else {
                    throw corrupt(manifest_file, "the manifest names an unknown relation '" + name + "'");
                }
            }
        }
        const json& stored = manifest.at("results");
        results.value_alias = open_result(dir, stored, kResults[0], nodes);
        results.memory_alias = open_result(dir, stored, kResults[1], nodes);
        results.points_to = open_result(dir, stored, kResults[2], nodes);
        if (everything) {
            for (const IndexedRelation* relation :
                 {results.value_alias.get(), results.memory_alias.get(), results.points_to.get()})
                relation->verify_all();
        }
        const json& units = manifest.at("units");
        input.units_total = units.at("total").get<std::size_t>();
        input.units_failed = units.at("failed").get<std::size_t>();
        for (const json& unit : units.at("not_analysed")) {
            input.failed_units.push_back(
                UnitFailure{unit.at("file").get<std::string>(), unit.at("reason").get<std::string>()});
        }
        for (const json& run : manifest.at("runs")) runs.push_back(run_from_json(run));
    } catch (const json::exception& e) {
        throw corrupt(
            manifest_file,
            std::string("the manifest lacks a field or has one of the wrong type (") + e.what() + ")");
    }
    return results;
}

void write_database(const fs::path& dir, const DatabaseKey& key, const InputSnapshot& snapshot,
                    const ProgramInput& input, const AliasResults& results) {
    facts::StagedDirectory staged(dir);
    const fs::path& staging = staged.staging();
    json manifest = {{"format", kFormatName}, {"version", kDatabaseFormatVersion}};
    record_inputs(manifest, key, snapshot);

    input.facts.write(staging / "facts");
    json fact_files = json::array();
    std::vector<fs::path> tables;
    for (const fs::directory_entry& entry : fs::directory_iterator(staging / "facts"))
        tables.push_back(entry.path());
    std::sort(tables.begin(), tables.end());
    for (const fs::path& table : tables) {
        std::optional<std::uint64_t> hash = facts::hash_file(table);
        if (!hash) throw facts::OutputError(table, "cannot read back what was written");
        fact_files.push_back(
            {{"file", "facts/" + table.filename().string()}, {"hash", facts::hash_hex(*hash)}});
    }
    manifest["facts"] = std::move(fact_files);

    fs::create_directories(staging / "relations");
    json relations = json::array();
    for (const auto& [name, cells] : input.cspa)
        relations.push_back(write_relation(staging, input_prefix(facts::Analysis::Cspa) + name, cells));
    for (const auto& [name, cells] : input.andersen)
        relations.push_back(write_relation(staging, input_prefix(facts::Analysis::Andersen) + name, cells));
    manifest["relations"] = std::move(relations);
    const std::uint64_t nodes = input.facts.nodes.size();
    manifest["results"] = json::array({write_result(staging, kResults[0], results.value_alias, nodes),
                                       write_result(staging, kResults[1], results.memory_alias, nodes),
                                       write_result(staging, kResults[2], results.points_to, nodes)});

    json not_analysed = json::array();
    for (const UnitFailure& unit : input.failed_units)
        not_analysed.push_back({{"file", unit.file}, {"reason", unit.reason}});
    manifest["units"] = {
        {"total", input.units_total}, {"failed", input.units_failed}, {"not_analysed", not_analysed}};
    json runs = json::array();
    for (const AnalysisRun& run : results.runs) runs.push_back(run_json(run));
    manifest["runs"] = std::move(runs);

    facts::write_output_file(staging / kManifest, manifest.dump(1) + "\n");
    staged.commit();
}

}  // namespace galias::pipeline
