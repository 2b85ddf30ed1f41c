// How long does it take to get a usable CUDA context on this machine? Prints the time of
// cudaFree(0) (context creation), of the first cudaMallocAsync (memory pool set-up) and of
// the first launch of a trivial kernel (module loading). galias pays these once per run.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>

__global__ void noop_kernel(int* x) {
    if (x != nullptr) *x = 1;
}

int main() {
    using clock = std::chrono::steady_clock;
    auto ms = [](clock::time_point a, clock::time_point b) {
        return std::chrono::duration<double, std::milli>(b - a).count();
    };
    const auto t0 = clock::now();
    cudaFree(nullptr);
    const auto t1 = clock::now();
    void* p = nullptr;
    cudaMallocAsync(&p, 1 << 20, nullptr);
    cudaStreamSynchronize(nullptr);
    const auto t2 = clock::now();
    noop_kernel<<<1, 1>>>(static_cast<int*>(p));
    cudaStreamSynchronize(nullptr);
    const auto t3 = clock::now();
    std::printf("context %.1f ms, first pool allocation %.1f ms, first kernel %.1f ms (%s)\n", ms(t0, t1),
                ms(t1, t2), ms(t2, t3), cudaGetErrorString(cudaGetLastError()));
}
