#include "gpu_engine/sched/launch_coordinator.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <stdexcept>

namespace galias::engine::sched {
namespace {

// A steady mix of kernels needs few plans; a long, varied run must not grow the cache
// without bound.
constexpr std::size_t kCacheLimit = 4096;
// After a solve that took t, the next may start after kSolveRation * t: solves take at
// most 1 % of the time.
constexpr int kSolveRation = 100;

Launch launch_with_shape(const DeviceProfile& device, const KernelProfile& kernel, const KernelCosts& costs,
                         Shape shape) {
    const std::int64_t block = std::int64_t{shape.warps_per_block} * device.warp_size;
    const std::int64_t needed = (kernel.work_items + block - 1) / block;
    const std::int64_t grid =
        std::clamp<std::int64_t>(needed, 1, std::int64_t{shape.blocks} * device.sm_count);
    Launch launch;
    launch.grid = static_cast<unsigned>(grid);
    launch.block = static_cast<unsigned>(block);
    launch.per_sm = shape;
    launch.covers_work = !costs.saturating && grid * block >= kernel.work_items;
    return launch;
}

}  // namespace

// Lowers the work of saturating kernels so that together they take the warps per SM the
// others leave, in equal shares (at least one warp each); true when it changed anything.
bool LaunchCoordinator::share_saturating(std::vector<KernelProfile>& kernels) const {
    std::vector<std::size_t> saturating;
    std::int64_t other_warps = 0;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        const KernelCosts costs = kernel_costs(device_, kernels[k]);
        if (costs.saturating)
            saturating.push_back(k);
        else
            other_warps += costs.demand_warps;
    }
    if (saturating.empty()) return false;
    const std::int64_t left = std::max<std::int64_t>(0, device_.max_warps_per_sm - other_warps);
    const std::int64_t share = std::max<std::int64_t>(1, left / static_cast<std::int64_t>(saturating.size()));
    for (std::size_t k : saturating) kernels[k].work_items = share * device_.warp_size * device_.sm_count;
    return true;
}

LaunchCoordinator::LaunchCoordinator(DeviceProfile device, PlanOptions options)
    : device_(device), options_(options) {
    validate(device_);
}

int LaunchCoordinator::open_lane() {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        if (!lanes_[i].open) {
            lanes_[i] = InFlight{};
            lanes_[i].open = true;
            return static_cast<int>(i);
        }
    }
    lanes_.emplace_back().open = true;
    return static_cast<int>(lanes_.size() - 1);
}

void LaunchCoordinator::close_lane(int lane) {
    std::lock_guard lock(mutex_);
    if (lane < 0 || static_cast<std::size_t>(lane) >= lanes_.size()) return;
    lanes_[static_cast<std::size_t>(lane)] = InFlight{};
}

void LaunchCoordinator::idle(int lane) {
    std::lock_guard lock(mutex_);
    if (lane >= 0 && static_cast<std::size_t>(lane) < lanes_.size())
        lanes_[static_cast<std::size_t>(lane)].active = false;
}

CoordinatorCounters LaunchCoordinator::counters() const {
    std::lock_guard lock(mutex_);
    return counters_;
}

Launch LaunchCoordinator::launch(int lane, const KernelProfile& kernel, const void* identity) {
    if (options_.mode != SchedMode::kModel) return plan_launch(lane, kernel, identity);
    const auto start = std::chrono::steady_clock::now();
    Launch launch = plan_launch(lane, kernel, identity);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::lock_guard lock(mutex_);
    counters_.plan_seconds += seconds;
    return launch;
}

LaunchCoordinator::InFlight LaunchCoordinator::in_flight_entry(const KernelProfile& kernel,
                                                               const KernelCosts& costs, bool model,
                                                               const void* identity) const {
    InFlight mine;
    mine.active = kernel.work_items > 0;
    mine.identity = identity;
    mine.kernel = kernel;
    mine.demand_warps = costs.demand_warps;
    if (!model) return mine;
    const std::vector<Shape> shapes = candidate_shapes(device_, costs);
    mine.compact = shapes.empty() ? Shape{} : shapes.front();
    mine.compact_use = shape_use(costs, mine.compact);
    // Plans are made for demands rounded up to a power of two (covering more work is always
    // allowed), so that similar in-flight sets share a cached plan.
    if (!costs.saturating) {
        const int rounded =
            std::min(costs.capacity_warps,
                     static_cast<int>(std::bit_ceil(static_cast<unsigned>(std::max(1, costs.demand_warps)))));
        mine.demand_warps = rounded;
        mine.kernel.work_items = std::max<std::int64_t>(
            kernel.work_items, std::int64_t{rounded} * device_.warp_size * device_.sm_count);
    }
    return mine;
}

Launch LaunchCoordinator::plan_launch(int lane, const KernelProfile& kernel, const void* identity) {
    if (lane < 0) throw std::invalid_argument("sched: launch on a lane that was not opened");
    const KernelCosts costs = kernel_costs(device_, kernel);
    const bool model = options_.mode == SchedMode::kModel && kernel.work_items > 0;
    // Everything that needs no shared state is done before taking the lock.
    InFlight mine = in_flight_entry(kernel, costs, model, identity);
    std::vector<KernelProfile> kernels{mine.kernel};
    PlanKey plan_members;
    PlanKey key{{identity, mine.demand_warps}};
    Shape fallback;  // the fair-share shape, when no plan may be solved now
    {
        std::lock_guard lock(mutex_);
        ++counters_.launches;
        if (static_cast<std::size_t>(lane) >= lanes_.size())
            lanes_.resize(static_cast<std::size_t>(lane) + 1);
        mine.open = true;
        lanes_[static_cast<std::size_t>(lane)] = mine;
        ResourceUse together = mine.compact_use;
        std::size_t in_flight = 1;
        for (std::size_t i = 0; i < lanes_.size(); ++i) {
            if (i == static_cast<std::size_t>(lane) || !lanes_[i].active) continue;
            ++in_flight;
            together += lanes_[i].compact_use;
            if (model) {
                kernels.push_back(lanes_[i].kernel);
                key.emplace_back(lanes_[i].identity, lanes_[i].demand_warps);
            }
        }
        if (in_flight > 1) ++counters_.concurrent;
        counters_.most_in_flight = std::max(counters_.most_in_flight, in_flight);
        if (model) {
            // The objective is a sum over kernels minimized lexicographically, so when
            // every kernel's own best (most compact) shape fits together, that is the optimum.
            if (fits(together, device_)) {
                ++counters_.direct;
                return launch_with_shape(device_, kernel, costs, mine.compact);
            }
            const PlanKey members = key;  // in `kernels` order
            // The others' order does not change the plan's value; sorting makes equal sets hit.
            std::sort(key.begin() + 1, key.end());
            if (auto cached = cache_.find(key); cached != cache_.end())
                return launch_with_shape(device_, kernel, costs, cached->second);
            // Solves are rationed (at most 1 % of the time since the last one): between
            // them a kernel takes its shape from the latest plan that had it, or else a
            // share of the warps proportional to its compact shape's.
            const auto now = std::chrono::steady_clock::now();
            if (now < next_solve_) {
                if (auto latest = latest_.find(members.front()); latest != latest_.end()) {
                    ++counters_.reused;
                    return launch_with_shape(device_, kernel, costs, latest->second);
                }
                ++counters_.shared;
                const std::int64_t share =
                    std::max<std::int64_t>(1, mine.compact_use.warps * device_.max_warps_per_sm /
                                                  std::max<std::int64_t>(1, together.warps));
                fallback =
                    Shape{1, static_cast<int>(std::min<std::int64_t>(share, costs.max_warps_per_block))};
            } else {
                next_solve_ = std::chrono::steady_clock::time_point::max();  // this thread solves
            }
            plan_members = members;
        }
    }
    if (fallback.blocks != 0) return launch_with_shape(device_, kernel, costs, fallback);
    if (!model) {
        if (kernel.work_items == 0) return Launch{0, 1, static_cast<unsigned>(device_.warp_size), {}, true};
        return default_launch(device_, kernel, options_);
    }

    return solve_plan(kernel, costs, kernels, std::move(key), plan_members);
}

Launch LaunchCoordinator::solve_plan(const KernelProfile& kernel, const KernelCosts& costs,
                                     std::vector<KernelProfile>& kernels, PlanKey key,
                                     const PlanKey& members) {
    // A solve, outside the lock: other lanes keep launching meanwhile.
    const auto solve_start = std::chrono::steady_clock::now();
    Schedule schedule = plan_concurrent_launches(device_, kernels, options_);
    double seconds = schedule.stats.solve_seconds;
    int solves = 1;
    if (!schedule.stats.fits_one_batch && share_saturating(kernels)) {
        // Kernels cannot wait here for a later batch: let the saturating ones (grid-stride
        // loops that fill the device alone) share what the others leave, and plan again.
        schedule = plan_concurrent_launches(device_, kernels, options_);
        seconds += schedule.stats.solve_seconds;
        ++solves;
    }
    for (const Batch& batch : schedule.batches) {
        for (const Launch& launch : batch.launches) {
            if (launch.kernel != 0) continue;
            std::lock_guard lock(mutex_);
            counters_.solves += static_cast<std::uint64_t>(solves);
            counters_.solve_seconds += seconds;
            if (cache_.size() >= kCacheLimit) cache_.clear();
            cache_.emplace(std::move(key), launch.per_sm);
            latest_.clear();
            for (const Batch& planned : schedule.batches)
                for (const Launch& member : planned.launches) latest_[members[member.kernel]] = member.per_sm;
            const auto end = std::chrono::steady_clock::now();
            next_solve_ = end + (end - solve_start) * kSolveRation;
            return launch_with_shape(device_, kernel, costs, launch.per_sm);  // the kernel's own work
        }
    }
    throw std::logic_error("sched: the plan has no launch for the launching kernel");
}

}  // namespace galias::engine::sched
