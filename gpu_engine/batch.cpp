// run_batch(): several analyses on one device (engine.hpp).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <numeric>
#include <string>
#include <thread>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/runtime/backend_factory.hpp"
#include "gpu_engine/runtime/executor.hpp"

namespace galias::engine {

namespace {

// Bytes of input a job reads: its in-memory relations and its facts directory's files.
std::uintmax_t input_bytes(const Inputs& inputs) {
    std::uintmax_t bytes = 0;
    for (const auto& [name, rows] : inputs.relations) bytes += rows.cells.size() * sizeof(std::uint32_t);
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(inputs.facts_dir, error))
        if (entry.is_regular_file(error)) bytes += entry.file_size(error);
    return bytes;
}

// The order in which workers take jobs: largest input first (the longest-processing-time
// rule, input size standing in for run time), so that a long job does not start last and
// leave the others' workers idle at the end of the batch.
std::vector<std::size_t> longest_first(const std::vector<BatchJob>& jobs) {
    std::vector<std::uintmax_t> bytes;
    bytes.reserve(jobs.size());
    for (const BatchJob& job : jobs) bytes.push_back(input_bytes(job.inputs));
    std::vector<std::size_t> order(jobs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return bytes[a] > bytes[b]; });
    return order;
}

// Each job's urgency (its streams' priority) from its place in `order` (largest input
// first): the smallest job gets the greatest. Shortest job first on the device: a small
// job's kernels are a chain of short launches whose waits set its run time, and they slip
// in between a large job's blocks instead of queueing behind them; the large jobs, bound
// by the device's throughput, lose little (H100, the queue 2-3 % shorter at 8 and 16 at
// once; docs/BENCHMARKS.md, "Concurrent analyses on one GPU").
// EngineOptions::BatchPriority::None gives every job the default priority (for comparisons).
std::vector<double> urgency_by_size(const std::vector<std::size_t>& order,
                                    EngineOptions::BatchPriority priority) {
    std::vector<double> urgency(order.size(), 0.0);
    if (order.size() < 2 || priority == EngineOptions::BatchPriority::None) return urgency;
    for (std::size_t i = 0; i < order.size(); ++i)
        urgency[order[i]] = static_cast<double>(i) / static_cast<double>(order.size() - 1);
    return urgency;
}

}  // namespace

std::vector<BatchOutcome> run_batch(std::vector<BatchJob>& jobs, std::size_t max_concurrent) {
    std::vector<BatchOutcome> outcomes(jobs.size());
    if (jobs.empty()) return outcomes;
    const EngineOptions& first = jobs.front().options;
    const BackendKind kind = resolve_backend(first.backend);
    const sched::SchedMode mode = first.sched.value_or(default_sched_mode(kind));

    std::vector<double> urgency(jobs.size(), 0.0);  // the default priority unless jobs run side by side
    auto run_job = [&](std::size_t j) {
        const auto start = std::chrono::steady_clock::now();
        try {
            // Every job its own backend: its own stream(s) on the GPU; the memory pool,
            // the CUDA context and (in mode model) the launch coordinator are shared.
            // With auto, a GPU that does not start runs the job on the CPU (the note says so).
            std::vector<std::string> notes;
            std::unique_ptr<Backend> backend =
                make_backend(first.backend, first.threads, first.cuda, mode, urgency[j], &notes);
            outcomes[j].result = run_on_backend(*jobs[j].program, jobs[j].inputs, jobs[j].options, *backend);
            outcomes[j].result.notes = std::move(notes);
        } catch (...) {
            outcomes[j].error = std::current_exception();
        }
        outcomes[j].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };

    if (mode == sched::SchedMode::kOff) {
        for (std::size_t j = 0; j < jobs.size(); ++j) run_job(j);
        return outcomes;
    }
    const std::size_t workers = std::min(jobs.size(), max_concurrent == 0 ? jobs.size() : max_concurrent);
    // Jobs that run beside others take one lane each: the concurrency comes from the jobs,
    // and a job's extra lanes only add threads and waits on a device the others keep busy
    // (H100, queue of 64 at 8 at once: 0.53-0.57 s with one lane, 0.58-0.62 s with two;
    // docs/BENCHMARKS.md, "Concurrent analyses on one GPU"). A job alone gets a lane per core.
    const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
    for (BatchJob& job : jobs)
        if (job.options.max_lanes == 0) job.options.max_lanes = workers > 1 ? 1U : cores;
    const std::vector<std::size_t> order = longest_first(jobs);
    if (workers > 1) urgency = urgency_by_size(order, first.batch_priority);
    std::atomic<std::size_t> next{0};
    {
        std::vector<std::jthread> threads;
        for (std::size_t w = 0; w < workers; ++w)
            threads.emplace_back([&] {
                for (std::size_t i = next++; i < order.size(); i = next++) run_job(order[i]);
            });
    }
    return outcomes;
}

}  // namespace galias::engine
