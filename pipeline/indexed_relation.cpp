// IndexedRelation (indexed_relation.hpp): the file is mapped read-only; opening it reads
// the header, the offsets and the block hashes, and a lookup reads the blocks of its key.
#include "pipeline/indexed_relation.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <string_view>

#include "facts/content_hash.hpp"
#include "pipeline/database_error.hpp"

namespace galias::pipeline {

namespace {

constexpr std::size_t kHeaderBytes = 40;

std::uint64_t block_count(std::uint64_t rows) {
    return (rows + kIndexedBlockValues - 1) / kIndexedBlockValues;
}

std::uint64_t expected_bytes(std::uint64_t keys, std::uint64_t rows) {
    return kHeaderBytes + 8 * (keys + 1) + 4 * (rows + rows % 2) + 8 * block_count(rows);
}

template <typename T>
T read_at(const unsigned char* at) {
    T value;
    std::memcpy(&value, at, sizeof value);
    return value;
}

}  // namespace

IndexedRelation::IndexedRelation(const std::filesystem::path& file, unsigned key_column, std::uint64_t keys,
                                 std::uint64_t rows, std::uint64_t index_hash)
    : file_(file), keys_(keys), rows_(rows) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw corrupt_database(file, "a relation file is missing or cannot be opened");
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw corrupt_database(file, "a relation file is not a regular file");
    }
    const std::uint64_t size = static_cast<std::uint64_t>(st.st_size);
    // Checked before mapping: a short file would fault on the first read past its end.
    if (keys > (std::uint64_t{1} << 32) || rows > (std::uint64_t{1} << 40) ||
        size != expected_bytes(keys, rows)) {
        ::close(fd);
        throw corrupt_database(file, fmt::format("the relation has {} bytes; for {} keys and {} rows, as the "
                                                 "manifest says, it would have {}",
                                                 size, keys, rows, expected_bytes(keys, rows)));
    }
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED) throw corrupt_database(file, "a relation file cannot be mapped");
    map_ = static_cast<const unsigned char*>(map);
    map_bytes_ = size;

    if (std::memcmp(map_, "galiasIX", 8) != 0 || read_at<std::uint32_t>(map_ + 8) != kIndexedRelationLayout ||
        read_at<std::uint32_t>(map_ + 12) != key_column || read_at<std::uint64_t>(map_ + 16) != keys ||
        read_at<std::uint64_t>(map_ + 24) != rows ||
        read_at<std::uint64_t>(map_ + 32) != kIndexedBlockValues) {
        ::munmap(map, size);
        throw corrupt_database(file, "the relation's header is not the one the manifest describes");
    }
    offsets_ = reinterpret_cast<const std::uint64_t*>(map_ + kHeaderBytes);
    values_ = reinterpret_cast<const std::uint32_t*>(offsets_ + keys + 1);
    block_hashes_ = reinterpret_cast<const std::uint64_t*>(values_ + rows + rows % 2);
    const std::uint64_t blocks = block_count(rows);

    facts::ContentHash hash;
    hash.add(std::string_view(reinterpret_cast<const char*>(map_), kHeaderBytes + 8 * (keys + 1)));
    hash.add(std::string_view(reinterpret_cast<const char*>(block_hashes_), 8 * blocks));
    bool consistent = hash.value() == index_hash && offsets_[0] == 0 && offsets_[keys] == rows;
    for (std::uint64_t k = 0; k < keys && consistent; ++k) consistent = offsets_[k] <= offsets_[k + 1];
    if (!consistent) {
        ::munmap(map, size);
        throw corrupt_database(file, "the relation's index does not match the manifest's hash");
    }
    verified_ = std::make_unique<std::atomic<bool>[]>(blocks);
}

IndexedRelation::~IndexedRelation() {
    if (map_ != nullptr) ::munmap(const_cast<unsigned char*>(map_), map_bytes_);
}

void IndexedRelation::verify_block(std::uint64_t block) const {
    const std::uint64_t first = block * kIndexedBlockValues;
    const std::uint64_t count = std::min(kIndexedBlockValues, rows_ - first);
    const std::uint32_t* values = values_ + first;
    const std::string_view bytes(reinterpret_cast<const char*>(values), 4 * count);
    if (facts::hash_bytes(bytes) != block_hashes_[block])
        throw corrupt_database(file_, fmt::format("block {} of the relation does not match its hash", block));
    // Past the hash, a node id past the symbol table can only be a writer's bug; checked so
    // that it is an error, never an index out of bounds.
    if (std::any_of(values, values + count, [&](std::uint32_t v) { return v >= keys_; }))
        throw corrupt_database(
            file_, fmt::format("block {} of the relation names a node not in the symbol table", block));
    verified_[block].store(true, std::memory_order_release);
}

std::span<const std::uint32_t> IndexedRelation::values(std::uint32_t key) const {
    if (key >= keys_) return {};
    const std::uint64_t begin = offsets_[key];
    const std::uint64_t end = offsets_[key + 1];
    if (begin == end) return {};
    for (std::uint64_t b = begin / kIndexedBlockValues; b <= (end - 1) / kIndexedBlockValues; ++b) {
        if (!verified_[b].load(std::memory_order_acquire)) verify_block(b);
    }
    return {values_ + begin, static_cast<std::size_t>(end - begin)};
}

void IndexedRelation::verify_all() const {
    for (std::uint64_t b = 0; b < block_count(rows_); ++b) {
        if (!verified_[b].load(std::memory_order_acquire)) verify_block(b);
    }
}

bool IndexedRelation::contains(std::uint32_t key, std::uint32_t value) const {
    const std::span<const std::uint32_t> v = values(key);
    return std::binary_search(v.begin(), v.end(), value);
}

}  // namespace galias::pipeline
