#pragma once
// The exact tuple hash set, per element: how a linearly recursive relation of one or two
// columns is deduplicated with `--dedup hash` (docs/ENGINE.md). Every new tuple a flush
// inserts either finds its key (a known tuple) or stores it (a tuple of the next delta):
// no sort, no difference against full, no merge. The table is kept at most half full, so
// every probe sequence ends at the key or at an empty slot. The key kEmptyKey cannot be
// stored; its presence is one flag word beside the table.

#include <algorithm>
#include <bit>
#include <cstdint>

#include "gpu_engine/hisa/key_table.hpp"

namespace galias::engine {

// Slots for a set of `held` keys about to receive at most `incoming` more: a power of two
// at least twice their sum.
inline std::uint64_t tuple_hash_set_slots(std::uint64_t held, std::uint64_t incoming) {
    constexpr std::uint64_t kMinSlots = std::uint64_t{1} << 12;
    return std::max(kMinSlots, std::bit_ceil(2 * (held + incoming)));
}

// Inserts `key`; true when it was not in the set. `flag` holds 0 or 1: whether kEmptyKey
// is in the set. With a table at most half full the probe always ends.
template <class Load, class Cas>
GALIAS_HD bool insert_key(std::uint64_t* table, std::uint64_t mask, std::uint64_t* flag, std::uint64_t key,
                          Load load, Cas cas) {
    if (key == kEmptyKey) return load(flag) == 0 && cas(flag, 0, 1) == 0;
    return claim_key(table, mask, key, mask + 1, load, cas) == Claim::kStored;
}

}  // namespace galias::engine
