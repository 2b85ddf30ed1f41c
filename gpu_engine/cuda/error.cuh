#pragma once
// Every CUDA runtime call goes through GALIAS_CUDA_TRY, which throws CudaError carrying
// the call, CUDA's message and where (file name and line, no directory: the message is for
// users too); the tool's main reports it (exit code 3). The device running out of memory
// is no bug: that status throws OutOfMemory instead, which `--backend auto` answers by
// retrying in the memory-lean mode and on the CPU (engine.hpp, run).
// Kernel launches are followed by GALIAS_CUDA_CHECK_LAUNCH; with GALIAS_CUDA_DEBUG_SYNC
// defined it also synchronizes, so an asynchronous fault is reported at the launch that
// caused it.

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <string_view>

#include "gpu_engine/runtime/backend.hpp"

namespace galias::engine::cuda {

class CudaError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline void throw_on_error(cudaError_t status, const char* call, const char* file, int line) {
    if (status == cudaSuccess) return;
    if (status == cudaErrorMemoryAllocation) {
        cudaGetLastError();  // not sticky: clear it, the device stays usable
        throw OutOfMemory(std::string("the CUDA device has not enough free memory (") + call + ")");
    }
    std::string_view name(file);
    if (const std::size_t slash = name.rfind('/'); slash != std::string_view::npos)
        name.remove_prefix(slash + 1);
    throw CudaError("CUDA error " + std::string(cudaGetErrorName(status)) + " (" +
                    cudaGetErrorString(status) + ") in " + call + " at " + std::string(name) + ":" +
                    std::to_string(line));
}

}  // namespace galias::engine::cuda

#define GALIAS_CUDA_TRY(call) ::galias::engine::cuda::throw_on_error((call), #call, __FILE__, __LINE__)

#if defined(GALIAS_CUDA_DEBUG_SYNC)
#define GALIAS_CUDA_CHECK_LAUNCH(stream)                \
    do {                                                \
        GALIAS_CUDA_TRY(cudaPeekAtLastError());         \
        GALIAS_CUDA_TRY(cudaStreamSynchronize(stream)); \
    } while (0)
#else
#define GALIAS_CUDA_CHECK_LAUNCH(stream) GALIAS_CUDA_TRY(cudaPeekAtLastError())
#endif
