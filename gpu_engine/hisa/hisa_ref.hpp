#pragma once
// Non-owning view of a HISA (hash-indexed sorted array), usable in host and device code.
//
// `data` holds `size` tuples of `arity` cells, sorted lexicographically and without
// duplicates, with the key columns first. The open-addressing index maps each distinct key
// (the first `key_len` cells) to the run of tuples that share it: {begin, count}.
// A slot's tag is the key itself for one-column keys (no data access to confirm a hit)
// and the key's hash otherwise (confirmed against the data). Linear probing.

#include "gpu_engine/hisa/config.hpp"
#include "gpu_engine/hisa/hash.hpp"

namespace galias::engine {

struct alignas(16) IndexSlot {
    std::uint32_t tag;
    std::uint32_t begin;  // kEmptySlot when unused
    std::uint32_t count;
    std::uint32_t unused;
};
inline constexpr std::uint32_t kEmptySlot = 0xFFFFFFFFu;

struct Range {
    std::uint64_t begin = 0;
    std::uint64_t count = 0;
};

GALIAS_HD bool cells_equal(const Cell* a, const Cell* b, std::uint32_t n) {
    for (std::uint32_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return false;
    return true;
}

GALIAS_HD std::uint32_t key_tag(const Cell* key, std::uint32_t key_len) {
    return key_len == 1 ? key[0] : hash_key(key, key_len);
}

struct HisaRef {
    const Cell* data = nullptr;
    std::uint64_t size = 0;
    std::uint32_t arity = 0;
    std::uint32_t key_len = 0;
    const IndexSlot* slots = nullptr;
    std::uint64_t capacity = 0;  // number of slots

    GALIAS_HD const Cell* row(std::uint64_t i) const { return data + i * arity; }

    // The run of tuples whose first key_len cells equal `key` (empty if none).
    GALIAS_HD Range find(const Cell* key) const {
        if (key_len == 0) return Range{0, size};
        if (key_len == 1) return find_one(key[0]);
        if (capacity == 0) return Range{};
        const std::uint32_t hash = hash_key(key, key_len);  // the tag of a key of several columns
        std::uint64_t slot = home_slot(hash, capacity);
        while (true) {
            const IndexSlot s = slots[slot];
            if (s.begin == kEmptySlot) return Range{};
            if (s.tag == hash && cells_equal(row(s.begin), key, key_len)) return Range{s.begin, s.count};
            if (++slot == capacity) slot = 0;
        }
    }

    // find() for an index of one-column keys (key_len 1), whose tag is the key itself; the
    // key is passed in a register: a key array indexed by a run-time length lives in local
    // memory on the GPU, and most joins have one key column.
    GALIAS_HD Range find_one(Cell key) const {
        if (capacity == 0) return Range{};
        std::uint64_t slot = home_slot(hash_column(kHashSeed, key), capacity);
        while (true) {
            const IndexSlot s = slots[slot];
            if (s.begin == kEmptySlot) return Range{};
            if (s.tag == key) return Range{s.begin, s.count};
            if (++slot == capacity) slot = 0;
        }
    }
};

}  // namespace galias::engine
