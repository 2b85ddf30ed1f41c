#pragma once
// A binary relation of node ids stored for lookups by one column (the results database's
// ValueAlias, MemoryAlias and PointsTo; docs/FACTS.md, "Indexed relations"): the rows
// grouped by the key column, an offset per key, and per key the other column's values,
// ascending and distinct. A reader maps the file and touches only the keys it asks about,
// so a query on a program with a billion ValueAlias rows reads a few pages, not the
// relation.
//
//   header    8 bytes "galiasIX", then little-endian u32 layout version, u32 key column
//             (0: rows grouped by their first cell, 1: by their second), u64 keys K (the
//             symbol table's node count), u64 rows N, u64 block size B (values per block)
//   offsets   K + 1 u64: the values of key k are values[offsets[k] .. offsets[k + 1])
//   values    N u32, padded with zeros to a multiple of 8 bytes
//   blocks    ceil(N / B) u64: the content hash of each block of B values
//
// Integrity without reading everything: the manifest holds the hash of the header, the
// offsets and the block hashes (checked when the file is opened); a block of values is
// hashed, and its node ids checked against K, the first time a lookup reaches it.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

namespace galias::pipeline {

inline constexpr std::uint32_t kIndexedRelationLayout = 1;
inline constexpr std::uint64_t kIndexedBlockValues = 1u << 16;

struct IndexedRelationInfo {
    std::uint64_t rows = 0;
    std::uint64_t bytes = 0;       // the file's size
    std::uint64_t index_hash = 0;  // of the header, the offsets and the block hashes
};

// Writes flat (a, b) rows (two cells each, any order, duplicates allowed) grouped by
// `key_column`. Every cell must be below `keys`. Sorted distinct rows grouped by their
// first cell (the engine's ValueAlias) are streamed out without a copy. Throws
// facts::OutputError when the file cannot be written.
IndexedRelationInfo write_indexed_relation(const std::filesystem::path& file,
                                           std::span<const std::uint32_t> cells, unsigned key_column,
                                           std::uint64_t keys);

class IndexedRelation {
public:
    // Maps `file` and checks its size, header and index hash against what the manifest
    // says. Throws DiagnosticError ("corrupt results database: ...") otherwise.
    IndexedRelation(const std::filesystem::path& file, unsigned key_column, std::uint64_t keys,
                    std::uint64_t rows, std::uint64_t index_hash);
    IndexedRelation(const IndexedRelation&) = delete;
    IndexedRelation& operator=(const IndexedRelation&) = delete;
    ~IndexedRelation();

    // The other column's values of the rows whose key column is `key`, ascending; empty for
    // a key past K. Verifies the blocks it covers the first time (thread-safe); throws
    // DiagnosticError when one does not match its hash or holds a node id past K.
    [[nodiscard]] std::span<const std::uint32_t> values(std::uint32_t key) const;
    [[nodiscard]] bool contains(std::uint32_t key, std::uint32_t value) const;
    // Verifies every block now, so that damage is found before the reader starts rather than
    // in the middle of its work (analyze and check, which write a damaged database again).
    void verify_all() const;
    [[nodiscard]] std::uint64_t rows() const { return rows_; }

private:
    void verify_block(std::uint64_t block) const;

    std::filesystem::path file_;
    const unsigned char* map_ = nullptr;
    std::size_t map_bytes_ = 0;
    std::uint64_t keys_ = 0;
    std::uint64_t rows_ = 0;
    const std::uint64_t* offsets_ = nullptr;
    const std::uint32_t* values_ = nullptr;
    const std::uint64_t* block_hashes_ = nullptr;
    std::unique_ptr<std::atomic<bool>[]> verified_;
};

}  // namespace galias::pipeline
