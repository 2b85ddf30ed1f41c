#pragma once
// Hashing of join keys (Murmur3's 32-bit finalizer, applied column by column).

#include "gpu_engine/hisa/config.hpp"

namespace galias::engine {

GALIAS_HD std::uint32_t mix32(std::uint32_t h) {
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

inline constexpr std::uint32_t kHashSeed = 0x9747b28cu;

// Folds one key column into hash `h`.
GALIAS_HD std::uint32_t hash_column(std::uint32_t h, Cell value) {
    return mix32(h ^ (value + 0x9e3779b9u + (h << 6) + (h >> 2)));
}

GALIAS_HD std::uint32_t hash_key(const Cell* key, std::uint32_t length) {
    std::uint32_t h = kHashSeed;
    for (std::uint32_t i = 0; i < length; ++i) h = hash_column(h, key[i]);
    return h;
}

// Maps a hash to [0, capacity) without a division (Lemire's multiply-shift reduction),
// so capacities need not be powers of two and the load factor is what the user asked for.
GALIAS_HD std::uint64_t home_slot(std::uint32_t hash, std::uint64_t capacity) {
    return (static_cast<std::uint64_t>(hash) * capacity) >> 32;
}

}  // namespace galias::engine
