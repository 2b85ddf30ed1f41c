#pragma once
// What every CUDA backend of one device shares, on purpose, in one object: the device's
// properties, the pinned staging slabs (PinnedSlots), the idle device blocks that ended
// backends left (IdleBlocks), the launch coordinators of --sched model, and the compiled
// kernels' resource profiles.
//
// Why shared, not one per backend: the CUDA context and its stream-ordered memory pool are
// per process and device anyway, and
//  * `galias run --batch` runs several analyses at once, each on its own backend and
//    streams; their kernels are planned together only when every backend registers its
//    lanes with the same coordinator (sched/launch_coordinator.hpp);
//  * backends of a batch come and go while others run: a fresh backend takes the blocks
//    earlier ones left instead of the driver's pool (block_cache.cuh), and a pinned slot
//    instead of page-locking memory itself (pinned_slots.cuh).
// Backends hold it by shared_ptr (DeviceContext::device()); make_cuda_backend hands every
// backend the process's one instance, which lives on between runs (the galias tool and
// the tests run analyses one after another, and reuse it) until the process ends;
// release_memory() frees what it holds (engine::release_device_memory).

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <mutex>

#include "gpu_engine/cuda/block_cache.cuh"
#include "gpu_engine/cuda/error.cuh"
#include "gpu_engine/cuda/pinned_slots.cuh"
#include "gpu_engine/cuda/policy.hpp"
#include "gpu_engine/sched/cuda_profiles.hpp"
#include "gpu_engine/sched/launch_coordinator.hpp"

namespace galias::engine::cuda {

class SharedDevice {
public:
    SharedDevice() = default;
    SharedDevice(const SharedDevice&) = delete;
    SharedDevice& operator=(const SharedDevice&) = delete;

    // cudaGetDeviceProperties takes milliseconds: read once, by the first backend to ask.
    const cudaDeviceProp& properties() {
        std::call_once(properties_read_,
                       [this] { GALIAS_CUDA_TRY(cudaGetDeviceProperties(&properties_, 0)); });
        return properties_;
    }

    PinnedSlots& pinned_slots() { return pinned_slots_; }
    IdleBlocks& idle_blocks() { return idle_blocks_; }

    // The coordinator of `mode`, made on first use: every backend and lane of that mode
    // registers with it, so that kernels of different analyses are planned together.
    std::shared_ptr<sched::LaunchCoordinator> coordinator(sched::SchedMode mode) {
        std::lock_guard lock(coordinators_mutex_);
        auto& coordinator = coordinators_[mode];
        if (!coordinator) {
            sched::PlanOptions options;
            options.mode = mode;
            options.default_block = CudaPolicy::kDefaultBlock;  // as default_shape()
            options.default_waves = CudaPolicy::kDefaultWaves;
            coordinator = std::make_shared<sched::LaunchCoordinator>(sched::query_device_profile(0), options);
        }
        return coordinator;
    }

    // Registers, shared memory and block limit of a compiled kernel (read once), with
    // `items` work items.
    sched::KernelProfile kernel_profile(const void* kernel, std::uint64_t items) {
        std::lock_guard lock(profiles_mutex_);
        auto found = profiles_.find(kernel);
        if (found == profiles_.end())
            found = profiles_.emplace(kernel, sched::query_kernel_profile(kernel, "engine kernel", 0)).first;
        sched::KernelProfile profile = found->second;
        profile.work_items = static_cast<std::int64_t>(
            std::min<std::uint64_t>(items, std::numeric_limits<std::int64_t>::max()));
        return profile;
    }

    // Frees the idle blocks, trims the memory pool to nothing and frees the pinned slabs.
    // Once no backend exists. Errors are ignored: this runs on the way out, and the
    // process's end frees all anyway.
    void release_memory() {
        idle_blocks_.drain(nullptr);
        cudaDeviceSynchronize();
        cudaMemPool_t pool = nullptr;
        if (cudaDeviceGetDefaultMemPool(&pool, 0) == cudaSuccess) cudaMemPoolTrimTo(pool, 0);
        pinned_slots_.release();
        cudaGetLastError();
    }

private:
    std::once_flag properties_read_;
    cudaDeviceProp properties_{};
    PinnedSlots pinned_slots_;
    IdleBlocks idle_blocks_;
    std::mutex coordinators_mutex_;
    std::map<sched::SchedMode, std::shared_ptr<sched::LaunchCoordinator>> coordinators_;
    std::mutex profiles_mutex_;
    std::map<const void*, sched::KernelProfile> profiles_;
};

}  // namespace galias::engine::cuda
