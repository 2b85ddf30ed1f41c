#pragma once
// Freed device blocks kept per size class for reuse on the same stream. The semi-naive
// loop allocates and frees the same few buffer sizes every iteration; served from this
// cache they cost no driver call. Why not only the stream-ordered pool (cudaMallocAsync):
// its calls take a driver lock, and with many streams at once (lanes, `--batch`) the
// allocation calls of 16 analyses serialized them (docs/SCHEDULING.md, measurements).
//
// One cache per backend (stream): a block is only reused on the stream that freed it,
// which stream order makes safe. Blocks larger than kLargestCached go straight to the
// pool; at most kMostCachedBytes are kept.
//
// When a backend ends (its stream synchronized, so no work uses its blocks any more) its
// cached blocks become idle blocks (IdleBlocks) that any backend may take: the analyses
// of a batch each start with an empty cache, and served from the driver's pool their
// first allocations cost 8.5 us each alone but 24-52 us with eight analyses at once
// (API profile, docs/BENCHMARKS.md, "Concurrent analyses on one GPU").

#include <cuda_runtime.h>

#include <bit>
#include <cstddef>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "gpu_engine/cuda/error.cuh"

namespace galias::engine::cuda {

// Device blocks no stream uses any more, by size class, shared by every backend of the
// device (one IdleBlocks in SharedDevice, shared_device.cuh); at most kMostBytes are kept
// (beyond that a retiring cache frees its blocks). Its destructor frees nothing: the
// blocks go back in drain() (engine::release_device_memory), or with the context at exit.
class IdleBlocks {
public:
    static constexpr std::size_t kMostBytes = std::size_t{1} << 30;

    IdleBlocks() = default;
    IdleBlocks(const IdleBlocks&) = delete;
    IdleBlocks& operator=(const IdleBlocks&) = delete;

    void* take(std::size_t size) {
        std::lock_guard lock(mutex_);
        auto it = free_.find(size);
        if (it == free_.end() || it->second.empty()) return nullptr;
        void* block = it->second.back();
        it->second.pop_back();
        bytes_ -= size;
        return block;
    }
    // False when full: the caller frees the block.
    bool put(void* block, std::size_t size) {
        std::lock_guard lock(mutex_);
        if (bytes_ + size > kMostBytes) return false;
        free_[size].push_back(block);
        bytes_ += size;
        return true;
    }
    // Frees every idle block (they are idle: any stream may free them).
    void drain(cudaStream_t stream) {
        std::lock_guard lock(mutex_);
        for (auto& [size, bin] : free_)
            for (void* block : bin) cudaFreeAsync(block, stream);
        free_.clear();
        bytes_ = 0;
    }
    [[nodiscard]] std::size_t bytes() const {
        std::lock_guard lock(mutex_);
        return bytes_;
    }

private:
    mutable std::mutex mutex_;
    std::unordered_map<std::size_t, std::vector<void*>> free_;
    std::size_t bytes_ = 0;
};

class BlockCache {
public:
    static constexpr std::size_t kSmallest = 256;
    static constexpr std::size_t kLargestCached = std::size_t{64} << 20;
    static constexpr std::size_t kMostCachedBytes = std::size_t{256} << 20;

    // `idle`: the device's idle blocks, which this cache takes from and retires into; it
    // must outlive the cache.
    BlockCache(cudaStream_t stream, IdleBlocks& idle) : stream_(stream), idle_(idle) {}
    BlockCache(const BlockCache&) = delete;
    BlockCache& operator=(const BlockCache&) = delete;
    ~BlockCache() { trim(); }

    // nullptr when the device is out of memory (after returning the cached blocks).
    void* allocate(std::size_t bytes) {
        const std::size_t size = size_class(bytes);
        if (size <= kLargestCached) {
            std::vector<void*>& bin = free_[size];
            if (!bin.empty()) {
                void* block = bin.back();
                bin.pop_back();
                cached_bytes_ -= size;
                return block;
            }
            if (void* idle = idle_.take(size)) return idle;
        }
        void* block = pool_allocate(size);
        if (block == nullptr) {  // give back what is kept, then try once more
            trim();
            idle_.drain(stream_);
            block = pool_allocate(size);
        }
        return block;
    }

    void release(void* block, std::size_t bytes) {
        const std::size_t size = size_class(bytes);
        if (size > kLargestCached || cached_bytes_ + size > kMostCachedBytes) {
            GALIAS_CUDA_TRY(cudaFreeAsync(block, stream_));
            return;
        }
        free_[size].push_back(block);
        cached_bytes_ += size;
    }

    [[nodiscard]] std::size_t cached_bytes() const { return cached_bytes_; }

    // Hands every cached block to IdleBlocks (or, when that is full, back to the pool).
    // Only once no work queued on the stream uses them: after it was synchronized.
    void retire() {
        for (auto& [size, bin] : free_)
            for (void* block : bin)
                if (!idle_.put(block, size)) cudaFreeAsync(block, stream_);
        free_.clear();
        cached_bytes_ = 0;
    }

    // Returns every cached block to the pool.
    void trim() {
        for (auto& [size, bin] : free_)
            for (void* block : bin) cudaFreeAsync(block, stream_);
        free_.clear();
        cached_bytes_ = 0;
    }

private:
    // Powers of two up to the cached limit (at most 2x the bytes asked for); larger
    // blocks exactly as asked, rounded to the pool's granularity.
    static std::size_t size_class(std::size_t bytes) {
        if (bytes <= kLargestCached) return std::bit_ceil(std::max(bytes, kSmallest));
        return (bytes + kSmallest - 1) / kSmallest * kSmallest;
    }

    void* pool_allocate(std::size_t bytes) {
        void* data = nullptr;
        const cudaError_t status = cudaMallocAsync(&data, bytes, stream_);
        if (status == cudaErrorMemoryAllocation) {
            cudaGetLastError();  // clear it: the caller reports "not enough memory"
            return nullptr;
        }
        GALIAS_CUDA_TRY(status);
        return data;
    }

    cudaStream_t stream_;
    IdleBlocks& idle_;
    std::unordered_map<std::size_t, std::vector<void*>> free_;
    std::size_t cached_bytes_ = 0;
};

}  // namespace galias::engine::cuda
