#pragma once
// Lanes: where rules run. A lane is a view of the backend that one host thread drives
// (LaneSet); the rules of an iteration only read full and delta relations and write their
// own lane's `new`, so with several lanes they run at the same time (`--sched
// streams|model`), each lane taking the next rule not yet taken.

#include <tbb/task_arena.h>

#include <cstddef>
#include <functional>
#include <vector>

#include "gpu_engine/runtime/backend.hpp"
#include "gpu_engine/runtime/stats.hpp"

namespace galias::engine {

// Where a rule runs: a lane of the backend and the statistics it books into, merged into
// the iteration's at the end of the join phase. `concurrent`: other lanes run at the same
// time, so what this lane leaves in shared state (next_delta) must be finished on its own
// queue before another lane reads it.
struct Lane {
    std::size_t index = 0;
    Backend& backend;
    const BackendCapabilities& caps;  // backend's
    IterationStats& it;
    bool concurrent = false;
};

// How many lanes rules may run on: up to `max_lanes` (0: as many as the backend offers);
// one where the backend offers no LaneSet.
std::size_t lane_count(const BackendCapabilities& capabilities, std::size_t max_lanes);

class Lanes {
public:
    // lane_count(capabilities, max_lanes) lanes. `capabilities` are backend's, and outlive
    // this object.
    Lanes(Backend& backend, const BackendCapabilities& capabilities, std::size_t max_lanes);

    // How many lanes rules may run on (1: sequential).
    [[nodiscard]] std::size_t count() const { return count_; }

    // Runs task(t, lane) for every t < tasks on `lanes` lanes (2 <= lanes <= count()) at
    // once, each lane taking the next task not yet taken, and books their statistics into
    // `it`. Lane 0's queued work is finished first (the tasks read it). On a failure the
    // other lanes stop after their current task, and the first failure is rethrown.
    void run(std::size_t lanes, std::size_t tasks, const std::function<void(std::size_t, Lane&)>& task,
             IterationStats& it);

private:
    // Lane i's backend and its capabilities, from the lane's first use (null until then).
    struct View {
        Backend* backend = nullptr;
        BackendCapabilities capabilities;
    };

    Backend& backend_;
    const BackendCapabilities& capabilities_;
    std::size_t count_ = 1;
    tbb::task_arena arena_;  // runs the lanes (count_ threads)
    std::vector<View> views_;
};

}  // namespace galias::engine
