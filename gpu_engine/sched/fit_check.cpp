#include "gpu_engine/sched/fit_check.hpp"

#include <algorithm>
#include <stdexcept>

#include "gpu_engine/sched/kernel_model.hpp"
#include "gpu_engine/sched/shapes.hpp"

namespace galias::engine::sched {

FitChecker::FitChecker(const DeviceProfile& device, std::span<const KernelCosts> kernels)
    : device_(device), kernels_(kernels) {
    for (const KernelCosts& costs : kernels) {
        const std::vector<Shape> shapes = candidate_shapes(device, costs);
        if (shapes.empty())
            throw std::invalid_argument("batch model: every kernel needs work and a shape that fits");
        ResourceUse least = shape_use(costs, shapes.front());
        compact_.push_back(least);
        for (const Shape& shape : shapes) {
            const ResourceUse use = shape_use(costs, shape);
            least.warps = std::min(least.warps, use.warps);
            least.regs = std::min(least.regs, use.regs);
        }
        least_.push_back(least);
    }
}

bool FitChecker::fits(std::span<const std::size_t> members) const {
    ResourceUse least_sum;
    ResourceUse compact_sum;
    for (std::size_t k : members) {
        least_sum += least_[k];
        compact_sum += compact_[k];
    }
    if (!sched::fits(least_sum, device_)) return false;
    if (sched::fits(compact_sum, device_)) return true;
    std::vector<KernelCosts> subset;
    for (std::size_t k : members) subset.push_back(kernels_[k]);
    return solve_kernel_level(device_, subset).feasible;
}

bool FitChecker::fits_with(std::span<const std::size_t> members, const ResourceUse& least_sum,
                           const ResourceUse& compact_sum, std::size_t extra) const {
    if (!sched::fits(least_sum + least_[extra], device_)) return false;
    if (sched::fits(compact_sum + compact_[extra], device_)) return true;
    std::vector<KernelCosts> subset;
    for (std::size_t k : members) subset.push_back(kernels_[k]);
    subset.push_back(kernels_[extra]);
    return solve_kernel_level(device_, subset).feasible;
}

double FitChecker::size(std::size_t kernel) const {
    const ResourceUse& use = compact_[kernel];
    const auto fraction = [](std::int64_t value, std::int64_t limit) {
        return limit > 0 ? static_cast<double>(value) / static_cast<double>(limit) : (value > 0 ? 1.0 : 0.0);
    };
    return std::max({fraction(use.blocks, device_.max_blocks_per_sm),
                     fraction(use.warps, device_.max_warps_per_sm), fraction(use.regs, device_.regs_per_sm),
                     fraction(use.smem, device_.smem_per_sm)});
}

int FitChecker::volume_lower_bound() const {
    std::vector<std::size_t> all(least_.size());
    for (std::size_t k = 0; k < all.size(); ++k) all[k] = k;
    return volume_lower_bound(all);
}

int FitChecker::volume_lower_bound(std::span<const std::size_t> members) const {
    if (members.empty()) return 0;
    ResourceUse total;
    for (std::size_t k : members) total += least_[k];
    const auto bins = [](std::int64_t value, std::int64_t limit) {
        return limit > 0 ? (value + limit - 1) / limit : 1;
    };
    return static_cast<int>(std::max<std::int64_t>(
        {1, bins(total.blocks, device_.max_blocks_per_sm), bins(total.warps, device_.max_warps_per_sm),
         bins(total.regs, device_.regs_per_sm), bins(total.smem, device_.smem_per_sm)}));
}

}  // namespace galias::engine::sched
