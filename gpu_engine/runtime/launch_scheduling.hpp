#pragma once
// The launch scheduler as the executor sees it (BackendCapabilities::scheduling): how a
// backend shapes the work of lanes that run together (gpu_engine/sched/,
// docs/SCHEDULING.md). Kept apart from backend.hpp so that the Backend interface does not
// depend on the scheduler.

#include "gpu_engine/sched/launch_coordinator.hpp"
#include "gpu_engine/sched/plan.hpp"

namespace galias::engine {

class LaunchScheduling {
public:
    virtual ~LaunchScheduling() = default;
    // The `--sched` mode the backend runs in; a backend in mode off offers no lanes.
    [[nodiscard]] virtual sched::SchedMode mode() const = 0;
    // Launches and solves so far, of the backend and all its lanes.
    [[nodiscard]] virtual sched::CoordinatorCounters counters() const { return {}; }
};

}  // namespace galias::engine
