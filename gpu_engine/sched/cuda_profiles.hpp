#pragma once
// The CUDA-facing adapter of the scheduler: profiles read from the runtime. Defined in
// cuda_profiles.cpp, which is compiled only when the CUDA backend is built (CMake adds
// it to galias_sched then); calling these in a CPU-only build fails to link. Errors
// throw std::runtime_error with CUDA's message.

#include <cstddef>
#include <cstdint>
#include <string>

#include "gpu_engine/sched/profiles.hpp"

namespace galias::engine::sched {

DeviceProfile query_device_profile(int device);

// `kernel` is the __global__ function's address: reinterpret_cast<const void*>(&my_kernel).
KernelProfile query_kernel_profile(const void* kernel, std::string name, std::int64_t work_items,
                                   std::int64_t dynamic_smem_per_block = 0);

// CUDA's own count of resident blocks per SM for one kernel alone
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor): for checking the model's arithmetic
// (KernelCosts::capacity_warps) on the device.
int cuda_occupancy_blocks_per_sm(const void* kernel, int threads_per_block,
                                 std::size_t dynamic_smem_per_block);

}  // namespace galias::engine::sched
