#pragma once
// Open-addressing tables of tuples packed into 64-bit keys, per element, shared by the
// host and the device: the probe that both the duplicate pre-filter
// (duplicate_filter.hpp, lossy) and the exact tuple hash set (tuple_hash_set.hpp) use.
// Linear probing from a Fibonacci hash; a slot holds kEmptyKey or one key, and a key is
// written once, by compare-and-swap, so concurrent inserts of one key agree on who won.

#include <cstdint>

#include "gpu_engine/hisa/config.hpp"

namespace galias::engine {

// The empty slot's marker; the key of no one- or two-column tuple except (2^32-1, 2^32-1),
// which callers handle apart.
inline constexpr std::uint64_t kEmptyKey = ~std::uint64_t{0};

// A tuple of one or two cells as one key: the first cell in the high half.
GALIAS_HD std::uint64_t pack_key(Cell first, Cell second, std::uint32_t arity) {
    return arity == 2 ? (std::uint64_t{first} << 32 | second) : first;
}

// Fibonacci hashing: the product's upper half picks among up to 2^32 slots; rotated, its
// lower half supplies the bits of larger tables (a set of more than 2^31 tuples).
GALIAS_HD std::uint64_t home_slot(std::uint64_t key, std::uint64_t mask) {
    const std::uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (h >> 32 | h << 32) & mask;
}

enum class Claim { kStored, kPresent, kGaveUp };

// Looks for `key` (not kEmptyKey) in at most `max_probes` slots from its home slot:
// kPresent when it is there, kStored when this call wrote it into an empty slot, kGaveUp
// when the probed slots hold other keys. `load(address)` reads a slot coherently;
// `cas(address, expected, desired)` returns the previous value.
template <class Load, class Cas>
GALIAS_HD Claim claim_key(std::uint64_t* table, std::uint64_t mask, std::uint64_t key,
                          std::uint64_t max_probes, Load load, Cas cas) {
    std::uint64_t slot = home_slot(key, mask);
    for (std::uint64_t probe = 0; probe < max_probes; ++probe) {
        // Read before writing: most copies find their key already there, and a plain read
        // of a hot slot is cheaper than an atomic on it.
        std::uint64_t here = load(&table[slot]);
        if (here == key) return Claim::kPresent;
        if (here == kEmptyKey) {
            here = cas(&table[slot], kEmptyKey, key);
            if (here == kEmptyKey) return Claim::kStored;
            if (here == key) return Claim::kPresent;
        }
        slot = (slot + 1) & mask;
    }
    return Claim::kGaveUp;
}

}  // namespace galias::engine
