// Compiled only in CUDA builds (gpu_engine/sched/CMakeLists.txt). Plain C++ against the
// runtime API; no kernels here.
#include "gpu_engine/sched/cuda_profiles.hpp"

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <utility>

#include "gpu_engine/sched/cuda_fields.hpp"

namespace galias::engine::sched {
namespace {

void check(cudaError_t status, const char* call) {
    if (status != cudaSuccess)
        throw std::runtime_error(std::string("sched: ") + call + ": " + cudaGetErrorName(status) + " (" +
                                 cudaGetErrorString(status) + ")");
}

}  // namespace

DeviceProfile query_device_profile(int device) {
    cudaDeviceProp properties{};
    check(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
    return device_profile_from_properties(properties);
}

KernelProfile query_kernel_profile(const void* kernel, std::string name, std::int64_t work_items,
                                   std::int64_t dynamic_smem_per_block) {
    cudaFuncAttributes attributes{};
    check(cudaFuncGetAttributes(&attributes, kernel), "cudaFuncGetAttributes");
    return kernel_profile_from_attributes(attributes, std::move(name), work_items, dynamic_smem_per_block);
}

int cuda_occupancy_blocks_per_sm(const void* kernel, int threads_per_block,
                                 std::size_t dynamic_smem_per_block) {
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, threads_per_block,
                                                        dynamic_smem_per_block),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    return blocks;
}

}  // namespace galias::engine::sched
