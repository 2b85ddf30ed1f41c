#pragma once
// The pricing problem of the batch model's column generation (docs/SCHEDULING.md,
// "Pricing"): among all sets of kernels that fit one SM together (the kernel-level model
// is feasible for them), find one of largest total profit (the master LP's duals). A
// knapsack over four resources where each kernel, if taken, also picks one of its shapes.

#include <cstddef>
#include <span>
#include <vector>

#include "gpu_engine/sched/costs.hpp"
#include "gpu_engine/sched/shapes.hpp"

namespace galias::engine::sched {

struct PricingResult {
    double value = 0;                   // total profit of `members`
    std::vector<std::size_t> members;   // kernel indices, increasing
    std::vector<Shape> shapes;          // one per member; together they fit one SM
};

// Exact. Kernels with profit <= 0 are never taken (they add nothing, and any subset of a
// set that fits also fits). Every kernel must have demand_warps > 0.
PricingResult best_subset(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                          std::span<const double> profit);

}  // namespace galias::engine::sched
