#include "gpu_engine/runtime/backend.hpp"

#include <algorithm>
#include <chrono>

namespace galias::engine {

void Buffer::reset() {
    if (owner_ != nullptr && data_ != nullptr) owner_->release(data_, bytes_);
    owner_ = nullptr;
    data_ = nullptr;
    bytes_ = 0;
}

Buffer Backend::allocate(std::size_t bytes) {
    if (bytes == 0) return Buffer{};
    const auto start = std::chrono::steady_clock::now();
    void* data = raw_allocate(bytes);
    memory_.allocation_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (data == nullptr) {
        throw OutOfMemory("not enough memory: allocating " + std::to_string(bytes) + " bytes on " + description() +
                          " failed (" + std::to_string(memory_.current_bytes) + " bytes in use, " +
                          std::to_string(free_memory()) + " free)");
    }
    memory_.current_bytes += bytes;
    memory_.peak_bytes = std::max(memory_.peak_bytes, memory_.current_bytes);
    ++memory_.allocations;
    memory_.allocated_bytes += bytes;
    return Buffer(this, data, bytes);
}

void Backend::release(void* data, std::size_t bytes) {
    const auto start = std::chrono::steady_clock::now();
    raw_release(data, bytes);
    memory_.allocation_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    memory_.current_bytes -= bytes;
}

void* Backend::raw_reallocate(void* data, std::size_t old_bytes, std::size_t new_bytes) {
    void* grown = raw_allocate(new_bytes);
    if (grown == nullptr) return nullptr;
    copy(static_cast<const Cell*>(data), std::min(old_bytes, new_bytes) / sizeof(Cell), static_cast<Cell*>(grown));
    synchronize();
    raw_release(data, old_bytes);
    return grown;
}

void Backend::reallocate(Buffer& buffer, std::size_t bytes) {
    if (buffer.get() == nullptr) {
        buffer = allocate(bytes);
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    void* data = raw_reallocate(buffer.get(), buffer.bytes(), bytes);
    memory_.allocation_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (data == nullptr)
        throw OutOfMemory("not enough memory: growing a buffer to " + std::to_string(bytes) + " bytes on " + description() +
                          " failed (" + std::to_string(memory_.current_bytes) + " bytes in use)");
    memory_.current_bytes = memory_.current_bytes - buffer.bytes() + bytes;
    memory_.peak_bytes = std::max(memory_.peak_bytes, memory_.current_bytes);
    ++memory_.allocations;
    memory_.allocated_bytes += bytes;
    buffer.rebind(data, bytes);
}

TupleArray Backend::make_array(std::uint32_t arity, std::uint64_t capacity) {
    TupleArray array(arity);
    array.buffer = allocate(capacity * arity * sizeof(Cell));
    return array;
}

void Backend::reserve(TupleArray& array, std::uint64_t tuples) {
    if (array.capacity() >= tuples) return;
    TupleArray grown = make_array(array.arity, std::max<std::uint64_t>(tuples, array.capacity() * 2));
    if (array.size != 0) copy(array.data(), array.cells(), grown.data());
    grown.size = array.size;
    array = std::move(grown);
}

void Backend::join(const JoinSpec& spec, const TupleArray& outer, const Hisa* inner, TupleArray& out) {
    const std::unique_ptr<JoinCounts> counts = join_count(spec, outer, 0, outer.size, inner);
    if (counts->total != 0) join_emit(spec, outer, inner, *counts, 0, outer.size, out);
}

TupleArray Backend::upload_array(const Cell* host, std::uint64_t tuples, std::uint32_t arity) {
    TupleArray array = make_array(arity, tuples);
    if (tuples != 0) upload(host, tuples * arity, array.data());
    array.size = tuples;
    return array;
}

}  // namespace galias::engine
