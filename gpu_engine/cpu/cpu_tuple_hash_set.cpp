// The host backend's tuple hash set (hisa/tuple_hash_set.hpp): the table shared by the
// worker threads, claimed with std::atomic_ref compare-and-swaps, or the bitmap it
// becomes once that is the smaller (words or-ed atomically). A batch is inserted in
// chunks, each marking which of its rows were new; the marked rows are then copied out in
// input order. (Where several chunks hold copies of one tuple, which copy is kept depends
// on thread timing; which tuples are new does not.)
#include <atomic>
#include <bit>
#include <cstring>
#include <vector>

#include "gpu_engine/cpu/cpu_backend.hpp"
#include "gpu_engine/cpu/parallel.hpp"
#include "gpu_engine/hisa/join_logic.hpp"
#include "gpu_engine/hisa/tuple_hash_set.hpp"

namespace galias::engine::cpu {
namespace {

class CpuTupleHashSet final : public TupleHashSet {
public:
    [[nodiscard]] std::uint64_t size() const override { return held; }
    [[nodiscard]] bool is_bitmap() const override { return bits.get() != nullptr; }

    [[nodiscard]] TupleSetRef ref() {
        return {static_cast<std::uint64_t*>(table.get()), slots - 1, &has_empty_key,
                static_cast<std::uint32_t*>(bits.get()), bitmap.row_bits};
    }

    Buffer table;
    std::uint64_t slots = 0;
    std::uint64_t held = 0;
    std::uint64_t has_empty_key = 0;  // the flag word of insert_key
    Buffer bits;                      // the bitmap, once the set is one (then no table)
    TupleBitmapShape bitmap;          // its shape
};

struct AtomicLoad {
    std::uint64_t operator()(std::uint64_t* address) const {
        return std::atomic_ref<std::uint64_t>(*address).load(std::memory_order_relaxed);
    }
};
struct AtomicCas {
    std::uint64_t operator()(std::uint64_t* address, std::uint64_t expected, std::uint64_t desired) const {
        std::atomic_ref<std::uint64_t>(*address).compare_exchange_strong(expected, desired,
                                                                         std::memory_order_relaxed);
        return expected;  // the slot's previous value either way
    }
};
struct AtomicWordLoad {
    std::uint32_t operator()(std::uint32_t* address) const {
        return std::atomic_ref<std::uint32_t>(*address).load(std::memory_order_relaxed);
    }
};
struct AtomicWordOr {
    std::uint32_t operator()(std::uint32_t* address, std::uint32_t bits) const {
        return std::atomic_ref<std::uint32_t>(*address).fetch_or(bits, std::memory_order_relaxed);
    }
};

}  // namespace

TupleBitmapShape CpuBackend::bitmap_shape(std::uint32_t arity) const {
    if (!value_bound_ || arity == 0 || arity > 2) return {};
    return tuple_bitmap_shape(arity, *value_bound_);
}

bool CpuBackend::prefers_hash_dedup(std::uint32_t arity) const {
    const TupleBitmapShape bitmap = bitmap_shape(arity);
    return bitmap.words != 0 && bitmap.bytes() <= kPreferredBitmapBytes;
}

template <class BitOf>
Buffer CpuBackend::bitmap_of(const TupleBitmapShape& bitmap, std::uint64_t n, BitOf bit_of) {
    Buffer buffer = allocate(bitmap.bytes());
    auto* words = static_cast<std::uint32_t*>(buffer.get());
    parallel([&] {
        for_each_chunk(Chunking(bitmap.words, threads_),
                       [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
                           std::fill(words + begin, words + end, 0U);
                       });
        for_each_chunk(Chunking(n, threads_), [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
            for (std::uint64_t i = begin; i < end; ++i) {
                const std::uint64_t bit = bit_of(i);
                if (bit == kNoTupleBit) continue;
                std::uint32_t* word = words + (bit >> 5);
                const std::uint32_t mask = std::uint32_t{1} << (bit & 31);
                // Read first: rows repeat, and a read is cheaper than an atomic.
                if ((AtomicWordLoad{}(word)&mask) == 0) AtomicWordOr{}(word, mask);
            }
        });
    });
    return buffer;
}

std::unique_ptr<TupleHashSet> CpuBackend::make_tuple_hash_set(std::uint32_t arity) {
    if (!holds(arity)) return nullptr;
    return std::make_unique<CpuTupleHashSet>();
}

void CpuBackend::insert_new(TupleHashSet& set, const TupleArray& tuples, TupleArray& out) {
    auto& s = static_cast<CpuTupleHashSet&>(set);
    const std::uint32_t arity = tuples.arity;
    const std::uint64_t n = tuples.size;
    out = make_array(arity, n);
    if (n == 0) return;
    const std::uint64_t wanted = tuple_hash_set_slots(s.held, n);
    if (const TupleBitmapShape bitmap = bitmap_shape(arity); s.bits.get() == nullptr && s.slots < wanted &&
                                                             tuple_set_becomes_bitmap(wanted, bitmap) &&
                                                             fits_in_memory(bitmap.bytes())) {
        // Into a bitmap, for good: every old key sets its bit.
        const auto* keys = static_cast<const std::uint64_t*>(s.table.get());
        s.bits = bitmap_of(bitmap, s.slots, [&](std::uint64_t i) {
            return keys[i] == kEmptyKey ? kNoTupleBit : tuple_bit_of_key(keys[i], arity, bitmap.row_bits);
        });
        s.bitmap = bitmap;
        s.table = Buffer();
        s.slots = 0;
    }
    if (s.bits.get() == nullptr && s.slots < wanted) {  // room for every row of the batch to be new
        Buffer table = allocate(wanted * sizeof(std::uint64_t));
        auto* slots = static_cast<std::uint64_t*>(table.get());
        const auto* old_slots = static_cast<const std::uint64_t*>(s.table.get());
        parallel([&] {
            for_each_chunk(Chunking(wanted, threads_),
                           [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
                               std::fill(slots + begin, slots + end, kEmptyKey);
                           });
            for_each_chunk(
                Chunking(s.slots, threads_), [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
                    for (std::uint64_t i = begin; i < end; ++i)
                        if (old_slots[i] != kEmptyKey)
                            claim_key(slots, wanted - 1, old_slots[i], wanted, AtomicLoad{}, AtomicCas{});
                });
        });
        s.table = std::move(table);
        s.slots = wanted;
    }
    const TupleSetRef target = s.ref();
    const Cell* rows = tuples.data();
    std::vector<std::uint8_t> fresh(n);
    const Chunking chunking(n, threads_);
    std::vector<std::uint64_t> offsets(chunking.chunks);
    parallel([&] {
        for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
            std::uint64_t count = 0;
            for (std::uint64_t i = begin; i < end; ++i) {
                fresh[i] = insert_tuple(target, rows[i * arity], arity == 2 ? rows[i * arity + 1] : 0, arity,
                                        AtomicLoad{}, AtomicCas{}, AtomicWordLoad{}, AtomicWordOr{});
                count += fresh[i];
            }
            offsets[chunk] = count;
        });
    });
    const std::uint64_t total = exclusive_scan(offsets);
    Cell* written = out.data();
    parallel([&] {
        for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
            std::uint64_t w = offsets[chunk];
            for (std::uint64_t i = begin; i < end; ++i)
                if (fresh[i]) std::memcpy(written + arity * w++, rows + arity * i, arity * sizeof(Cell));
        });
    });
    out.size = total;
    s.held += total;
}

std::optional<std::uint64_t> CpuBackend::join_into_set(const JoinSpec& spec, const TupleArray& outer,
                                                       const Hisa* inner, TupleArray& out, TupleHashSet& set,
                                                       std::uint64_t /*room*/) {
    auto& s = static_cast<CpuTupleHashSet&>(set);
    const std::uint32_t arity = spec.out_arity;
    // Only bitmaps: a hash table would have to be sized for the output first.
    if (!s.is_bitmap() || arity == 0 || arity > 2) return std::nullopt;
    const HisaRef inner_ref = inner != nullptr ? inner->ref() : HisaRef{};
    if (outer.size == 0 || (spec.has_inner && inner_ref.size == 0)) return 0;
    const TupleSetRef target = s.ref();
    const Cell* outer_data = outer.data();
    const Chunking chunking(outer.size, threads_, 512);
    std::vector<std::vector<Cell>> fresh(chunking.chunks);
    std::vector<std::uint64_t> derived(chunking.chunks);
    parallel([&] {
        for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
            std::vector<Cell>& kept = fresh[chunk];
            std::uint64_t count = 0;
            for (std::uint64_t i = begin; i < end; ++i) {
                for_each_match(spec, inner_ref, outer_data + i * outer.arity,
                               [&](const Cell* outer_row, const Cell* inner_row) {
                                   Cell row[2] = {0, 0};
                                   write_output(spec, outer_row, inner_row, row);
                                   ++count;
                                   if (insert_tuple(target, row[0], row[1], arity, AtomicLoad{}, AtomicCas{},
                                                    AtomicWordLoad{}, AtomicWordOr{}))
                                       kept.insert(kept.end(), row, row + arity);
                               });
            }
            derived[chunk] = count;
        });
    });
    std::vector<std::uint64_t> offsets(chunking.chunks);
    for (std::uint64_t c = 0; c < chunking.chunks; ++c) offsets[c] = fresh[c].size() / arity;
    const std::uint64_t total = exclusive_scan(offsets);
    const std::uint64_t base = out.size;
    reserve(out, base + total);
    Cell* written = out.data() + base * arity;
    parallel([&] {
        tbb::parallel_for(std::uint64_t{0}, chunking.chunks, [&](std::uint64_t c) {
            std::copy(fresh[c].begin(), fresh[c].end(), written + offsets[c] * arity);
        });
    });
    out.size = base + total;
    s.held += total;
    std::uint64_t sum = 0;
    for (std::uint64_t d : derived) sum += d;
    return sum;
}

std::unique_ptr<TupleHashSet> CpuBackend::make_scratch_bitmap(const JoinSpec& spec, std::uint64_t rows) {
    const TupleBitmapShape bitmap = small_bitmap(spec.out_arity, rows);
    if (bitmap.words == 0) return nullptr;
    auto set = std::make_unique<CpuTupleHashSet>();
    set->bits = bitmap_of(bitmap, 0, [](std::uint64_t) { return kNoTupleBit; });  // zeroed
    set->bitmap = bitmap;
    return set;
}

void CpuBackend::list_sorted(const TupleHashSet& set, std::uint32_t arity, TupleArray& out) {
    const auto& s = static_cast<const CpuTupleHashSet&>(set);
    out = make_array(arity, s.held);
    out.size = list_bitmap(static_cast<const std::uint32_t*>(s.bits.get()), s.bitmap, arity, out.data());
}

// Chunks of words counted, their offsets scanned, then each chunk lists its tuples.
std::uint64_t CpuBackend::list_bitmap(const std::uint32_t* bits, const TupleBitmapShape& bitmap,
                                      std::uint32_t arity, Cell* out) {
    const Chunking chunking(bitmap.words, threads_);
    std::vector<std::uint64_t> offsets(chunking.chunks);
    parallel([&] {
        for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
            std::uint64_t count = 0;
            for (std::uint64_t w = begin; w < end; ++w)
                count += static_cast<std::uint64_t>(std::popcount(bits[w]));
            offsets[chunk] = count;
        });
    });
    const std::uint64_t total = exclusive_scan(offsets);
    parallel([&] {
        for_each_chunk(chunking, [&](std::uint64_t chunk, std::uint64_t begin, std::uint64_t end) {
            Cell* at = out + offsets[chunk] * arity;
            BitmapCursor cursor = bitmap_cursor(begin * 32, bitmap.row_bits);
            for (std::uint64_t w = begin; w < end; ++w) {
                list_word(bits[w], w, arity, bitmap.row_bits, cursor, at);
                at += static_cast<std::uint64_t>(std::popcount(bits[w])) * arity;
            }
        });
    });
    return total;
}

// A bitmap of at most kSortBitmapMostBytes (in cache) whose passes cost at most
// kSortBitmapBytesPerRow a row: cheaper than hashing and radix-sorting the rows. On this
// project's 2-core machine SG ego-Facebook@30000's intermediates (a 2 MB bitmap) took
// 0.78-1.09 s instead of 1.12-1.50 s, fe_sphere@20000's (5.8 MB) got slower
// (docs/BENCHMARKS.md): hence 4 MiB.
TupleBitmapShape CpuBackend::small_bitmap(std::uint32_t arity, std::uint64_t rows) const {
    constexpr std::uint64_t kSortBitmapMostBytes = std::uint64_t{4} << 20;
    constexpr std::uint64_t kSortBitmapBytesPerRow = 64;
    const TupleBitmapShape bitmap = bitmap_shape(arity);
    if (bitmap.words == 0 || bitmap.bytes() > kSortBitmapMostBytes ||
        bitmap.bytes() > rows * kSortBitmapBytesPerRow)
        return {};
    return bitmap;
}

bool CpuBackend::sort_unique_through_bitmap(TupleArray& tuples) {
    const TupleBitmapShape bitmap = small_bitmap(tuples.arity, tuples.size);
    if (bitmap.words == 0) return false;
    const std::uint32_t arity = tuples.arity;
    const Cell* rows = tuples.data();
    const Buffer bits = bitmap_of(bitmap, tuples.size, [&](std::uint64_t i) {
        return tuple_bit(rows[i * arity], arity == 2 ? rows[i * arity + 1] : 0, arity, bitmap.row_bits);
    });
    tuples.size =
        list_bitmap(static_cast<const std::uint32_t*>(bits.get()), bitmap, tuples.arity, tuples.data());
    return true;
}

}  // namespace galias::engine::cpu
