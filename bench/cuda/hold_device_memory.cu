// Leaves only MIB MiB of the GPU's memory free until it is killed, so that galias's GPU
// fallbacks can be tried on a device that is nearly full (docs/FAILURES.md, "The GPU"):
//
//   nvcc -o /tmp/hold bench/cuda/hold_device_memory.cu
//   /tmp/hold 512 &                      # 512 MiB left free
//   build/galias run sg -F GRAPH -D - --backend auto    # a warning, then the CPU's answer
//   kill %1
//
// Allocates in 256 MiB steps, then smaller ones, down to the target; prints what is free.
#include <cuda_runtime.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s MIB_LEFT_FREE\n", argv[0]);
        return 2;
    }
    const std::size_t keep = std::strtoull(argv[1], nullptr, 10) << 20;
    std::vector<void*> held;
    for (std::size_t step = std::size_t{256} << 20; step >= (std::size_t{1} << 20); step /= 2) {
        for (;;) {
            std::size_t free_bytes = 0, total = 0;
            if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) {
                std::fprintf(stderr, "cudaMemGetInfo failed: no usable GPU\n");
                return 1;
            }
            if (free_bytes < keep + step) break;
            void* block = nullptr;
            if (cudaMalloc(&block, step) != cudaSuccess) break;
            held.push_back(block);
        }
    }
    std::size_t free_bytes = 0, total = 0;
    cudaMemGetInfo(&free_bytes, &total);
    std::printf("holding %zu blocks; %zu MiB of %zu MiB free\n", held.size(), free_bytes >> 20, total >> 20);
    std::fflush(stdout);
    pause();  // until killed
    return 0;
}
