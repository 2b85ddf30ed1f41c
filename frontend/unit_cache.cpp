#include "frontend/unit_cache.hpp"

#include <cstring>
#include <system_error>

#include "facts/content_hash.hpp"
#include "facts/output_file.hpp"
#include "frontend/ir_serialization.hpp"

namespace galias::frontend {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMagic = "galias-unit-cache 1\n";

void put_u64(std::string& out, std::uint64_t value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

void put_text(std::string& out, std::string_view text) {
    put_u64(out, text.size());
    out += text;
}

// Reads what put_u64/put_text wrote; false when the bytes run out.
bool get_u64(std::string_view& in, std::uint64_t& value) {
    if (in.size() < sizeof value) return false;
    std::memcpy(&value, in.data(), sizeof value);
    in.remove_prefix(sizeof value);
    return true;
}

bool get_text(std::string_view& in, std::string& text) {
    std::uint64_t size = 0;
    if (!get_u64(in, size) || size > in.size()) return false;
    text.assign(in.substr(0, size));
    in.remove_prefix(size);
    return true;
}

std::optional<std::string> read_file(const fs::path& file) {
    std::FILE* f = std::fopen(file.c_str(), "rb");
    if (f == nullptr) return std::nullopt;
    std::string bytes;
    char buffer[1 << 16];
    std::size_t got = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, f)) > 0) bytes.append(buffer, got);
    const bool ok = std::ferror(f) == 0;
    std::fclose(f);
    if (!ok) return std::nullopt;
    return bytes;
}

}  // namespace

UnitCache::UnitCache(fs::path dir, std::string tool_identity, std::vector<std::string> extra_args,
                     TranslateOptions options)
    : dir_(std::move(dir)),
      tool_identity_(std::move(tool_identity)),
      extra_args_(std::move(extra_args)),
      options_(std::move(options)) {}

fs::path UnitCache::entry_path(const CompileJob& job) const {
    facts::ContentHash key;
    key.add_field(std::to_string(kIrFormatVersion));
    key.add_field(tool_identity_);
    key.add_field(clang_resource_dir());
    key.add_field(job.directory);
    key.add_field(job.file);
    key.add_field(std::to_string(job.arguments.size()));
    for (const std::string& argument : job.arguments) key.add_field(argument);
    key.add_field(std::to_string(extra_args_.size()));
    for (const std::string& argument : extra_args_) key.add_field(argument);
    key.add_field(options_.integer_pointers ? "integer-pointers" : "");
    key.add_field(std::to_string(options_.release_functions.size()));
    for (const std::string& name : options_.release_functions) key.add_field(name);
    const std::string hex = key.hex();
    return dir_ / hex.substr(0, 2) / (hex + ".tu");
}

std::optional<std::uint64_t> UnitCache::file_hash(const std::string& path) {
    {
        std::lock_guard lock(mutex_);
        if (auto it = hashes_.find(path); it != hashes_.end()) return it->second;
    }
    std::optional<std::uint64_t> hash = facts::hash_file(path);
    std::lock_guard lock(mutex_);
    hashes_.emplace(path, hash);
    return hash;
}

std::optional<TuOutcome> UnitCache::find(const CompileJob& job) {
    std::optional<std::string> bytes = read_file(entry_path(job));
    if (!bytes || !bytes->starts_with(kMagic)) return std::nullopt;
    std::string_view in(*bytes);
    in.remove_prefix(kMagic.size());
    std::uint64_t checksum = 0;
    if (!get_u64(in, checksum) || checksum != facts::hash_bytes(in)) return std::nullopt;
    std::uint64_t count = 0;
    if (!get_u64(in, count)) return std::nullopt;
    TuOutcome outcome;
    for (std::uint64_t i = 0; i < count; ++i) {
        std::string path;
        std::uint64_t hash = 0;
        if (!get_text(in, path) || !get_u64(in, hash)) return std::nullopt;
        std::optional<std::uint64_t> now = file_hash(path);
        if (!now || *now != hash) return std::nullopt;  // the source or a header changed
        outcome.dependencies.push_back(std::move(path));
    }
    if (!get_u64(in, count)) return std::nullopt;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (!get_text(in, outcome.dropped_flags.emplace_back())) return std::nullopt;
    }
    std::optional<TranslationUnitIr> ir = deserialize_ir(in);
    if (!ir || ir->file != job.file) return std::nullopt;
    outcome.ir = std::move(*ir);
    return outcome;
}

void UnitCache::store(const CompileJob& job, const TuOutcome& outcome) {
    if (outcome.status != TuStatus::Ok || outcome.dependencies.empty()) return;
    std::string body;
    put_u64(body, outcome.dependencies.size());
    for (const std::string& path : outcome.dependencies) {
        std::optional<std::uint64_t> hash = file_hash(path);
        if (!hash) return;  // a file that cannot be read back cannot be checked later
        put_text(body, path);
        put_u64(body, *hash);
    }
    put_u64(body, outcome.dropped_flags.size());
    for (const std::string& flag : outcome.dropped_flags) put_text(body, flag);
    body += serialize_ir(outcome.ir);
    std::string entry(kMagic);
    put_u64(entry, facts::hash_bytes(body));
    entry += body;
    try {
        const fs::path path = entry_path(job);
        fs::create_directories(path.parent_path());
        facts::write_output_file(path, entry);
    } catch (const std::exception&) {
        ++write_failures_;  // a full disk or a read-only cache: the run goes on without it
    }
}

}  // namespace galias::frontend
