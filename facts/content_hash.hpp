#pragma once
// A 64-bit hash of file contents, for telling whether an input changed since a result was
// stored (the results database, the per-unit fact cache). Not cryptographic: it guards
// against edits and torn or corrupted files, not against someone crafting a collision.
// Eight bytes per step, so hashing every source of a large project takes a fraction of a
// second.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace galias::facts {

class ContentHash {
public:
    void add(std::string_view bytes);
    // Adds a length first, so that ("ab","c") and ("a","bc") hash differently.
    void add_field(std::string_view bytes);
    [[nodiscard]] std::uint64_t value() const;
    [[nodiscard]] std::string hex() const;

private:
    std::uint64_t state_ = 0x9E3779B97F4A7C15ull;
    std::uint64_t length_ = 0;
};

std::uint64_t hash_bytes(std::string_view bytes);
std::string hash_hex(std::uint64_t hash);

// The hash of a file's contents, or nothing when it cannot be read (missing, a directory).
std::optional<std::uint64_t> hash_file(const std::filesystem::path& file);

}  // namespace galias::facts
