// How does a host round trip to the GPU scale when several host threads make them at
// once? Each thread owns a stream and repeats {launch K tiny kernels; copy 8 bytes to
// pinned host memory; cudaStreamSynchronize}, the pattern of one engine operator that
// reads a size back. Prints the mean microseconds per round trip for 1, 2, 4, 8 and 16
// threads (issue 6: concurrent analyses are made of thousands of such round trips).
//
//   nvcc -O2 -std=c++17 -arch=sm_90 bench/cuda/roundtrip_probe.cu -o roundtrip_probe
//   ./roundtrip_probe [ROUND_TRIPS=2000] [KERNELS_PER_TRIP=3] [BLOCKS=64]
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

__global__ void tiny_kernel(unsigned long long* counter, int work) {
    unsigned long long sum = 0;
    for (int i = threadIdx.x; i < work; i += blockDim.x) sum += static_cast<unsigned long long>(i) * blockIdx.x;
    if (threadIdx.x == 0 && sum == 42) atomicAdd(counter, 1ull);  // keeps the loop alive
    if (threadIdx.x == 0 && blockIdx.x == 0) atomicAdd(counter, 1ull);
}

#define CHECK(call)                                                                                    \
    do {                                                                                               \
        cudaError_t e_ = (call);                                                                       \
        if (e_ != cudaSuccess) {                                                                       \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            std::exit(1);                                                                              \
        }                                                                                              \
    } while (0)

int main(int argc, char** argv) {
    const int trips = argc > 1 ? std::atoi(argv[1]) : 2000;
    const int kernels = argc > 2 ? std::atoi(argv[2]) : 3;
    const int blocks = argc > 3 ? std::atoi(argv[3]) : 64;
    CHECK(cudaFree(nullptr));
    using clock = std::chrono::steady_clock;
    std::printf("round trips of %d kernels (%d blocks of 256) + an 8-byte read-back, per thread: %d\n", kernels, blocks, trips);
    std::printf("threads  mean us per round trip (per thread)  total round trips/s\n");
    for (int threads : {1, 2, 4, 8, 16}) {
        std::vector<cudaStream_t> streams(threads);
        std::vector<unsigned long long*> device(threads);
        std::vector<unsigned long long*> pinned(threads);
        for (int t = 0; t < threads; ++t) {
            CHECK(cudaStreamCreateWithFlags(&streams[t], cudaStreamNonBlocking));
            CHECK(cudaMalloc(&device[t], sizeof(unsigned long long)));
            CHECK(cudaMallocHost(&pinned[t], sizeof(unsigned long long)));
        }
        auto work = [&](int t) {
            for (int i = 0; i < trips; ++i) {
                for (int k = 0; k < kernels; ++k) tiny_kernel<<<blocks, 256, 0, streams[t]>>>(device[t], 4096);
                CHECK(cudaMemcpyAsync(pinned[t], device[t], sizeof(unsigned long long), cudaMemcpyDeviceToHost, streams[t]));
                CHECK(cudaStreamSynchronize(streams[t]));
            }
        };
        work(0);  // warm-up
        const auto start = clock::now();
        {
            std::vector<std::thread> pool;
            for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
            for (auto& th : pool) th.join();
        }
        const double seconds = std::chrono::duration<double>(clock::now() - start).count();
        std::printf("%7d  %38.1f  %19.0f\n", threads, seconds / trips * 1e6, threads * trips / seconds);
        for (int t = 0; t < threads; ++t) {
            CHECK(cudaStreamDestroy(streams[t]));
            CHECK(cudaFree(device[t]));
            CHECK(cudaFreeHost(pinned[t]));
        }
    }
}
