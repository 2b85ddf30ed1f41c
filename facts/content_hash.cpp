#include "facts/content_hash.hpp"

#include <cstdio>
#include <cstring>
#include <system_error>
#include <vector>

namespace galias::facts {

namespace {

constexpr std::uint64_t kMultiplier = 0xBF58476D1CE4E5B9ull;

// One round of the splitmix64 finaliser: every input bit reaches every output bit.
std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 30;
    x *= kMultiplier;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 31;
    return x;
}

}  // namespace

void ContentHash::add(std::string_view bytes) {
    const char* p = bytes.data();
    std::size_t n = bytes.size();
    length_ += n;
    while (n >= 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, p, 8);
        state_ = mix(state_ ^ word) + 0x632BE59BD9B4E019ull;
        p += 8;
        n -= 8;
    }
    if (n != 0) {
        std::uint64_t word = 0;
        std::memcpy(&word, p, n);
        // The tail's length is part of the word, so "a" and "a\0" differ.
        state_ = mix(state_ ^ word ^ (static_cast<std::uint64_t>(n) << 56)) + 0x632BE59BD9B4E019ull;
    }
}

void ContentHash::add_field(std::string_view bytes) {
    const std::uint64_t size = bytes.size();
    add(std::string_view(reinterpret_cast<const char*>(&size), sizeof size));
    add(bytes);
}

std::uint64_t ContentHash::value() const {
    return mix(state_ ^ mix(length_));
}

std::string ContentHash::hex() const {
    return hash_hex(value());
}

std::uint64_t hash_bytes(std::string_view bytes) {
    ContentHash hash;
    hash.add(bytes);
    return hash.value();
}

std::string hash_hex(std::uint64_t hash) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::optional<std::uint64_t> hash_file(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
    std::FILE* f = std::fopen(file.c_str(), "rb");
    if (f == nullptr) return std::nullopt;
    ContentHash hash;
    std::vector<char> buffer(1 << 20);
    bool ok = true;
    while (true) {
        const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), f);
        // Chunks are whole 8-byte words, so the result equals hash_bytes of the contents.
        hash.add(std::string_view(buffer.data(), got));
        if (got < buffer.size()) {
            ok = std::ferror(f) == 0;
            break;
        }
    }
    std::fclose(f);
    if (!ok) return std::nullopt;
    return hash.value();
}

}  // namespace galias::facts
