#include "pipeline/database_inputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <system_error>

#include "facts/content_hash.hpp"
#include "facts/diagnostic.hpp"
#include "facts/input_file.hpp"

namespace galias::pipeline {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

SourceFile hash_source(const std::string& path) {
    SourceFile file{path, 0, ""};
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    if (!ec) file.size = size;
    if (std::optional<std::uint64_t> hash = facts::hash_file(path)) file.hash = facts::hash_hex(*hash);
    return file;
}

void sort_unique(std::vector<SourceFile>& files) {
    std::sort(files.begin(), files.end(),
              [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
    files.erase(std::unique(files.begin(), files.end(),
                            [](const SourceFile& a, const SourceFile& b) { return a.path == b.path; }),
                files.end());
}

DiagnosticError malformed(const fs::path& manifest_file, const std::string& what) {
    return DiagnosticError(SourceLocation{manifest_file.string(), 0, 0},
                           "corrupt results database: the manifest " + what +
                               "; delete the directory or write it again with `galias analyze --db`");
}

}  // namespace

json DatabaseKey::options_json() const {
    return {{"context_k", context_k}, {"allocators", allocators}, {"release_functions", release_functions}};
}

InputSnapshot snapshot_inputs(const fs::path& compile_database) {
    const std::string text = facts::read_input_file(compile_database, "compilation database");
    InputSnapshot snapshot;
    snapshot.compile_database_hash = facts::hash_hex(facts::hash_bytes(text));
    json commands = json::parse(text, nullptr, false);
    if (!commands.is_array()) {
        throw DiagnosticError(SourceLocation{compile_database.string(), 0, 0},
                              "not a compilation database (expected a JSON array of commands)");
    }
    for (const json& command : commands) {
        if (!command.is_object() || !command.contains("file") || !command["file"].is_string()) continue;
        fs::path file = command["file"].get<std::string>();
        if (file.is_relative() && command.contains("directory") && command["directory"].is_string()) {
            file = fs::path(command["directory"].get<std::string>()) / file;
        }
        snapshot.sources.push_back(hash_source(file.lexically_normal().string()));
    }
    sort_unique(snapshot.sources);
    return snapshot;
}

void add_input_files(InputSnapshot& snapshot, const std::vector<std::string>& files) {
    std::set<std::string> known;
    for (const SourceFile& file : snapshot.sources) known.insert(file.path);
    for (const std::string& path : files) {
        if (known.insert(path).second) snapshot.sources.push_back(hash_source(path));
    }
    sort_unique(snapshot.sources);
}

void record_inputs(json& manifest, const DatabaseKey& key, const InputSnapshot& snapshot) {
    manifest["galias"] = key.tool;
    manifest["options"] = key.options_json();
    manifest["compile_database"] = {{"path", key.compile_database.string()},
                                    {"hash", snapshot.compile_database_hash}};
    json sources = json::array();
    for (const SourceFile& file : snapshot.sources) {
        sources.push_back({{"path", file.path}, {"size", file.size}, {"hash", file.hash}});
    }
    manifest["sources"] = std::move(sources);
}

std::optional<std::string> stale_reason(const json& manifest, const DatabaseKey& key,
                                        const fs::path& manifest_file) {
    try {
        const std::string tool = manifest.at("galias").get<std::string>();
        if (tool != key.tool)
            return fmt::format("it was written by galias {}, this is galias {}", tool, key.tool);
        const json& database = manifest.at("compile_database");
        const std::string path = database.at("path").get<std::string>();
        if (path != key.compile_database.string()) {
            return fmt::format("it was made from the compilation database {}, not {}", path,
                               key.compile_database.string());
        }
        const json& options = manifest.at("options");
        if (options != key.options_json()) {
            return fmt::format("the options that change the facts differ: it has {}, this run asks for {}",
                               options.dump(), key.options_json().dump());
        }
        const std::string text = facts::read_input_file(key.compile_database, "compilation database");
        if (facts::hash_hex(facts::hash_bytes(text)) != database.at("hash").get<std::string>()) {
            return fmt::format("{} changed", key.compile_database.string());
        }
        for (const json& source : manifest.at("sources")) {
            const std::string file = source.at("path").get<std::string>();
            const std::string then = source.at("hash").get<std::string>();
            const SourceFile now = hash_source(file);
            if (now.hash == then) continue;
            if (now.hash.empty()) return fmt::format("{} was removed or cannot be read", file);
            if (then.empty()) return fmt::format("{} appeared", file);
            return fmt::format("{} changed (its contents differ; {} bytes then, {} now)", file,
                               source.at("size").get<std::uint64_t>(), now.size);
        }
    } catch (const json::exception& e) {
        throw malformed(manifest_file,
                        std::string("lacks a field or has one of the wrong type (") + e.what() + ")");
    }
    return std::nullopt;
}

}  // namespace galias::pipeline
