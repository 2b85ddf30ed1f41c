#pragma once
// Per-kernel timing of the CUDA backend with CUDA events (--cuda-trace): every
// traced step records its time and the bytes it must at least read and write, and the
// backend prints a table at the end (calls, milliseconds, GB, GB/s) to compare with the
// device's copy bandwidth (about 3 TB/s on an H100). Off by default: then spans cost a
// branch.

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <list>
#include <map>
#include <string>
#include <vector>

#include "gpu_engine/cuda/error.cuh"

namespace galias::engine::cuda {

class KernelTrace {
public:
    struct Pending {
        std::string name;
        std::uint64_t bytes;
        cudaEvent_t start, stop;
        bool ended = false;
    };

    KernelTrace(cudaStream_t stream, bool enabled) : stream_(stream), enabled_(enabled) {}
    KernelTrace(const KernelTrace&) = delete;
    KernelTrace& operator=(const KernelTrace&) = delete;
    ~KernelTrace() {
        for (cudaEvent_t e : free_events_) cudaEventDestroy(e);
    }

    class Span {
    public:
        Span(KernelTrace* trace, const char* name, std::uint64_t bytes) : trace_(trace) {
            if (trace_ != nullptr) entry_ = trace_->begin(name, bytes);
        }
        ~Span() {
            if (trace_ != nullptr) trace_->end(entry_);
        }
        Span(const Span&) = delete;
        Span& operator=(const Span&) = delete;

    private:
        KernelTrace* trace_;
        std::list<KernelTrace::Pending>::iterator entry_;
    };

    Span span(const char* name, std::uint64_t bytes) { return Span(enabled_ ? this : nullptr, name, bytes); }
    [[nodiscard]] bool enabled() const { return enabled_; }

    // Folds finished spans into the totals (call after a stream synchronization).
    void collect() {
        for (auto it = pending_.begin(); it != pending_.end();) {
            if (!it->ended) {
                ++it;
                continue;
            }
            Pending& p = *it;
            float ms = 0;
            GALIAS_CUDA_TRY(cudaEventElapsedTime(&ms, p.start, p.stop));
            Totals& t = totals_[p.name];
            ++t.calls;
            t.milliseconds += ms;
            t.bytes += p.bytes;
            free_events_.push_back(p.start);
            free_events_.push_back(p.stop);
            it = pending_.erase(it);
        }
    }

    // One stream synchronization at `site` (a string literal).
    void note_wait(const char* site) { ++waits_[site]; }
    // Adds `value` to the counter `name` (a string literal), e.g. tuples a filter dropped.
    void count(const char* name, std::uint64_t value) {
        if (enabled_) counts_[name] += value;
    }

    void report(std::FILE* out) {
        if (!enabled_) return;
        collect();
        std::fprintf(out, "%-32s %8s\n", "cuda synchronizations at", "count");
        for (const auto& [site, count] : waits_)
            std::fprintf(out, "%-32s %8llu\n", site.c_str(), static_cast<unsigned long long>(count));
        for (const auto& [name, value] : counts_)
            std::fprintf(out, "%-32s %14llu\n", name.c_str(), static_cast<unsigned long long>(value));
        std::fprintf(out, "%-28s %8s %10s %10s %9s\n", "cuda step", "calls", "ms", "GB", "GB/s");
        for (const auto& [name, t] : totals_) {
            const double gb = static_cast<double>(t.bytes) / 1e9;
            std::fprintf(out, "%-28s %8llu %10.2f %10.2f %9.0f\n", name.c_str(),
                         static_cast<unsigned long long>(t.calls), t.milliseconds, gb,
                         t.milliseconds > 0 ? gb / (t.milliseconds / 1e3) : 0.0);
        }
    }

private:
    struct Totals {
        std::uint64_t calls = 0;
        double milliseconds = 0;
        std::uint64_t bytes = 0;
    };

    cudaEvent_t event() {
        if (!free_events_.empty()) {
            cudaEvent_t e = free_events_.back();
            free_events_.pop_back();
            return e;
        }
        cudaEvent_t e;
        GALIAS_CUDA_TRY(cudaEventCreate(&e));
        return e;
    }
    std::list<Pending>::iterator begin(const char* name, std::uint64_t bytes) {
        pending_.push_back(Pending{name, bytes, event(), event()});
        GALIAS_CUDA_TRY(cudaEventRecord(pending_.back().start, stream_));
        return std::prev(pending_.end());
    }
    void end(std::list<Pending>::iterator entry) {
        GALIAS_CUDA_TRY(cudaEventRecord(entry->stop, stream_));
        entry->ended = true;
    }

    cudaStream_t stream_;
    bool enabled_;
    std::list<Pending> pending_;
    std::vector<cudaEvent_t> free_events_;
    std::map<std::string, Totals> totals_;
    std::map<std::string, std::uint64_t> waits_;
    std::map<std::string, std::uint64_t> counts_;
};

}  // namespace galias::engine::cuda
