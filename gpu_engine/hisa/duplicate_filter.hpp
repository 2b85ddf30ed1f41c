#pragma once
// Duplicate pre-filter of join output packed into 64-bit keys, per element, over a bounded
// open-addressing table shared by all threads. Joins such as CSPA's ValueAlias derive each
// new tuple hundreds of times (docs/ENGINE.md); a join that writes only the first copy of
// a key to reach the table leaves far fewer tuples to write, sort and deduplicate. The
// filter may keep several copies of a key (or all, when the table is full), never none, so
// the exact sort + unique that follows still gives the distinct set. A few probes at most:
// a full table must cost little more than no table.

#include <cstdint>

#include "gpu_engine/hisa/key_table.hpp"

namespace galias::engine {

inline constexpr int kDuplicateFilterProbes = 4;

// True when this copy of `key` must be kept: it claimed a slot, or no slot within the
// probe limit was free. False when the key is already in the table.
template <class Load, class Cas>
GALIAS_HD bool admit_first_copy(std::uint64_t* table, std::uint64_t mask, std::uint64_t key, Load load,
                                Cas cas) {
    if (key == kEmptyKey) return true;  // the empty marker itself cannot be stored
    return claim_key(table, mask, key, kDuplicateFilterProbes, load, cas) != Claim::kPresent;
}

}  // namespace galias::engine
