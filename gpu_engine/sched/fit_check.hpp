#pragma once
// Does a set of kernels fit one SM together? The exact answer is the kernel-level DP;
// two cheap tests settle most questions first: if even each kernel's least use of some
// resource, summed, exceeds a limit, no; if each kernel's most compact shape, summed,
// fits all limits, yes. Used by the greedy packing and by the LP rounding.

#include <cstddef>
#include <span>
#include <vector>

#include "gpu_engine/sched/costs.hpp"

namespace galias::engine::sched {

class FitChecker {
public:
    FitChecker(const DeviceProfile& device, std::span<const KernelCosts> kernels);

    // Whether `members` fit together.
    bool fits(std::span<const std::size_t> members) const;
    // Whether `members` plus `extra` fit together, given the sums for `members`.
    bool fits_with(std::span<const std::size_t> members, const ResourceUse& least_sum,
                   const ResourceUse& compact_sum, std::size_t extra) const;

    std::size_t kernel_count() const { return kernels_.size(); }
    const ResourceUse& least(std::size_t kernel) const { return least_[kernel]; }
    const ResourceUse& compact(std::size_t kernel) const { return compact_[kernel]; }
    // Largest fraction of one limit the kernel's compact shape takes (its "size").
    double size(std::size_t kernel) const;
    // max over resources of ceil(sum of least uses / limit): batches needed at least, for
    // all kernels or for `members`.
    int volume_lower_bound() const;
    int volume_lower_bound(std::span<const std::size_t> members) const;

private:
    const DeviceProfile& device_;
    std::span<const KernelCosts> kernels_;
    std::vector<ResourceUse> least_;    // per-resource minimum over the kernel's shapes
    std::vector<ResourceUse> compact_;  // use of the kernel's first (most compact) shape
};

}  // namespace galias::engine::sched
