#pragma once
// Small pinned host buffers for the backends' device-to-host reads of counts and sizes,
// carved out of page-locked slabs that every backend of the device shares (one
// PinnedSlots in SharedDevice, shared_device.cuh). Why not cudaMallocHost per backend:
// page-locking and unlocking take process-wide driver locks and may synchronize the whole
// device, and with `--batch` backends come and go while other analyses run. The slabs stay
// for later backends until release() (at exit, engine::release_device_memory).

#include <cuda_runtime.h>

#include <cstddef>
#include <mutex>
#include <vector>

#include "gpu_engine/cuda/error.cuh"

namespace galias::engine::cuda {

class PinnedSlots {
public:
    static constexpr std::size_t kSlotBytes = 256;
    static constexpr std::size_t kSlotsPerSlab = 1024;  // 256 KiB of page-locked memory

    PinnedSlots() = default;
    PinnedSlots(const PinnedSlots&) = delete;
    PinnedSlots& operator=(const PinnedSlots&) = delete;

    void* take() {
        std::lock_guard lock(mutex_);
        if (free_.empty()) {
            void* slab = nullptr;
            GALIAS_CUDA_TRY(cudaMallocHost(&slab, kSlotBytes * kSlotsPerSlab));
            slabs_.push_back(slab);
            for (std::size_t i = kSlotsPerSlab; i-- > 0;)
                free_.push_back(static_cast<char*>(slab) + i * kSlotBytes);
        }
        void* slot = free_.back();
        free_.pop_back();
        return slot;
    }

    void give_back(void* slot) {
        if (slot == nullptr) return;
        std::lock_guard lock(mutex_);
        free_.push_back(slot);
    }

    // Frees the slabs when every slot has come back; false (nothing freed) otherwise.
    bool release() {
        std::lock_guard lock(mutex_);
        if (free_.size() != slabs_.size() * kSlotsPerSlab) return false;
        for (void* slab : slabs_) cudaFreeHost(slab);
        slabs_.clear();
        free_.clear();
        return true;
    }

private:
    std::mutex mutex_;
    std::vector<void*> slabs_;
    std::vector<void*> free_;
};

}  // namespace galias::engine::cuda
