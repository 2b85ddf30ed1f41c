#include "gpu_engine/runtime/backend.hpp"

#include <algorithm>
#include <chrono>

namespace galias::engine {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

void Buffer::reset() {
    if (owner_ != nullptr && data_ != nullptr) owner_->release(data_, bytes_);
    owner_ = nullptr;
    data_ = nullptr;
    bytes_ = 0;
}

void Backend::count_allocation(std::size_t bytes, double seconds) {
    own_allocation_seconds_.fetch_add(seconds, std::memory_order_relaxed);
    std::lock_guard lock(accounting_->memory_mutex_);
    MemoryCounters& memory = accounting_->memory_;
    memory.allocation_seconds += seconds;
    memory.current_bytes += bytes;
    memory.peak_bytes = std::max(memory.peak_bytes, memory.current_bytes);
    ++memory.allocations;
    memory.allocated_bytes += bytes;
}

Buffer Backend::try_allocate(std::size_t bytes) {
    if (bytes == 0) return Buffer{};
    const auto start = std::chrono::steady_clock::now();
    void* data = raw_allocate(bytes);
    if (data == nullptr) return Buffer{};
    count_allocation(bytes, seconds_since(start));
    return Buffer(this, data, bytes);
}

Buffer Backend::allocate(std::size_t bytes) {
    Buffer buffer = try_allocate(bytes);
    if (buffer.get() == nullptr && bytes != 0) {
        throw OutOfMemory("not enough memory: allocating " + std::to_string(bytes) + " bytes on " +
                          description() + " failed (" + std::to_string(memory().current_bytes) +
                          " bytes in use, " + std::to_string(free_memory()) + " free)");
    }
    return buffer;
}

void Backend::release(void* data, std::size_t bytes) {
    const auto start = std::chrono::steady_clock::now();
    raw_release(data, bytes);
    const double seconds = seconds_since(start);
    own_allocation_seconds_.fetch_add(seconds, std::memory_order_relaxed);
    std::lock_guard lock(accounting_->memory_mutex_);
    accounting_->memory_.allocation_seconds += seconds;
    accounting_->memory_.current_bytes -= bytes;
}

void* Backend::raw_reallocate(void* data, std::size_t old_bytes, std::size_t new_bytes) {
    void* grown = raw_allocate(new_bytes);
    if (grown == nullptr) return nullptr;
    copy(static_cast<const Cell*>(data), std::min(old_bytes, new_bytes) / sizeof(Cell),
         static_cast<Cell*>(grown));
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
    if (data == nullptr)
        throw OutOfMemory("not enough memory: growing a buffer to " + std::to_string(bytes) + " bytes on " +
                          description() + " failed (" + std::to_string(memory().current_bytes) +
                          " bytes in use)");
    {
        // The old block is gone: count the new one as allocated in its place.
        std::lock_guard lock(accounting_->memory_mutex_);
        accounting_->memory_.current_bytes -= buffer.bytes();
    }
    count_allocation(bytes, seconds_since(start));
    buffer.rebind(data, bytes);
}

TupleArray Backend::make_array(std::uint32_t arity, std::uint64_t capacity) {
    TupleArray array(arity);
    array.buffer = allocate(capacity * arity * sizeof(Cell));
    return array;
}

void Backend::reserve(TupleArray& array, std::uint64_t tuples) {
    if (array.capacity() >= tuples) return;
    // Doubling keeps appends amortized; near the memory limit the room is not worth failing
    // the run for.
    TupleArray grown(array.arity);
    const std::size_t tuple_bytes = std::size_t{array.arity} * sizeof(Cell);
    if (array.capacity() * 2 > tuples) grown.buffer = try_allocate(array.capacity() * 2 * tuple_bytes);
    if (grown.buffer.get() == nullptr) grown = make_array(array.arity, tuples);
    if (array.size != 0) copy(array.data(), array.cells(), grown.data());
    grown.size = array.size;
    array = std::move(grown);
}

void Backend::append(TupleArray& to, const TupleArray& from) {
    if (from.size == 0) return;
    reserve(to, to.size + from.size);
    copy(from.data(), from.cells(), to.data() + to.cells());
    to.size += from.size;
}

std::uint64_t emit_then_insert_new(Backend& backend, TupleSets& sets, const JoinSpec& spec,
                                   const TupleArray& outer, const Hisa* inner, const JoinCounts& counts,
                                   std::uint64_t from, std::uint64_t to, TupleArray& out, TupleHashSet& set) {
    TupleArray derived(spec.out_arity);
    backend.join_emit(spec, outer, inner, counts, from, to, derived);
    TupleArray added;
    sets.insert_new(set, derived, added);
    backend.append(out, added);
    return derived.size;
}

std::uint64_t emit_unfiltered(Backend& backend, const JoinSpec& spec, const TupleArray& outer,
                              const Hisa* inner, const JoinCounts& counts, std::uint64_t from,
                              std::uint64_t to, TupleArray& out) {
    const std::uint64_t before = out.size;
    backend.join_emit(spec, outer, inner, counts, from, to, out);
    return out.size - before;
}

std::optional<std::uint64_t> OnePassJoin::join_distinct(const JoinSpec& spec, const TupleArray& outer,
                                                        const Hisa* inner, TupleArray& out,
                                                        std::uint64_t room) {
    const std::unique_ptr<TupleHashSet> scratch = make_scratch_bitmap(spec, outer.size);
    if (!scratch) return std::nullopt;
    return join_into_set(spec, outer, inner, out, *scratch, room);
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
