// How does a host round trip to the GPU scale when several host threads make them at
// once? Each thread owns a stream and repeats {launch K tiny kernels; read 8 bytes back},
// the pattern of one engine operator that reads a size back. Prints the mean microseconds
// per round trip for 1, 2, 4, 8 and 16 threads, for each way of reading back:
//   copy+sync   cudaMemcpyAsync to pinned memory, cudaStreamSynchronize (the engine's way)
//   copy+event  cudaMemcpyAsync, cudaEventRecord, spin on cudaEventQuery
//   mapped      a one-thread kernel stores value and a ticket into mapped pinned memory;
//               the host spins on the ticket (no driver call after the launches)
//   green       copy+sync, but each thread works in a green context of its own (an equal
//               share of the SMs, its own CUcontext): is the launch path's limit per context?
//   graph       copy+sync, but the K kernels and the copy are one CUDA graph, captured once
//               per thread and launched each trip: does a graph's launch scale better?
//   no-wait     the K kernels only, no read-back; one synchronization after all trips:
//               the launch path alone
//   graph-upd   the trip captured afresh each time (its arguments change, as an operator's
//               sizes and buffers do) and swapped into one instantiated graph with
//               cudaGraphExecUpdate, then launched
//   graph-set   one instantiated graph whose kernel nodes get new arguments each trip
//               (cudaGraphExecKernelNodeSetParams), then launched
//   graph-new   captured and instantiated afresh each trip
//   graph-cap   captured afresh each trip, its nodes' parameters copied into one
//               instantiated graph (cudaGraphExec*NodeSetParams), then launched
//   pdl         copy+sync, the kernels launched as programmatic dependents of the one
//               before (each waits in cudaGridDependencySynchronize)
// (concurrent analyses are made of thousands of such round trips: docs/SCHEDULING.md,
// "What limits the speed-up").
//
//   nvcc -O2 -std=c++17 -arch=sm_90 bench/cuda/roundtrip_probe.cu -o roundtrip_probe -lcuda
//   ./roundtrip_probe [ROUND_TRIPS=2000] [KERNELS_PER_TRIP=3] [BLOCKS=64] [THREADS=all] [MODE=all]
// THREADS runs one thread count only, MODE one read-back (0-10): several processes of
// one thread each show whether the limit is per CUDA context.
#include <cuda.h>
#include <cuda_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

__global__ void tiny_kernel(unsigned long long* counter, int work) {
    cudaGridDependencySynchronize();  // returns at once unless launched as a programmatic dependent
    unsigned long long sum = 0;
    for (int i = threadIdx.x; i < work; i += blockDim.x)
        sum += static_cast<unsigned long long>(i) * blockIdx.x;
    if (threadIdx.x == 0 && sum == 42) atomicAdd(counter, 1ull);  // keeps the loop alive
    if (threadIdx.x == 0 && blockIdx.x == 0) atomicAdd(counter, 1ull);
}

// Value first, then the ticket: the fence orders the two stores as the host sees them.
__global__ void publish_kernel(const unsigned long long* value, volatile unsigned long long* host_slot,
                               unsigned long long ticket) {
    host_slot[0] = *value;
    __threadfence_system();
    host_slot[1] = ticket;
}

#define CHECK(call)                                                                                     \
    do {                                                                                                \
        cudaError_t e_ = (call);                                                                        \
        if (e_ != cudaSuccess) {                                                                        \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            std::exit(1);                                                                               \
        }                                                                                               \
    } while (0)

#define CHECK_CU(call)                                                                 \
    do {                                                                               \
        CUresult r_ = (call);                                                          \
        if (r_ != CUDA_SUCCESS) {                                                      \
            const char* text_ = nullptr;                                               \
            cuGetErrorString(r_, &text_);                                              \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, text_); \
            std::exit(1);                                                              \
        }                                                                              \
    } while (0)

enum class ReadBack {
    kCopySync,
    kCopyEvent,
    kMapped,
    kGreen,
    kGraph,
    kNoWait,
    kGraphUpdate,
    kGraphParams,
    kGraphBuild,
    kGraphCopyParams,
    kDependent
};
constexpr const char* kNames[] = {"copy+sync", "copy+event", "mapped",    "green",     "graph", "no-wait",
                                  "graph-upd", "graph-set",  "graph-new", "graph-cap", "pdl"};

// `count` green contexts, each with an equal share of the device's SMs (rounded down to
// the split granularity), as CUcontexts the runtime API can use once made current.
std::vector<CUcontext> green_contexts(int count, std::vector<CUgreenCtx>& greens) {
    CUdevice device;
    CHECK_CU(cuDeviceGet(&device, 0));
    CUdevResource sms;
    CHECK_CU(cuDeviceGetDevResource(device, &sms, CU_DEV_RESOURCE_TYPE_SM));
    std::vector<CUdevResource> groups(count);
    unsigned groups_made = static_cast<unsigned>(count);
    const unsigned share = sms.sm.smCount / static_cast<unsigned>(count);
    CHECK_CU(cuDevSmResourceSplitByCount(groups.data(), &groups_made, &sms, nullptr, 0, share));
    std::vector<CUcontext> contexts;
    for (unsigned g = 0; g < groups_made; ++g) {
        CUdevResourceDesc desc;
        CHECK_CU(cuDevResourceGenerateDesc(&desc, &groups[g], 1));
        CUgreenCtx green;
        CHECK_CU(cuGreenCtxCreate(&green, desc, device, CU_GREEN_CTX_DEFAULT_STREAM));
        greens.push_back(green);
        CUcontext context;
        CHECK_CU(cuCtxFromGreenCtx(&context, green));
        contexts.push_back(context);
    }
    if (static_cast<int>(contexts.size()) != count)
        std::fprintf(stderr, "green: asked for %d contexts, the device split into %u\n", count, groups_made);
    std::printf("green: %u contexts of %u SMs\n", groups_made, groups_made ? groups[0].sm.smCount : 0);
    return contexts;
}

int main(int argc, char** argv) {
    const int trips = argc > 1 ? std::atoi(argv[1]) : 2000;
    const int kernels = argc > 2 ? std::atoi(argv[2]) : 3;
    const int blocks = argc > 3 ? std::atoi(argv[3]) : 64;
    const int only_threads = argc > 4 ? std::atoi(argv[4]) : 0;
    const int only_mode = argc > 5 ? std::atoi(argv[5]) : -1;
    CHECK(cudaFree(nullptr));
    using clock = std::chrono::steady_clock;
    std::printf("round trips of %d kernels (%d blocks of 256) + an 8-byte read-back, per thread: %d\n",
                kernels, blocks, trips);
    std::printf("%-11s threads  mean us per round trip (per thread)  total round trips/s\n", "read-back");
    CHECK_CU(cuInit(0));
    CUcontext primary = nullptr;
    CHECK_CU(cuCtxGetCurrent(&primary));
    for (ReadBack mode : {ReadBack::kCopySync, ReadBack::kCopyEvent, ReadBack::kMapped, ReadBack::kGreen,
                          ReadBack::kGraph, ReadBack::kNoWait, ReadBack::kGraphUpdate, ReadBack::kGraphParams,
                          ReadBack::kGraphBuild, ReadBack::kGraphCopyParams, ReadBack::kDependent}) {
        if (only_mode >= 0 && static_cast<int>(mode) != only_mode) continue;
        for (int threads : {1, 2, 4, 8, 16}) {
            if (only_threads > 0 && threads != only_threads) continue;
            std::vector<cudaStream_t> streams(threads);
            std::vector<cudaEvent_t> events(threads);
            std::vector<unsigned long long*> device(threads);
            std::vector<unsigned long long*> pinned(threads);
            std::vector<CUcontext> contexts(threads, primary);
            std::vector<CUgreenCtx> greens;
            if (mode == ReadBack::kGreen) {
                contexts = green_contexts(threads, greens);
                if (static_cast<int>(contexts.size()) != threads) continue;
            }
            for (int t = 0; t < threads; ++t) {
                CHECK_CU(cuCtxSetCurrent(contexts[t]));
                CHECK(cudaStreamCreateWithFlags(&streams[t], cudaStreamNonBlocking));
                CHECK(cudaEventCreateWithFlags(&events[t], cudaEventDisableTiming));
                CHECK(cudaMalloc(&device[t], sizeof(unsigned long long)));
                CHECK(cudaHostAlloc(&pinned[t], 2 * sizeof(unsigned long long),
                                    cudaHostAllocMapped | cudaHostAllocPortable));
                pinned[t][1] = 0;
            }
            std::vector<cudaGraphExec_t> graphs(threads, nullptr);
            std::vector<std::vector<cudaGraphNode_t>> kernel_nodes(threads);
            std::vector<cudaGraph_t> kept(threads, nullptr);
            // The trip's work captured as a graph; `work` varies per trip as an operator's
            // sizes and buffers would.
            auto capture = [&](int t, int work) {
                cudaGraph_t graph;
                CHECK(cudaStreamBeginCapture(streams[t], cudaStreamCaptureModeThreadLocal));
                for (int k = 0; k < kernels; ++k)
                    tiny_kernel<<<blocks, 256, 0, streams[t]>>>(device[t], work);
                CHECK(cudaMemcpyAsync(pinned[t], device[t], sizeof(unsigned long long),
                                      cudaMemcpyDeviceToHost, streams[t]));
                CHECK(cudaStreamEndCapture(streams[t], &graph));
                return graph;
            };
            auto nodes_of = [](cudaGraph_t graph) {
                std::size_t count = 0;
                CHECK(cudaGraphGetNodes(graph, nullptr, &count));
                std::vector<cudaGraphNode_t> nodes(count);
                CHECK(cudaGraphGetNodes(graph, nodes.data(), &count));
                return nodes;
            };
            if (mode == ReadBack::kGraph || mode == ReadBack::kGraphUpdate ||
                mode == ReadBack::kGraphParams || mode == ReadBack::kGraphCopyParams)
                for (int t = 0; t < threads; ++t) {
                    cudaGraph_t graph = capture(t, 4096);
                    CHECK(cudaGraphInstantiate(&graphs[t], graph, 0));
                    if (mode == ReadBack::kGraphCopyParams) {
                        kernel_nodes[t] = nodes_of(graph);
                        kept[t] = graph;
                    } else if (mode == ReadBack::kGraphParams) {
                        std::size_t count = 0;
                        CHECK(cudaGraphGetNodes(graph, nullptr, &count));
                        std::vector<cudaGraphNode_t> nodes(count);
                        CHECK(cudaGraphGetNodes(graph, nodes.data(), &count));
                        for (cudaGraphNode_t node : nodes) {
                            cudaGraphNodeType type;
                            CHECK(cudaGraphNodeGetType(node, &type));
                            if (type == cudaGraphNodeTypeKernel) kernel_nodes[t].push_back(node);
                        }
                        kept[t] = graph;
                    } else {
                        CHECK(cudaGraphDestroy(graph));
                    }
                }
            std::vector<unsigned long long> tickets(threads, 0);
            auto work = [&](int t) {
                CHECK_CU(cuCtxSetCurrent(contexts[t]));
                for (int i = 0; i < trips; ++i) {
                    if (mode == ReadBack::kGraph) {
                        CHECK(cudaGraphLaunch(graphs[t], streams[t]));
                        CHECK(cudaStreamSynchronize(streams[t]));
                        continue;
                    }
                    if (mode == ReadBack::kGraphUpdate || mode == ReadBack::kGraphBuild) {
                        cudaGraph_t graph = capture(t, 4096 + (i & 7));
                        if (mode == ReadBack::kGraphUpdate) {
                            cudaGraphExecUpdateResultInfo info;
                            CHECK(cudaGraphExecUpdate(graphs[t], graph, &info));
                        } else {
                            if (graphs[t]) CHECK(cudaGraphExecDestroy(graphs[t]));
                            if (kept[t]) CHECK(cudaGraphDestroy(kept[t]));
                            CHECK(cudaGraphInstantiate(&graphs[t], graph, 0));
                        }
                        CHECK(cudaGraphDestroy(graph));
                        CHECK(cudaGraphLaunch(graphs[t], streams[t]));
                        CHECK(cudaStreamSynchronize(streams[t]));
                        continue;
                    }
                    if (mode == ReadBack::kGraphCopyParams) {
                        // Captured afresh, its nodes' parameters copied into the instantiated graph.
                        cudaGraph_t graph = capture(t, 4096 + (i & 7));
                        const std::vector<cudaGraphNode_t> fresh = nodes_of(graph);
                        for (std::size_t n = 0; n < fresh.size(); ++n) {
                            cudaGraphNodeType type;
                            CHECK(cudaGraphNodeGetType(fresh[n], &type));
                            if (type == cudaGraphNodeTypeKernel) {
                                cudaKernelNodeParams params{};
                                CHECK(cudaGraphKernelNodeGetParams(fresh[n], &params));
                                CHECK(
                                    cudaGraphExecKernelNodeSetParams(graphs[t], kernel_nodes[t][n], &params));
                            } else if (type == cudaGraphNodeTypeMemcpy) {
                                cudaMemcpy3DParms params{};
                                CHECK(cudaGraphMemcpyNodeGetParams(fresh[n], &params));
                                CHECK(
                                    cudaGraphExecMemcpyNodeSetParams(graphs[t], kernel_nodes[t][n], &params));
                            }
                        }
                        CHECK(cudaGraphDestroy(graph));
                        CHECK(cudaGraphLaunch(graphs[t], streams[t]));
                        CHECK(cudaStreamSynchronize(streams[t]));
                        continue;
                    }
                    if (mode == ReadBack::kGraphParams) {
                        unsigned long long* counter = device[t];
                        int work = 4096 + (i & 7);
                        void* args[] = {&counter, &work};
                        cudaKernelNodeParams params{};
                        params.func = reinterpret_cast<void*>(&tiny_kernel);
                        params.gridDim = dim3(blocks);
                        params.blockDim = dim3(256);
                        params.kernelParams = args;
                        for (cudaGraphNode_t node : kernel_nodes[t])
                            CHECK(cudaGraphExecKernelNodeSetParams(graphs[t], node, &params));
                        CHECK(cudaGraphLaunch(graphs[t], streams[t]));
                        CHECK(cudaStreamSynchronize(streams[t]));
                        continue;
                    }
                    if (mode == ReadBack::kDependent) {
                        cudaLaunchAttribute attribute{};
                        attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
                        attribute.val.programmaticStreamSerializationAllowed = 1;
                        cudaLaunchConfig_t config{};
                        config.gridDim = dim3(blocks);
                        config.blockDim = dim3(256);
                        config.stream = streams[t];
                        config.attrs = &attribute;
                        config.numAttrs = 1;
                        for (int k = 0; k < kernels; ++k)
                            CHECK(cudaLaunchKernelEx(&config, tiny_kernel, device[t], 4096));
                        CHECK(cudaMemcpyAsync(pinned[t], device[t], sizeof(unsigned long long),
                                              cudaMemcpyDeviceToHost, streams[t]));
                        CHECK(cudaStreamSynchronize(streams[t]));
                        continue;
                    }
                    for (int k = 0; k < kernels; ++k)
                        tiny_kernel<<<blocks, 256, 0, streams[t]>>>(device[t], 4096);
                    if (mode == ReadBack::kCopySync || mode == ReadBack::kGreen) {
                        CHECK(cudaMemcpyAsync(pinned[t], device[t], sizeof(unsigned long long),
                                              cudaMemcpyDeviceToHost, streams[t]));
                        CHECK(cudaStreamSynchronize(streams[t]));
                    } else if (mode == ReadBack::kCopyEvent) {
                        CHECK(cudaMemcpyAsync(pinned[t], device[t], sizeof(unsigned long long),
                                              cudaMemcpyDeviceToHost, streams[t]));
                        CHECK(cudaEventRecord(events[t], streams[t]));
                        while (cudaEventQuery(events[t]) == cudaErrorNotReady) {
                        }
                    } else if (mode == ReadBack::kNoWait) {
                        if (i + 1 == trips) CHECK(cudaStreamSynchronize(streams[t]));
                    } else {
                        const unsigned long long ticket = ++tickets[t];
                        publish_kernel<<<1, 1, 0, streams[t]>>>(device[t], pinned[t], ticket);
                        auto* slot = reinterpret_cast<std::atomic<unsigned long long>*>(&pinned[t][1]);
                        while (slot->load(std::memory_order_acquire) != ticket) {
                        }
                    }
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
            std::printf("%-11s %7d  %38.1f  %19.0f\n", kNames[static_cast<int>(mode)], threads,
                        seconds / trips * 1e6, threads * trips / seconds);
            for (int t = 0; t < threads; ++t) {
                CHECK_CU(cuCtxSetCurrent(contexts[t]));
                CHECK(cudaStreamSynchronize(streams[t]));
                CHECK(cudaStreamDestroy(streams[t]));
                CHECK(cudaEventDestroy(events[t]));
                CHECK(cudaFree(device[t]));
                CHECK(cudaFreeHost(pinned[t]));
                if (graphs[t]) CHECK(cudaGraphExecDestroy(graphs[t]));
                if (kept[t]) CHECK(cudaGraphDestroy(kept[t]));
            }
            CHECK_CU(cuCtxSetCurrent(primary));
            for (CUgreenCtx green : greens) CHECK_CU(cuGreenCtxDestroy(green));
        }
    }
}
