#pragma once
// Profiles from the CUDA runtime's structs without including CUDA headers: templates
// that read cudaDeviceProp's and cudaFuncAttributes's members by name. cuda_profiles.cpp
// instantiates them with the real structs; tests instantiate them with look-alikes, so
// the mapping is tested on machines without CUDA.

#include <cstdint>
#include <string>
#include <utility>

#include "gpu_engine/sched/profiles.hpp"

namespace galias::engine::sched {

// From cudaGetDeviceProperties(). The occupancy calculator's allocation granularities
// keep their defaults (DeviceProfile's comment says why).
template <class Properties>
DeviceProfile device_profile_from_properties(const Properties& properties) {
    DeviceProfile device;
    device.sm_count = properties.multiProcessorCount;
    device.regs_per_sm = properties.regsPerMultiprocessor;
    device.warp_size = properties.warpSize;
    device.max_warps_per_sm = properties.maxThreadsPerMultiProcessor / properties.warpSize;
    device.smem_per_sm = static_cast<std::int64_t>(properties.sharedMemPerMultiprocessor);
    device.max_blocks_per_sm = properties.maxBlocksPerMultiProcessor;
    device.max_threads_per_block = properties.maxThreadsPerBlock;
    device.regs_per_block = properties.regsPerBlock;
    device.smem_per_block = static_cast<std::int64_t>(properties.sharedMemPerBlockOptin);
    device.reserved_smem_per_block = static_cast<std::int64_t>(properties.reservedSharedMemPerBlock);
    return device;
}

// From cudaFuncGetAttributes() of the kernel, plus what the launch decides: the work
// size and the dynamic shared memory it will pass.
template <class Attributes>
KernelProfile kernel_profile_from_attributes(const Attributes& attributes, std::string name,
                                             std::int64_t work_items,
                                             std::int64_t dynamic_smem_per_block = 0) {
    KernelProfile kernel;
    kernel.name = std::move(name);
    kernel.regs_per_thread = attributes.numRegs;
    kernel.static_smem_per_block = static_cast<std::int64_t>(attributes.sharedSizeBytes);
    kernel.dynamic_smem_per_block = dynamic_smem_per_block;
    kernel.max_threads_per_block = attributes.maxThreadsPerBlock;
    kernel.work_items = work_items;
    return kernel;
}

}  // namespace galias::engine::sched
