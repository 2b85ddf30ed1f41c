#pragma once
// Every CUDA runtime call goes through GALIAS_CUDA_TRY, which throws CudaError carrying
// the file, line, the call and CUDA's message; the tool's main reports it (exit code 3).
// Kernel launches are followed by GALIAS_CUDA_CHECK_LAUNCH; with GALIAS_CUDA_DEBUG_SYNC
// defined it also synchronizes, so an asynchronous fault is reported at the launch that
// caused it.

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace galias::engine::cuda {

class CudaError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

inline void throw_on_error(cudaError_t status, const char* call, const char* file, int line) {
    if (status == cudaSuccess) return;
    throw CudaError(std::string(file) + ":" + std::to_string(line) + ": CUDA error " + cudaGetErrorName(status) +
                    " (" + cudaGetErrorString(status) + ") in " + call);
}

}  // namespace galias::engine::cuda

#define GALIAS_CUDA_TRY(call) ::galias::engine::cuda::throw_on_error((call), #call, __FILE__, __LINE__)

#if defined(GALIAS_CUDA_DEBUG_SYNC)
#define GALIAS_CUDA_CHECK_LAUNCH(stream)                 \
    do {                                                 \
        GALIAS_CUDA_TRY(cudaPeekAtLastError());          \
        GALIAS_CUDA_TRY(cudaStreamSynchronize(stream));  \
    } while (0)
#else
#define GALIAS_CUDA_CHECK_LAUNCH(stream) GALIAS_CUDA_TRY(cudaPeekAtLastError())
#endif
