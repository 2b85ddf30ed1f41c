#pragma once
// Launch shapes are computed at each call site from the work size and passed to kernels
// (grid-stride loops), never stored in data structures: the concurrency scheduler
// (docs/SCHEDULING.md) replaces these defaults with the shapes its model chooses.
//
// Every kernel of the backend is launched through launch_kernel() as a programmatic
// dependent of the kernel before it on its stream (Hopper's programmatic dependent
// launch): the GPU takes it in while that kernel still runs, and its blocks start as the
// other's finish, instead of after the front end has seen the other complete. That gap
// is about 1.3 us with one analysis on the GPU and 13-21 us with eight (docs/BENCHMARKS.md,
// a stream timeline). Each kernel therefore begins with await_preceding_grid(),
// before it reads or writes global memory: it then sees everything the kernel before it
// wrote, exactly as in plain stream order. A kernel after a memset or a copy, or one
// launched without the attribute, passes that call at once.

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "gpu_engine/cuda/error.cuh"

namespace galias::engine::cuda {

struct LaunchShape {
    unsigned grid = 1;
    unsigned block = 256;
};

// Enough blocks to cover `items` once, capped at `waves` resident waves of the device.
inline LaunchShape default_shape(std::uint64_t items, int multiprocessors, unsigned block = 256,
                                 unsigned waves = 8) {
    const std::uint64_t needed = (items + block - 1) / block;
    const std::uint64_t cap =
        static_cast<std::uint64_t>(std::max(1, multiprocessors)) * waves * (2048 / block);
    return LaunchShape{static_cast<unsigned>(std::max<std::uint64_t>(1, std::min(needed, cap))), block};
}

// The first statement of every kernel (see above).
__device__ __forceinline__ void await_preceding_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    cudaGridDependencySynchronize();
#endif
}

// kernel<<<shape.grid, shape.block, shared_bytes, stream>>>(args...), with `dependent` as
// a programmatic dependent of the stream's previous kernel (CudaPolicy::dependent_launches;
// --cuda-off pdl turns it off, for comparisons).
template <class... Params, class... Args>
void launch_kernel(void (*kernel)(Params...), LaunchShape shape, std::size_t shared_bytes,
                   cudaStream_t stream, bool dependent, Args&&... args) {
    cudaLaunchAttribute attribute{};
    attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config{};
    config.gridDim = dim3(shape.grid);
    config.blockDim = dim3(shape.block);
    config.dynamicSmemBytes = shared_bytes;
    config.stream = stream;
    config.attrs = &attribute;
    config.numAttrs = dependent ? 1 : 0;
    GALIAS_CUDA_TRY(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));
}

}  // namespace galias::engine::cuda
