#pragma once
// A single-threaded open-addressing set of 64-bit keys that grows as needed: the host
// backend's duplicate pre-filter. Joins such as SG's or CSPA's ValueAlias produce tens to
// hundreds of copies of each new tuple; hashing a batch into one such set per thread
// (cache-resident while the distinct count is small) removes them at a few nanoseconds a
// tuple, so only the distinct tuples are radix-sorted.

#include <algorithm>
#include <cstdint>
#include <vector>

namespace galias::engine::cpu {

class DistinctSet {
public:
    explicit DistinctSet(std::uint32_t log2_capacity = 14) { rehash(log2_capacity); }

    // Adds `key`; returns true if it was not present yet.
    bool insert(std::uint64_t key) {
        if (key == kEmpty) {
            const bool added = !has_empty_key_;
            has_empty_key_ = true;
            size_ += added ? 1 : 0;
            return added;
        }
        std::uint64_t slot = position(key);
        while (true) {
            const std::uint64_t here = slots_[slot];
            if (here == key) return false;
            if (here == kEmpty) break;
            slot = (slot + 1) & mask_;
        }
        slots_[slot] = key;
        ++size_;
        if (2 * (size_ - (has_empty_key_ ? 1 : 0)) > slots_.size()) rehash(log2_capacity_ + 2);
        return true;
    }

    [[nodiscard]] std::uint64_t size() const { return size_; }

    // Empties the set, keeping its table: a reused set costs a fill of memory already
    // mapped instead of fresh pages (and rehashes) for every batch.
    void clear() {
        if (size_ == 0) return;
        std::fill(slots_.begin(), slots_.end(), kEmpty);
        size_ = 0;
        has_empty_key_ = false;
    }

    template <class Fn>
    void for_each(Fn&& fn) const {
        for (std::uint64_t key : slots_)
            if (key != kEmpty) fn(key);
        if (has_empty_key_) fn(kEmpty);
    }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};

    [[nodiscard]] std::uint64_t position(std::uint64_t key) const {
        return (key * 0x9E3779B97F4A7C15ull) >> (64 - log2_capacity_);  // Fibonacci hashing
    }

    void rehash(std::uint32_t log2_capacity) {
        std::vector<std::uint64_t> old = std::move(slots_);
        log2_capacity_ = log2_capacity;
        slots_.assign(std::uint64_t{1} << log2_capacity, kEmpty);
        mask_ = slots_.size() - 1;
        for (std::uint64_t key : old) {
            if (key == kEmpty) continue;
            std::uint64_t slot = position(key);
            while (slots_[slot] != kEmpty) slot = (slot + 1) & mask_;
            slots_[slot] = key;
        }
    }

    std::vector<std::uint64_t> slots_;
    std::uint64_t mask_ = 0;
    std::uint32_t log2_capacity_ = 0;
    std::uint64_t size_ = 0;
    bool has_empty_key_ = false;
};

}  // namespace galias::engine::cpu
