// Where does a process spend its host time inside the CUDA runtime? A CUPTI injection
// library: the driver loads it at CUDA's start when CUDA_INJECTION64_PATH names it, and
// it times every CUDA runtime API call on every thread. At exit it prints, per API
// function, the calls, the total and the mean microseconds summed over all threads.
// It shows which calls get slower when several analyses share the GPU
// (run the same queue with --max-concurrent 1 and 8, compare the means).
//
//   g++ -O2 -std=c++20 -shared -fPIC bench/cuda/api_profile.cpp bench/cuda/stream_timeline.cpp
//       -o libapi_profile.so -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lcupti   (one command line)
//   CUDA_INJECTION64_PATH=$PWD/libapi_profile.so galias run --batch jobs.txt ...
// Calls that return an error (but cudaErrorNotReady) are named as they happen, the first
// 20: an unchecked failing call leaves its error for a later cudaPeekAtLastError.
// Environment: GALIAS_API_PROFILE_TOP (rows printed, default 25). The callbacks add a
// little time to every call (the same for every run being compared).
// GALIAS_API_PROFILE_GPU=1 also records the device's side (CUPTI activity records):
// per kernel name the launches and GPU microseconds, memsets and copies, and the time the
// GPU was busy with any of them (the union of their intervals) against the span from the
// first to the last — how much of a run the device actually worked. A kernel's "whole-GPU"
// time is its time x min(1, its threads / the threads the GPU holds at once): a one-block
// kernel leaves the other SMs to other streams, a large grid does not.
// GALIAS_API_PROFILE_STREAMS=1 (with GPU=1) adds where each stream's life went: running,
// queued on the GPU, or empty while its host thread woke from a sync or worked
// (stream_timeline.hpp).
#include <cuda_runtime_api.h>
#include <cupti.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "stream_timeline.hpp"

namespace {

struct Totals {
    unsigned long long calls = 0;
    unsigned long long nanoseconds = 0;
    double whole_gpu_nanoseconds =
        0;  // kernels: time x the share of the GPU's resident threads they asked for
};

// One table per thread, indexed by runtime callback id; the tables live until exit so
// that the totals of threads that have ended are still there to print.
struct ThreadTable {
    std::vector<Totals> by_id = std::vector<Totals>(CUPTI_RUNTIME_TRACE_CBID_SIZE);
    std::vector<const char*> names = std::vector<const char*>(CUPTI_RUNTIME_TRACE_CBID_SIZE, nullptr);
};

std::mutex tables_mutex;
std::vector<std::unique_ptr<ThreadTable>>& tables() {
    static auto* all = new std::vector<std::unique_ptr<ThreadTable>>;  // never destroyed: read at exit
    return *all;
}

ThreadTable& this_thread_table() {
    thread_local ThreadTable* table = [] {
        std::lock_guard lock(tables_mutex);
        tables().push_back(std::make_unique<ThreadTable>());
        return tables().back().get();
    }();
    return *table;
}

unsigned long long now_ns() {
    return static_cast<unsigned long long>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                               std::chrono::steady_clock::now().time_since_epoch())
                                               .count());
}

void CUPTIAPI on_runtime_call(void*, CUpti_CallbackDomain, CUpti_CallbackId id, const void* data) {
    const auto* call = static_cast<const CUpti_CallbackData*>(data);
    if (id >= CUPTI_RUNTIME_TRACE_CBID_SIZE) return;
    // The start time travels in the call's own correlation slot (one per call, so nested
    // runtime calls need no stack of their own).
    if (call->callbackSite == CUPTI_API_ENTER) {
        *call->correlationData = now_ns();
        return;
    }
    // Calls that fail are counted and the first few named: an unchecked failing call
    // leaves its error for the next cudaPeekAtLastError on that thread to report.
    if (const auto* status = static_cast<const cudaError_t*>(call->functionReturnValue);
        status != nullptr && *status != cudaSuccess && *status != cudaErrorNotReady) {
        static std::atomic<int> shown{0};
        if (shown++ < 20)
            std::fprintf(stderr, "api profile: %s returned error %d (%s)\n", call->functionName,
                         static_cast<int>(*status), call->symbolName ? call->symbolName : "");
    }
    ThreadTable& table = this_thread_table();
    table.by_id[id].calls += 1;
    table.by_id[id].nanoseconds += now_ns() - *call->correlationData;
    table.names[id] = call->functionName;
}

void print_gpu_totals(std::size_t top);
bool gpu_profile_wanted();
bool streams_wanted();

void print_totals() {
    const char* top_env = std::getenv("GALIAS_API_PROFILE_TOP");
    const std::size_t top = top_env ? std::strtoul(top_env, nullptr, 10) : 25;
    std::vector<Totals> sum(CUPTI_RUNTIME_TRACE_CBID_SIZE);
    std::vector<const char*> names(CUPTI_RUNTIME_TRACE_CBID_SIZE, nullptr);
    std::size_t threads = 0;
    {
        std::lock_guard lock(tables_mutex);
        threads = tables().size();
        for (const auto& table : tables())
            for (std::size_t id = 0; id < sum.size(); ++id) {
                sum[id].calls += table->by_id[id].calls;
                sum[id].nanoseconds += table->by_id[id].nanoseconds;
                if (table->names[id]) names[id] = table->names[id];
            }
    }
    if (gpu_profile_wanted()) print_gpu_totals(top);
    if (gpu_profile_wanted() && streams_wanted()) galias::bench::stream_timeline_print();
    std::vector<std::size_t> order;
    unsigned long long all_calls = 0, all_ns = 0;
    for (std::size_t id = 0; id < sum.size(); ++id)
        if (sum[id].calls) {
            order.push_back(id);
            all_calls += sum[id].calls;
            all_ns += sum[id].nanoseconds;
        }
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return sum[a].nanoseconds > sum[b].nanoseconds; });
    std::fprintf(stderr, "api profile: %llu runtime calls on %zu threads, %.3f s inside them\n", all_calls,
                 threads, static_cast<double>(all_ns) * 1e-9);
    std::fprintf(stderr, "api profile: %-44s %10s %12s %10s\n", "function", "calls", "total ms", "mean us");
    for (std::size_t i = 0; i < order.size() && i < top; ++i) {
        const Totals& t = sum[order[i]];
        std::fprintf(stderr, "api profile: %-44s %10llu %12.3f %10.2f\n",
                     names[order[i]] ? names[order[i]] : "?", t.calls,
                     static_cast<double>(t.nanoseconds) * 1e-6,
                     static_cast<double>(t.nanoseconds) * 1e-3 / static_cast<double>(t.calls));
    }
}

// ---- the device's side: activity records ----

struct GpuTotals {
    std::map<std::string, Totals> by_name;  // kernels by name, "[memset]", "[memcpy DtoH]", ...
    std::vector<std::pair<std::uint64_t, std::uint64_t>> intervals;  // [start, end) of every record
};
std::mutex gpu_mutex;
GpuTotals& gpu_totals() {
    static auto* totals = new GpuTotals;  // never destroyed: read at exit
    return *totals;
}

constexpr std::size_t kActivityBufferBytes = std::size_t{8} << 20;

void CUPTIAPI give_activity_buffer(std::uint8_t** buffer, std::size_t* size, std::size_t* max_records) {
    *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(8, kActivityBufferBytes));
    *size = kActivityBufferBytes;
    *max_records = 0;
}

// Threads the GPU holds at once: an H100 SXM's 132 SMs x 2048 unless
// GALIAS_API_PROFILE_RESIDENT_THREADS says otherwise (no CUDA call from inside CUPTI's
// buffer callback).
double resident_threads() {
    static const double threads = [] {
        const char* given = std::getenv("GALIAS_API_PROFILE_RESIDENT_THREADS");
        return given ? std::max(1.0, std::strtod(given, nullptr)) : 132.0 * 2048.0;
    }();
    return threads;
}

void add_record(GpuTotals& totals, const std::string& name, std::uint64_t start, std::uint64_t end,
                double share = 1) {
    Totals& t = totals.by_name[name];
    t.calls += 1;
    t.nanoseconds += end - start;
    t.whole_gpu_nanoseconds += static_cast<double>(end - start) * std::min(1.0, share);
    totals.intervals.emplace_back(start, end);
}

void CUPTIAPI take_activity_buffer(CUcontext, std::uint32_t, std::uint8_t* buffer, std::size_t,
                                   std::size_t valid) {
    std::lock_guard lock(gpu_mutex);
    GpuTotals& totals = gpu_totals();
    CUpti_Activity* record = nullptr;
    const bool streams = streams_wanted();
    while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
        if (streams) galias::bench::stream_timeline_take(record);
        if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
            const auto* kernel = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
            const double threads = static_cast<double>(kernel->gridX) * kernel->gridY * kernel->gridZ *
                                   kernel->blockX * kernel->blockY * kernel->blockZ;
            add_record(totals, kernel->name ? kernel->name : "?", kernel->start, kernel->end,
                       threads / resident_threads());
        } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
            const auto* memset = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
            // By size: small ones (counters) cost their launch, large ones (tables) bandwidth.
            const char* size = memset->bytes <= 64           ? "<= 64 B"
                               : memset->bytes <= (1u << 20) ? "<= 1 MiB"
                                                             : "> 1 MiB";
            add_record(totals, std::string("[memset ") + size + "]", memset->start, memset->end);
        } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
            const auto* copy = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
            add_record(totals, "[memcpy kind " + std::to_string(copy->copyKind) + "]", copy->start,
                       copy->end);
        }
    }
    std::free(buffer);
}

void print_gpu_totals(std::size_t top) {
    cuptiActivityFlushAll(1);
    std::lock_guard lock(gpu_mutex);
    GpuTotals& totals = gpu_totals();
    if (totals.intervals.empty()) return;
    std::sort(totals.intervals.begin(), totals.intervals.end());
    std::uint64_t busy = 0, reach = totals.intervals.front().first;
    for (const auto& [start, end] : totals.intervals) {
        if (end <= reach) continue;
        busy += end - std::max(start, reach);
        reach = end;
    }
    const std::uint64_t span = reach - totals.intervals.front().first;
    unsigned long long records = 0, summed = 0;
    double whole = 0;
    std::vector<std::pair<std::string, Totals>> rows(totals.by_name.begin(), totals.by_name.end());
    for (const auto& row : rows) {
        records += row.second.calls;
        summed += row.second.nanoseconds;
        whole += row.second.whole_gpu_nanoseconds;
    }
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.second.nanoseconds > b.second.nanoseconds; });
    std::fprintf(stderr,
                 "gpu profile: %llu kernels/memsets/copies, %.3f s summed (%.3f s whole-GPU at %.0f resident "
                 "threads), busy %.3f s of a %.3f s span (%.1f %%)\n",
                 records, static_cast<double>(summed) * 1e-9, whole * 1e-9, resident_threads(),
                 static_cast<double>(busy) * 1e-9, static_cast<double>(span) * 1e-9,
                 span ? 100.0 * static_cast<double>(busy) / static_cast<double>(span) : 0.0);
    for (std::size_t i = 0; i < rows.size() && i < top; ++i) {
        const Totals& t = rows[i].second;
        std::string name = rows[i].first.substr(0, 70);
        std::fprintf(stderr, "gpu profile: %-70s %9llu %10.3f ms %8.2f us %10.3f ms whole-GPU\n",
                     name.c_str(), t.calls, static_cast<double>(t.nanoseconds) * 1e-6,
                     static_cast<double>(t.nanoseconds) * 1e-3 / static_cast<double>(t.calls),
                     t.whole_gpu_nanoseconds * 1e-6);
    }
}

bool gpu_profile_wanted() {
    const char* gpu = std::getenv("GALIAS_API_PROFILE_GPU");
    return gpu != nullptr && gpu[0] == '1';
}

bool streams_wanted() {
    const char* streams = std::getenv("GALIAS_API_PROFILE_STREAMS");
    return streams != nullptr && streams[0] == '1';
}

}  // namespace

// The driver calls this once when it loads the library named by CUDA_INJECTION64_PATH.
extern "C" int InitializeInjection() {
    CUpti_SubscriberHandle subscriber;
    if (cuptiSubscribe(&subscriber, on_runtime_call, nullptr) != CUPTI_SUCCESS ||
        cuptiEnableDomain(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API) != CUPTI_SUCCESS) {
        std::fprintf(stderr, "api profile: could not subscribe to CUPTI's runtime callbacks\n");
        return 0;
    }
    if (gpu_profile_wanted()) {
        cuptiActivityRegisterCallbacks(give_activity_buffer, take_activity_buffer);
        cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
        cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET);
        cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY);
        if (streams_wanted()) galias::bench::stream_timeline_enable();
    }
    std::atexit(print_totals);
    return 1;
}
