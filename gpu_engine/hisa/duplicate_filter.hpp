#pragma once
// Duplicate pre-filter of join output packed into 64-bit keys, per element, over a bounded
// open-addressing table shared by all threads. Joins such as CSPA's ValueAlias derive each
// new tuple hundreds of times (docs/ENGINE.md); a join that writes only the first copy of
// a key to reach the table leaves far fewer tuples to write, sort and deduplicate. The
// filter may keep several copies of a key (or all, when the table is full), never none, so
// the exact sort + unique that follows still gives the distinct set. A few probes at most:
// a full table must cost little more than no table.

#include <cstdint>

#include "gpu_engine/hisa/config.hpp"

namespace galias::engine {

inline constexpr std::uint64_t kEmptyKey = ~std::uint64_t{0};
inline constexpr int kDuplicateFilterProbes = 4;

// True when this copy of `key` must be kept: it claimed a slot, or no slot within the
// probe limit was free. False when the key is already in the table. `load(address)` reads
// a slot coherently; `cas(address, expected, desired)` returns the previous value.
template <class Load, class Cas>
GALIAS_HD bool admit_first_copy(std::uint64_t* table, std::uint64_t mask, std::uint64_t key, Load load, Cas cas) {
    if (key == kEmptyKey) return true;  // the empty marker itself cannot be stored
    std::uint64_t slot = (key * 0x9E3779B97F4A7C15ull >> 32) & mask;  // Fibonacci hashing
    for (int probe = 0; probe < kDuplicateFilterProbes; ++probe) {
        // Read before writing: most copies find their key already there, and a plain read
        // of a hot slot is cheaper than an atomic on it.
        std::uint64_t here = load(&table[slot]);
        if (here == key) return false;
        if (here == kEmptyKey) {
            here = cas(&table[slot], kEmptyKey, key);
            if (here == kEmptyKey) return true;
            if (here == key) return false;
        }
        slot = (slot + 1) & mask;
    }
    return true;
}

}  // namespace galias::engine
