#pragma once
// The exact tuple hash set, per element: how a linearly recursive relation of one or two
// columns is deduplicated with `--dedup hash` (docs/ENGINE.md). Every new tuple a flush
// inserts either finds its key (a known tuple) or stores it (a tuple of the next delta):
// no sort, no difference against full, no merge. The table is kept at most half full, so
// every probe sequence ends at the key or at an empty slot. The key kEmptyKey cannot be
// stored; its presence is one flag word beside the table.
//
// Dense sets become bitmaps. When every value is known to be at most `largest` (the
// executor's value bound), a set can instead hold one bit per possible tuple: bit
// first * (largest + 1) + second. Once the table would grow to half the bitmap's bytes the
// backend moves the set into a bitmap and keeps it there: no more growth or rehashing, an
// insert is one word operation, and the tuples with the same first value — what one outer
// tuple of a join derives — share a row of (largest + 1) bits instead of scattering over
// the table. REACH Gnutella31 (values below 62,586) holds 884 M tuples: a table of 2^31
// slots (16 GiB), or a bitmap of 0.49 GB.

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

// The bitmap holding every `arity`-column tuple of values <= largest: rows of `row_bits`
// bits (largest + 1; one row for one column), in `words` 32-bit words — none (words 0)
// when it would exceed 2^62 bits.
struct TupleBitmapShape {
    std::uint64_t row_bits = 0;
    std::uint64_t words = 0;
    [[nodiscard]] std::uint64_t bytes() const { return words * 4; }
};

inline TupleBitmapShape tuple_bitmap_shape(std::uint32_t arity, Cell largest) {
    const std::uint64_t values = std::uint64_t{largest} + 1;
    if (arity == 2 && values > (std::uint64_t{1} << 31)) return {};
    const std::uint64_t bits = arity == 2 ? values * values : values;
    return {values, (bits + 31) / 32};
}

// Whether a set about to grow its table to `wanted_slots` moves into a bitmap of that
// shape instead (words 0: none possible): once the table would take half the bitmap's
// bytes, a bitmap — which never grows — is the smaller of the two soon enough.
inline bool tuple_set_becomes_bitmap(std::uint64_t wanted_slots, const TupleBitmapShape& bitmap) {
    return bitmap.words != 0 && wanted_slots * sizeof(std::uint64_t) >= bitmap.bytes() / 2;
}

// A tuple set as the kernels and host loops see it: a hash table (table, mask, flag) or,
// when `bits` is set, a bitmap whose rows hold `row_bits` bits (largest + 1).
struct TupleSetRef {
    std::uint64_t* table = nullptr;
    std::uint64_t mask = 0;
    std::uint64_t* flag = nullptr;
    std::uint32_t* bits = nullptr;
    std::uint64_t row_bits = 0;
};

// The bit of tuple (first, second) in a bitmap of rows of `row_bits` bits.
GALIAS_HD std::uint64_t tuple_bit(Cell first, Cell second, std::uint32_t arity, std::uint64_t row_bits) {
    return arity == 2 ? std::uint64_t{first} * row_bits + second : first;
}

// "No bit": what a producer of bit positions gives for an item without one (an empty slot).
inline constexpr std::uint64_t kNoTupleBit = ~std::uint64_t{0};

// The bit of the tuple packed in hash-table key `key` (pack_key): how a table's keys move
// into a bitmap.
GALIAS_HD std::uint64_t tuple_bit_of_key(std::uint64_t key, std::uint32_t arity, std::uint64_t row_bits) {
    return arity == 2 ? tuple_bit(static_cast<Cell>(key >> 32), static_cast<Cell>(key), 2, row_bits) : key;
}

// Where a listing of a bitmap stands: the row holding the bits being listed and that
// row's first bit. Bits are listed in increasing order, so the row only moves forward —
// one division where a listing starts, none per tuple.
struct BitmapCursor {
    std::uint64_t row = 0;
    std::uint64_t row_start = 0;
};

GALIAS_HD BitmapCursor bitmap_cursor(std::uint64_t bit, std::uint64_t row_bits) {
    const std::uint64_t row = bit / row_bits;
    return {row, row * row_bits};
}

// Writes the tuples of bitmap word `w` (its set bits, in order) to out[0, popcount);
// `at` is a cursor at or before the word's first bit.
GALIAS_HD void list_word(std::uint32_t word, std::uint64_t w, std::uint32_t arity, std::uint64_t row_bits,
                         BitmapCursor& at, Cell* out) {
    for (const std::uint64_t first_bit = w * 32; word != 0; word &= word - 1) {
        const std::uint64_t b = first_bit + static_cast<std::uint64_t>(
#ifdef __CUDA_ARCH__
                                                __ffs(static_cast<int>(word)) - 1
#else
                                                std::countr_zero(word)
#endif
                                            );
        if (arity != 2) {
            *out++ = static_cast<Cell>(b);
            continue;
        }
        while (b >= at.row_start + row_bits) {
            at.row_start += row_bits;
            ++at.row;
        }
        *out++ = static_cast<Cell>(at.row);
        *out++ = static_cast<Cell>(b - at.row_start);
    }
}

// Where tuple (first, second) lies in a bitmap set: its word and its bit's mask there.
struct TupleBitPlace {
    std::uint32_t* word;
    std::uint32_t mask;
};
GALIAS_HD TupleBitPlace tuple_bit_place(const TupleSetRef& set, Cell first, Cell second,
                                        std::uint32_t arity) {
    const std::uint64_t bit = tuple_bit(first, second, arity, set.row_bits);
    return {set.bits + (bit >> 5), std::uint32_t{1} << (bit & 31)};
}

// Inserts tuple (first, second) of `arity` columns into `set`; true when it was not there.
// `load_word(address)` reads a bitmap word coherently, `or_word(address, bits)` ors bits
// into it atomically and returns its previous value; load and cas serve the hash table.
template <class Load, class Cas, class LoadWord, class OrWord>
GALIAS_HD bool insert_tuple(const TupleSetRef& set, Cell first, Cell second, std::uint32_t arity, Load load,
                            Cas cas, LoadWord load_word, OrWord or_word) {
    if (set.bits != nullptr) {
        const TupleBitPlace place = tuple_bit_place(set, first, second, arity);
        // Read first: most derived tuples are known, and a read is cheaper than an atomic.
        if ((load_word(place.word) & place.mask) != 0) return false;
        return (or_word(place.word, place.mask) & place.mask) == 0;
    }
    return insert_key(set.table, set.mask, set.flag, pack_key(first, second, arity), load, cas);
}

}  // namespace galias::engine
