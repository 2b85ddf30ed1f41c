#include "gpu_engine/runtime/lanes.hpp"

#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>

namespace galias::engine {

std::size_t lane_count(const BackendCapabilities& capabilities, std::size_t max_lanes) {
    if (capabilities.lanes == nullptr) return 1;
    const std::size_t offered = capabilities.lanes->count();
    return std::clamp<std::size_t>(offered, 1, max_lanes != 0 ? max_lanes : offered);
}

Lanes::Lanes(Backend& backend, const BackendCapabilities& capabilities, std::size_t max_lanes)
    : backend_(backend),
      capabilities_(capabilities),
      count_(lane_count(capabilities, max_lanes)),
      arena_(static_cast<int>(count_)),
      views_(count_) {}

void Lanes::run(std::size_t lanes, std::size_t tasks, const std::function<void(std::size_t, Lane&)>& task,
                IterationStats& it) {
    std::vector<IterationStats> lane_stats(lanes);
    std::atomic<std::size_t> next_task{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&](std::size_t index) {
        View& view = views_[index];
        if (view.backend == nullptr) {  // the lane's first use: made by its own thread
            view.backend = &capabilities_.lanes->lane(index);
            view.capabilities = view.backend->capabilities();
        }
        Lane lane{index, *view.backend, view.capabilities, lane_stats[index], true};
        try {
            for (std::size_t t = next_task++; t < tasks; t = next_task++) task(t, lane);
            lane.backend.synchronize();
        } catch (...) {
            std::lock_guard lock(failure_mutex);
            if (!failure) failure = std::current_exception();
            next_task = tasks;  // the other lanes stop after their current task
        }
    };
    // The tasks read what lane 0 queued (inputs, merges, indexes): finished first.
    backend_.synchronize();
    // The helper lanes are tasks of this object's own arena: its threads outlive the
    // iteration (a semi-naive loop runs hundreds of them, and starting threads for each
    // cost a single small analysis 15-20 %), and the isolation keeps a waiting lane from
    // picking up work of other arenas (another analysis of a batch).
    arena_.execute([&] {
        tbb::task_group helpers;
        for (std::size_t index = 1; index < lanes; ++index) helpers.run([&work, index] { work(index); });
        work(0);
        helpers.wait();
    });
    if (failure) std::rethrow_exception(failure);
    // Lanes overlap in time, so the operator times add up to more than the wall time.
    for (const IterationStats& lane : lane_stats) {
        it.times += lane.times;
        it.join_output_tuples += lane.join_output_tuples;
    }
}

}  // namespace galias::engine
