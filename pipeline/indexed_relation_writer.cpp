// write_indexed_relation (indexed_relation.hpp): two passes over the rows, one to count
// each key's values, one to write them, so the engine's sorted ValueAlias (the largest
// relation by far) goes out without being copied.
#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "facts/content_hash.hpp"
#include "facts/output_file.hpp"
#include "pipeline/indexed_relation.hpp"

namespace galias::pipeline {

namespace {

static_assert(std::endian::native == std::endian::little, "indexed relations are little-endian");

template <typename T>
std::string_view bytes_of(const T* data, std::size_t count) {
    return {reinterpret_cast<const char*>(data), count * sizeof(T)};
}

// The rows as (key, value) pairs in file order: the cells themselves when they already are
// (sorted and distinct, grouped by the first cell), else a sorted distinct copy.
class RowOrder {
public:
    RowOrder(std::span<const std::uint32_t> cells, unsigned key_column) : cells_(cells) {
        const std::size_t rows = cells.size() / 2;
        bool in_order = key_column == 0;
        for (std::size_t i = 1; i < rows && in_order; ++i) in_order = pair(2 * i - 2) < pair(2 * i);
        if (in_order) return;
        packed_.resize(rows);
        for (std::size_t i = 0; i < rows; ++i) {
            const std::uint64_t key = cells[2 * i + key_column];
            packed_[i] = key << 32 | cells[2 * i + 1 - key_column];
        }
        std::sort(packed_.begin(), packed_.end());
        packed_.erase(std::unique(packed_.begin(), packed_.end()), packed_.end());
        copied_ = true;
    }

    [[nodiscard]] std::size_t size() const { return copied_ ? packed_.size() : cells_.size() / 2; }
    [[nodiscard]] std::uint32_t key(std::size_t i) const {
        return copied_ ? static_cast<std::uint32_t>(packed_[i] >> 32) : cells_[2 * i];
    }
    [[nodiscard]] std::uint32_t value(std::size_t i) const {
        return copied_ ? static_cast<std::uint32_t>(packed_[i]) : cells_[2 * i + 1];
    }

private:
    [[nodiscard]] std::uint64_t pair(std::size_t cell) const {
        return std::uint64_t{cells_[cell]} << 32 | cells_[cell + 1];
    }

    std::span<const std::uint32_t> cells_;
    std::vector<std::uint64_t> packed_;
    bool copied_ = false;
};

}  // namespace

IndexedRelationInfo write_indexed_relation(const std::filesystem::path& file,
                                           std::span<const std::uint32_t> cells, unsigned key_column,
                                           std::uint64_t keys) {
    if (key_column > 1) throw std::invalid_argument("write_indexed_relation: key column must be 0 or 1");
    const RowOrder rows(cells.first(cells.size() / 2 * 2), key_column);
    const std::uint64_t n = rows.size();

    std::vector<std::uint64_t> offsets(keys + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (rows.key(i) >= keys || rows.value(i) >= keys)
            throw std::invalid_argument("write_indexed_relation: a node id is not below the key count");
        ++offsets[rows.key(i) + 1];
    }
    for (std::uint64_t k = 0; k < keys; ++k) offsets[k + 1] += offsets[k];

    unsigned char header[40] = {};
    // The file's 8-byte magic, not a C string: no terminator belongs in the header.
    std::memcpy(header, "galiasIX", 8);  // NOLINT(bugprone-not-null-terminated-result)
    const std::uint32_t header_words[2] = {kIndexedRelationLayout, key_column};
    const std::uint64_t header_sizes[3] = {keys, n, kIndexedBlockValues};
    std::memcpy(header + 8, header_words, sizeof header_words);
    std::memcpy(header + 16, header_sizes, sizeof header_sizes);

    facts::OutputFile out(file);
    facts::ContentHash index;
    const std::string_view header_bytes(reinterpret_cast<const char*>(header), sizeof header);
    out.write(header_bytes);
    index.add(header_bytes);
    out.write(bytes_of(offsets.data(), offsets.size()));
    index.add(bytes_of(offsets.data(), offsets.size()));

    std::vector<std::uint64_t> block_hashes;
    std::vector<std::uint32_t> block;
    block.reserve(std::min<std::uint64_t>(n, kIndexedBlockValues));
    auto flush = [&] {
        out.write(bytes_of(block.data(), block.size()));
        block_hashes.push_back(facts::hash_bytes(bytes_of(block.data(), block.size())));
        block.clear();
    };
    for (std::size_t i = 0; i < n; ++i) {
        block.push_back(rows.value(i));
        if (block.size() == kIndexedBlockValues) flush();
    }
    if (!block.empty()) flush();
    if (n % 2 != 0) out.write(std::string_view("\0\0\0\0", 4));  // the block hashes stay 8-aligned
    out.write(bytes_of(block_hashes.data(), block_hashes.size()));
    index.add(bytes_of(block_hashes.data(), block_hashes.size()));
    out.commit();

    IndexedRelationInfo info;
    info.rows = n;
    info.bytes = sizeof header + 8 * (keys + 1) + 4 * (n + n % 2) + 8 * block_hashes.size();
    info.index_hash = index.value();
    return info;
}

}  // namespace galias::pipeline
