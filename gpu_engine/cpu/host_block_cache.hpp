#pragma once
// Large host buffers kept for reuse. Every flush of a semi-naive iteration allocates the
// same few temporaries (sort scratch, deduplicated batch, difference staging) at the same
// sizes; glibc serves each from a fresh mmap and returns it with munmap, so the kernel
// zeroes and faults in every page again: on CSPA that was a third of the run time (perf:
// clear_page_erms, page-fault handling, memset). Blocks are kept per size class (powers of
// two from 2 MiB, 2 MiB aligned for transparent huge pages) up to a byte budget; a block
// released beyond the budget goes back to the system. Thread-safe.

#include <sys/mman.h>

#include <bit>
#include <cstddef>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

namespace galias::engine::cpu {

class HostBlockCache {
public:
    static constexpr std::size_t kSmallest = std::size_t{2} << 20;  // a huge page

    explicit HostBlockCache(std::size_t budget_bytes) : budget_(budget_bytes) {}
    [[nodiscard]] std::size_t budget() const {
        std::lock_guard lock(mutex_);
        return budget_;
    }
    [[nodiscard]] std::size_t cached_bytes() const {
        std::lock_guard lock(mutex_);
        return cached_;
    }
    // A new budget; cached blocks beyond it go back to the system now.
    void set_budget(std::size_t budget_bytes) {
        std::lock_guard lock(mutex_);
        budget_ = budget_bytes;
        for (auto& [size, blocks] : free_) {
            while (cached_ > budget_ && !blocks.empty()) {
                std::free(blocks.back());
                blocks.pop_back();
                cached_ -= size;
            }
        }
    }
    HostBlockCache(const HostBlockCache&) = delete;
    HostBlockCache& operator=(const HostBlockCache&) = delete;
    ~HostBlockCache() {
        for (auto& [size, blocks] : free_)
            for (void* block : blocks) std::free(block);
    }

    // The bytes a block for `bytes` really has (what the caller may grow into with realloc).
    static std::size_t size_class(std::size_t bytes) { return std::bit_ceil(std::max(bytes, kSmallest)); }

    // A block of at least `bytes`, 2 MiB aligned; nullptr when the system has none.
    void* allocate(std::size_t bytes) {
        const std::size_t size = size_class(bytes);
        {
            std::lock_guard lock(mutex_);
            if (auto found = free_.find(size); found != free_.end() && !found->second.empty()) {
                void* block = found->second.back();
                found->second.pop_back();
                cached_ -= size;
                return block;
            }
        }
        void* block = std::aligned_alloc(kSmallest, size);
        if (block != nullptr) madvise(block, size, MADV_HUGEPAGE);
        return block;
    }

    void release(void* block, std::size_t bytes) {
        const std::size_t size = size_class(bytes);
        {
            std::lock_guard lock(mutex_);
            if (cached_ + size <= budget_) {
                free_[size].push_back(block);
                cached_ += size;
                return;
            }
        }
        std::free(block);
    }

private:
    std::size_t budget_;
    mutable std::mutex mutex_;
    std::map<std::size_t, std::vector<void*>> free_;
    std::size_t cached_ = 0;
};

}  // namespace galias::engine::cpu
