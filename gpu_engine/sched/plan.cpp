#include "gpu_engine/sched/plan.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "gpu_engine/sched/kernel_model.hpp"

namespace galias::engine::sched {
namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

}  // namespace

Launch default_launch(const DeviceProfile& device, const KernelProfile& kernel, const PlanOptions& options) {
    const int warp = device.warp_size;
    int block = std::min({static_cast<int>(options.default_block), kernel.max_threads_per_block,
                          device.max_threads_per_block});
    block = std::max(warp, block / warp * warp);
    const std::int64_t resident = std::int64_t{device.sm_count} * device.max_warps_per_sm * warp / block;
    const std::int64_t cap = std::max<std::int64_t>(1, resident * options.default_waves);
    const std::int64_t grid = std::clamp<std::int64_t>(ceil_div(kernel.work_items, block), 1, cap);
    Launch launch;
    launch.grid = static_cast<unsigned>(grid);
    launch.block = static_cast<unsigned>(block);
    launch.covers_work = grid * block >= kernel.work_items;
    return launch;
}

namespace {

// The launch of a kernel planned with `shape` per SM: b_i blocks on every SM, but no more
// blocks than the work fills (a small kernel does not need every SM).
Launch model_launch(const DeviceProfile& device, const KernelProfile& kernel, const KernelCosts& costs,
                    std::size_t index, Shape shape) {
    const std::int64_t block = std::int64_t{shape.warps_per_block} * device.warp_size;
    const std::int64_t grid = std::clamp<std::int64_t>(ceil_div(kernel.work_items, block), 1,
                                                       std::int64_t{shape.blocks} * device.sm_count);
    Launch launch;
    launch.kernel = index;
    launch.grid = static_cast<unsigned>(grid);
    launch.block = static_cast<unsigned>(block);
    launch.per_sm = shape;
    launch.covers_work = !costs.saturating && grid * block >= kernel.work_items;
    return launch;
}

// Shapes for one batch by the kernel-level model; `members` index `kernels`/`costs`.
Batch plan_batch(const DeviceProfile& device, std::span<const KernelProfile> kernels,
                 std::span<const KernelCosts> costs, std::span<const std::size_t> members,
                 std::span<const std::size_t> original_index) {
    std::vector<KernelCosts> subset;
    for (std::size_t k : members) subset.push_back(costs[k]);
    const KernelLevelResult solved = solve_kernel_level(device, subset);
    if (!solved.feasible)  // the batch model only forms batches that fit
        throw std::logic_error("sched: a planned batch does not fit: " + solved.reason);
    Batch batch;
    batch.per_sm = solved.use;
    for (std::size_t i = 0; i < members.size(); ++i) {
        const std::size_t k = members[i];
        batch.launches.push_back(
            model_launch(device, kernels[original_index[k]], costs[k], original_index[k], solved.shapes[i]));
    }
    return batch;
}

}  // namespace

std::optional<SchedMode> parse_sched_mode(std::string_view text) {
    if (text == "off") return SchedMode::kOff;
    if (text == "streams") return SchedMode::kStreams;
    if (text == "model") return SchedMode::kModel;
    return std::nullopt;
}

std::string_view sched_mode_name(SchedMode mode) {
    switch (mode) {
        case SchedMode::kOff:
            return "off";
        case SchedMode::kStreams:
            return "streams";
        case SchedMode::kModel:
            return "model";
    }
    return "?";
}

Schedule plan_concurrent_launches(const DeviceProfile& device, std::span<const KernelProfile> kernels,
                                  const PlanOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    Schedule schedule;
    schedule.stats.mode = options.mode;

    // Costs first for every mode, so that a kernel that cannot run is reported the same way.
    std::vector<KernelCosts> costs;
    std::vector<std::size_t> original_index;  // position in `kernels` of costs[i]
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        const KernelCosts kernel_costs_i = kernel_costs(device, kernels[i]);
        if (kernels[i].work_items == 0) {
            schedule.skipped.push_back(i);
            continue;
        }
        costs.push_back(kernel_costs_i);
        original_index.push_back(i);
    }

    if (options.mode == SchedMode::kOff || options.mode == SchedMode::kStreams) {
        for (std::size_t k : original_index) {
            if (options.mode == SchedMode::kOff || schedule.batches.empty()) schedule.batches.emplace_back();
            Launch launch = default_launch(device, kernels[k], options);
            launch.kernel = k;
            schedule.batches.back().launches.push_back(launch);
        }
    } else if (!costs.empty()) {
        const KernelLevelResult together = solve_kernel_level(device, costs);
        schedule.stats.fits_one_batch = together.feasible;
        if (together.feasible) {
            Batch batch;
            batch.per_sm = together.use;
            for (std::size_t i = 0; i < costs.size(); ++i)
                batch.launches.push_back(model_launch(device, kernels[original_index[i]], costs[i],
                                                      original_index[i], together.shapes[i]));
            schedule.batches.push_back(std::move(batch));
        } else {
            schedule.stats.batch = solve_batch_level(device, costs, options.batch);
            for (const auto& members : schedule.stats.batch.batches)
                schedule.batches.push_back(plan_batch(device, kernels, costs, members, original_index));
        }
    }
    schedule.stats.solve_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return schedule;
}

}  // namespace galias::engine::sched
