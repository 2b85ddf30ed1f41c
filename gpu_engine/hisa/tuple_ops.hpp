#pragma once
// Per-element tuple comparisons and index construction steps shared by both backends.

#include "gpu_engine/hisa/hisa_ref.hpp"

namespace galias::engine {

// Lexicographic order of two rows of `arity` cells (unsigned cell order).
GALIAS_HD int compare_rows(const Cell* a, const Cell* b, std::uint32_t arity) {
    for (std::uint32_t i = 0; i < arity; ++i) {
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

GALIAS_HD bool row_less(const Cell* a, const Cell* b, std::uint32_t arity) {
    return compare_rows(a, b, arity) < 0;
}

// True when tuple i starts a new key run in sorted data (its key differs from tuple i-1's).
GALIAS_HD bool starts_key_run(const Cell* data, std::uint64_t i, std::uint32_t arity, std::uint32_t key_len) {
    return i == 0 || !cells_equal(data + i * arity, data + (i - 1) * arity, key_len);
}

// End of the key run that starts at tuple `begin`: doubling steps, then bisection, so a
// long run costs a logarithmic number of comparisons.
GALIAS_HD std::uint64_t key_run_end(const Cell* data, std::uint64_t begin, std::uint64_t size,
                                    std::uint32_t arity, std::uint32_t key_len) {
    const Cell* key = data + begin * arity;
    std::uint64_t inside = begin;  // last tuple known to have the key
    std::uint64_t step = 1;
    while (inside + step < size && cells_equal(data + (inside + step) * arity, key, key_len)) {
        inside += step;
        step *= 2;
    }
    // First tuple known not to have the key, or size.
    std::uint64_t outside = inside + step < size ? inside + step : size;
    while (outside - inside > 1) {
        const std::uint64_t mid = inside + (outside - inside) / 2;
        if (cells_equal(data + mid * arity, key, key_len))
            inside = mid;
        else
            outside = mid;
    }
    return outside;
}

// Inserts one key run into the index. Keys are unique (one call per run), so a slot is
// claimed with a single compare-and-swap on `begin`; `Cas` is the backend's atomic:
// cas(address, expected, desired) -> previous value.
template <class Cas>
GALIAS_HD void insert_key_run(IndexSlot* slots, std::uint64_t capacity, const Cell* key,
                              std::uint32_t key_len, std::uint32_t begin, std::uint32_t count, Cas cas) {
    const std::uint32_t hash = hash_key(key, key_len);
    std::uint64_t slot = home_slot(hash, capacity);
    while (true) {
        if (cas(&slots[slot].begin, kEmptySlot, begin) == kEmptySlot) {
            slots[slot].tag = key_len == 1 ? key[0] : hash;
            slots[slot].count = count;
            return;
        }
        if (++slot == capacity) slot = 0;
    }
}

// An index build's step for tuple i of sorted data (both backends, one tuple per thread):
// a tuple that starts a key run inserts the run.
template <class Cas>
GALIAS_HD void insert_run_starting_at(IndexSlot* slots, std::uint64_t capacity, const Cell* data,
                                      std::uint64_t i, std::uint64_t size, std::uint32_t arity,
                                      std::uint32_t key_len, Cas cas) {
    if (!starts_key_run(data, i, arity, key_len)) return;
    const std::uint64_t end = key_run_end(data, i, size, arity, key_len);
    insert_key_run(slots, capacity, data + i * arity, key_len, static_cast<std::uint32_t>(i),
                   static_cast<std::uint32_t>(end - i), cas);
}

// Number of slots for `keys` distinct keys at `load_factor` (at least one free slot, so
// probing for a missing key always terminates).
inline std::uint64_t index_capacity(std::uint64_t keys, double load_factor) {
    if (keys == 0) return 0;
    auto capacity = static_cast<std::uint64_t>(static_cast<double>(keys) / load_factor) + 1;
    return capacity > keys ? capacity : keys + 1;
}

}  // namespace galias::engine
