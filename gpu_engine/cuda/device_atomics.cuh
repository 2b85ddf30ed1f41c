#pragma once
// The device's atomics in the form the shared per-element code of gpu_engine/hisa/ takes
// them as parameters (the CPU backend passes std::atomic_ref versions): written once for
// every kernel that needs them.

#include <cstdint>

#include "gpu_engine/hisa/tuple_hash_set.hpp"

namespace galias::engine::cuda {

// insert_key_run's claim of an index slot: a 32-bit compare-and-swap returning the
// previous value.
struct IndexSlotCas {
    __device__ std::uint32_t operator()(std::uint32_t* address, std::uint32_t expected,
                                        std::uint32_t desired) const {
        return atomicCAS(address, expected, desired);
    }
};

// claim_key's slot access (the duplicate filter, the tuple hash set), for a table in
// global or shared memory alike: a
// coherent read, and a 64-bit compare-and-swap returning the slot's previous value.
struct SlotLoad {
    __device__ std::uint64_t operator()(std::uint64_t* address) const {
        return *static_cast<volatile std::uint64_t*>(address);
    }
};
struct SlotCas {
    __device__ std::uint64_t operator()(std::uint64_t* address, std::uint64_t expected,
                                        std::uint64_t desired) const {
        return static_cast<std::uint64_t>(atomicCAS(reinterpret_cast<unsigned long long*>(address),
                                                    static_cast<unsigned long long>(expected),
                                                    static_cast<unsigned long long>(desired)));
    }
};

// insert_tuple's bitmap access (the tuple set as a bitmap): a coherent read of a word, and
// an atomic or returning the word's previous value.
struct WordLoad {
    __device__ std::uint32_t operator()(std::uint32_t* address) const {
        return *static_cast<volatile std::uint32_t*>(address);
    }
};
struct WordOr {
    __device__ std::uint32_t operator()(std::uint32_t* address, std::uint32_t bits) const {
        return atomicOr(address, bits);
    }
};

// A tuple into a set (hisa/tuple_hash_set.hpp) with the device's atomics.
__device__ __forceinline__ bool insert_tuple_on_device(const TupleSetRef& set, Cell first, Cell second,
                                                       std::uint32_t arity) {
    return insert_tuple(set, first, second, arity, SlotLoad{}, SlotCas{}, WordLoad{}, WordOr{});
}

// Takes out of a bitmap set a tuple this thread's insert_tuple_on_device has just added:
// a one-pass join whose room ran out (join_into_set.cuh). While the bit is set no other
// thread adds the tuple, so clearing it restores the set as it was before the insert.
__device__ __forceinline__ void withdraw_tuple_on_device(const TupleSetRef& set, Cell first, Cell second,
                                                         std::uint32_t arity) {
    const TupleBitPlace place = tuple_bit_place(set, first, second, arity);
    atomicAnd(place.word, ~place.mask);
}

}  // namespace galias::engine::cuda
