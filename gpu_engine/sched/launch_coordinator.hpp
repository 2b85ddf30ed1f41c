#pragma once
// Launch shapes for kernels that run at the same time on one device from different
// *lanes* — the CUDA streams of one analysis (its independent rule variants) and of
// several analyses sharing the GPU (`galias run --batch`). Each lane tells the coordinator
// which kernel it is about to launch; the lane's kernel counts as in flight until the lane
// reports that its stream has drained (idle()). In mode `model` the launching kernel's
// shape comes from plan_concurrent_launches() over every kernel in flight, so that they
// fit the SMs side by side; in modes `off` and `streams` it is the default shape.
//
// This is the dynamic form of docs/SCHEDULING.md's plan: the set of concurrent kernels is
// the one observed at each launch, not known ahead, and a launch cannot wait for a later
// batch. So when the set does not fit together, the saturating kernels (more work than
// the device holds even alone; grid-stride loops) first share the warps the others leave
// and the model runs again; if it still does not fit, the launching kernel gets the shape
// of its batch in the batch model's plan.
//
// When every in-flight kernel's most compact covering shape fits one SM together, those
// shapes are the model's optimum (its objective is a sum over kernels, minimized
// lexicographically, so kernel by kernel) and no solve is needed. Otherwise plans are
// cached by the in-flight set (kernel and demand in warps per SM), so a steady mix costs
// one model solve. Solves are rationed to 1 % of the time (after a solve of t, none for
// 100 t): with many lanes the in-flight set changes at nearly every launch, and between
// solves a kernel takes its shape from the latest plan that had it, or else a share of
// an SM's warps in proportion to its compact shape. Thread-safe; pure host code.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "gpu_engine/sched/plan.hpp"
#include "gpu_engine/sched/shapes.hpp"

namespace galias::engine::sched {

struct CoordinatorCounters {
    std::uint64_t launches = 0;    // launch() calls
    std::uint64_t concurrent = 0;  // ... with another lane's kernel in flight
    std::uint64_t direct = 0;      // model plans without a solve: the compact shapes fit together
    std::uint64_t solves = 0;      // model solves (cache misses)
    std::uint64_t reused = 0;      // shapes from the latest plan (between rationed solves)
    std::uint64_t shared = 0;      // fair-share shapes (between solves, kernel not in the latest plan)
    double solve_seconds = 0;      // time in plan_concurrent_launches
    double plan_seconds = 0;       // all time spent choosing shapes in mode model (solves included)
    std::size_t most_in_flight = 0;
};

class LaunchCoordinator {
public:
    LaunchCoordinator(DeviceProfile device, PlanOptions options);

    [[nodiscard]] SchedMode mode() const { return options_.mode; }
    [[nodiscard]] const DeviceProfile& device() const { return device_; }

    // A new lane (one stream); its id is passed to launch() and idle().
    int open_lane();
    void close_lane(int lane);

    // The launch of `kernel` on `lane` now. `identity` names the compiled function (its
    // address): kernels with equal identity have equal register and shared memory needs.
    Launch launch(int lane, const KernelProfile& kernel, const void* identity);
    // The lane's stream has no work left: its last kernel has finished.
    void idle(int lane);

    [[nodiscard]] CoordinatorCounters counters() const;

private:
    struct InFlight {
        bool active = false;
        bool open = false;
        KernelProfile kernel;
        const void* identity = nullptr;
        int demand_warps = 0;
        Shape compact;            // the kernel's most compact covering shape
        ResourceUse compact_use;  // ... and what it takes on one SM
    };
    // What a cached plan depends on: every in-flight kernel's identity and demand, the
    // launching one first.
    using PlanKey = std::vector<std::pair<const void*, int>>;

    bool share_saturating(std::vector<KernelProfile>& kernels) const;
    Launch plan_launch(int lane, const KernelProfile& kernel, const void* identity);
    // The launching kernel's entry in the in-flight table (no shared state read).
    [[nodiscard]] InFlight in_flight_entry(const KernelProfile& kernel, const KernelCosts& costs, bool model,
                                           const void* identity) const;
    // Solves the plan of `kernels` (the launching one first) outside the lock, caches it
    // under `key` and returns the launching kernel's launch.
    Launch solve_plan(const KernelProfile& kernel, const KernelCosts& costs,
                      std::vector<KernelProfile>& kernels, PlanKey key, const PlanKey& members);

    DeviceProfile device_;
    PlanOptions options_;
    mutable std::mutex mutex_;
    std::vector<InFlight> lanes_;
    std::map<PlanKey, Shape> cache_;                       // the launching kernel's per-SM shape
    std::map<std::pair<const void*, int>, Shape> latest_;  // every kernel's shape in the latest solve
    std::chrono::steady_clock::time_point next_solve_{};   // solves are rationed
    CoordinatorCounters counters_;
};

}  // namespace galias::engine::sched
