#pragma once
// The seam between the backend-independent executor (semi-naive loop, EBM, statistics)
// and the two backends. Every operator works on whole relations (bulk API, like CUB and
// cuCollections); per-element logic lives in gpu_engine/hisa/ and is shared.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "gpu_engine/hisa/join_spec.hpp"
#include "gpu_engine/runtime/buffer.hpp"

namespace galias::engine {

struct MemoryCounters {
    std::size_t current_bytes = 0;
    std::size_t peak_bytes = 0;
    std::size_t allocations = 0;
    std::size_t allocated_bytes = 0;
    double allocation_seconds = 0;
};

class Backend {
public:
    virtual ~Backend() = default;

    [[nodiscard]] virtual std::string description() const = 0;  // "cpu (2 threads)"
    [[nodiscard]] virtual unsigned threads() const = 0;
    // Memory that could still be allocated (for EBM); host: MemAvailable, device: cudaMemGetInfo.
    [[nodiscard]] virtual std::size_t free_memory() const = 0;
    virtual void synchronize() {}
    // True when Buffers are plain host memory (outputs can be written without a copy).
    [[nodiscard]] virtual bool host_accessible() const { return false; }

    // Allocation, counted. Throws std::bad_alloc-derived OutOfMemory on failure.
    Buffer allocate(std::size_t bytes);
    void release(void* data, std::size_t bytes);
    [[nodiscard]] const MemoryCounters& memory() const { return memory_; }

    // Host <-> backend copies of `cells` cells.
    virtual void upload(const Cell* host, std::size_t cells, Cell* dst) = 0;
    virtual void download(const Cell* src, std::size_t cells, Cell* host) = 0;
    virtual void copy(const Cell* src, std::size_t cells, Cell* dst) = 0;

    TupleArray make_array(std::uint32_t arity, std::uint64_t capacity);
    // Grows `array` to hold at least `tuples` tuples, keeping its contents.
    void reserve(TupleArray& array, std::uint64_t tuples);
    TupleArray upload_array(const Cell* host, std::uint64_t tuples, std::uint32_t arity);

    // out[i] = in[i] with columns reordered: out column j = in column columns[j].
    virtual void permute(const TupleArray& in, std::span<const std::uint32_t> columns, TupleArray& out) = 0;
    // Sorts lexicographically (no dedup).
    virtual void sort(TupleArray& tuples) = 0;
    // Sorts and removes duplicates.
    virtual void sort_unique(TupleArray& tuples) = 0;
    // out = distinct tuples of `a` (sorted, duplicates allowed) that are not in `b` (sorted,
    // distinct). `out` is (re)allocated by the backend.
    virtual void difference(const TupleArray& a, const TupleArray& b, TupleArray& out) = 0;
    // out = a ∪ b for sorted, disjoint, distinct a and b; out.capacity() >= a.size + b.size.
    virtual void merge(const TupleArray& a, const TupleArray& b, TupleArray& out) = 0;
    // (Re)builds the hash index of `hisa` over its first key_len columns.
    virtual void build_index(Hisa& hisa, double load_factor) = 0;
    // Two-pass join: appends every output tuple of `spec` to `out` (grown as needed).
    // `inner` is null for steps without an inner relation.
    virtual void join(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner, TupleArray& out) = 0;

protected:
    virtual void* raw_allocate(std::size_t bytes) = 0;  // nullptr on failure
    virtual void raw_release(void* data, std::size_t bytes) = 0;

private:
    MemoryCounters memory_;
};

class OutOfMemory : public std::bad_alloc {
public:
    explicit OutOfMemory(std::string message) : message_(std::move(message)) {}
    [[nodiscard]] const char* what() const noexcept override { return message_.c_str(); }

private:
    std::string message_;
};

}  // namespace galias::engine
