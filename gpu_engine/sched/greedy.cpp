// First-fit decreasing: kernels by decreasing size (the largest fraction of one limit
// their most compact shape takes), each into the first batch it fits with, else a new
// batch. The batch model's fallback and its first set of columns.
#include <algorithm>
#include <numeric>

#include "gpu_engine/sched/batch_model.hpp"
#include "gpu_engine/sched/fit_check.hpp"

namespace galias::engine::sched {
namespace {

struct OpenBatch {
    std::vector<std::size_t> members;
    ResourceUse least_sum;
    ResourceUse compact_sum;
};

}  // namespace

bool batch_fits(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                std::span<const std::size_t> members) {
    return FitChecker(device, kernels).fits(members);
}

BatchPlan greedy_batches(const DeviceProfile& device, std::span<const KernelCosts> kernels) {
    const FitChecker checker(device, kernels);
    std::vector<std::size_t> order(kernels.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return checker.size(a) > checker.size(b); });

    std::vector<OpenBatch> open;
    for (std::size_t k : order) {
        auto target = std::find_if(open.begin(), open.end(), [&](const OpenBatch& batch) {
            return checker.fits_with(batch.members, batch.least_sum, batch.compact_sum, k);
        });
        if (target == open.end()) target = open.insert(open.end(), OpenBatch{});
        target->members.push_back(k);
        target->least_sum += checker.least(k);
        target->compact_sum += checker.compact(k);
    }

    BatchPlan plan;
    plan.method = BatchMethod::kGreedy;
    for (OpenBatch& batch : open) {
        std::sort(batch.members.begin(), batch.members.end());
        plan.batches.push_back(std::move(batch.members));
    }
    plan.lower_bound = checker.volume_lower_bound();
    return plan;
}

}  // namespace galias::engine::sched
