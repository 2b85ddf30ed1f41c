#pragma once
// RAII memory owned by a backend (host RAM for the CPU backend, device memory for CUDA),
// plus the tuple arrays and HISA containers built on it. Backends hand out Buffers;
// the executor never sees raw allocation calls.

#include <cstddef>
#include <cstdint>
#include <utility>

#include "gpu_engine/hisa/hisa_ref.hpp"

namespace galias::engine {

class Backend;

class Buffer {
public:
    Buffer() = default;
    Buffer(Backend* owner, void* data, std::size_t bytes) : owner_(owner), data_(data), bytes_(bytes) {}
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    Buffer(Buffer&& other) noexcept { swap(other); }
    Buffer& operator=(Buffer&& other) noexcept {
        if (this != &other) {
            reset();
            swap(other);
        }
        return *this;
    }
    ~Buffer() { reset(); }

    void reset();  // gives the memory back to its backend
    void swap(Buffer& other) noexcept {
        std::swap(owner_, other.owner_);
        std::swap(data_, other.data_);
        std::swap(bytes_, other.bytes_);
    }
    [[nodiscard]] void* get() const { return data_; }
    [[nodiscard]] Backend* owner() const { return owner_; }
    // Used by Backend::reallocate only.
    void rebind(void* data, std::size_t bytes) {
        data_ = data;
        bytes_ = bytes;
    }
    [[nodiscard]] std::size_t bytes() const { return bytes_; }

private:
    Backend* owner_ = nullptr;
    void* data_ = nullptr;
    std::size_t bytes_ = 0;
};

// `size` tuples of `arity` cells, row-major, in backend memory; capacity from the buffer.
struct TupleArray {
    Buffer buffer;
    std::uint64_t size = 0;
    std::uint32_t arity = 0;

    TupleArray() = default;
    explicit TupleArray(std::uint32_t arity_) : arity(arity_) {}

    [[nodiscard]] Cell* data() { return static_cast<Cell*>(buffer.get()); }
    [[nodiscard]] const Cell* data() const { return static_cast<const Cell*>(buffer.get()); }
    [[nodiscard]] std::uint64_t capacity() const {
        return arity == 0 ? 0 : buffer.bytes() / (sizeof(Cell) * arity);
    }
    [[nodiscard]] std::uint64_t cells() const { return size * arity; }
    [[nodiscard]] bool empty() const { return size == 0; }
};

// A hash-indexed sorted array: sorted, duplicate-free tuples with the key columns first,
// and an open-addressing index from each distinct key to its run of tuples.
struct Hisa {
    TupleArray data;
    std::uint32_t key_len = 0;
    Buffer slots;
    std::uint64_t slot_count = 0;
    // The most tuples one key has, once a backend has measured it (0 until then; every
    // build_index resets it): bounds a join's output by |outer| x longest_run. A cache the
    // joins that read the index fill (lanes may at once: through std::atomic_ref).
    mutable std::uint64_t longest_run = 0;

    // No index (yet): what build_index starts from.
    void drop_index() {
        slots.reset();
        slot_count = 0;
        longest_run = 0;
    }

    [[nodiscard]] HisaRef ref() const {
        return HisaRef{
            data.data(), data.size, data.arity, key_len, static_cast<const IndexSlot*>(slots.get()),
            slot_count};
    }
};

}  // namespace galias::engine
