#pragma once
// Launch shapes of one kernel on one SM: b blocks of w warps. For a given b the fewest
// warps that cover the demand, w = ceil(d / b), is best in every resource (the paper's
// Theorem 1); and a shape with more blocks is only worth having if it wastes fewer warps
// on rounding (b * w closer to d). So each kernel has a short list of candidate shapes,
// often one, and both models choose among them.

#include <vector>

#include "gpu_engine/sched/costs.hpp"

namespace galias::engine::sched {

struct Shape {
    int blocks = 0;           // b_i: blocks of the kernel on each SM
    int warps_per_block = 0;  // w_i
    friend bool operator==(const Shape&, const Shape&) = default;
};

// What `shape` takes on one SM.
ResourceUse shape_use(const KernelCosts& costs, Shape shape);

// The shapes covering the kernel's demand (b * w >= d) that fit an empty SM and that no
// other such shape beats or ties in all four resources (blocks, warps, registers, shared
// memory), by increasing b (hence decreasing w and total warps b * w). Empty only when
// demand_warps == 0. The first is the most compact: fewest blocks, least shared memory;
// the last wastes the fewest warps.
std::vector<Shape> candidate_shapes(const DeviceProfile& device, const KernelCosts& costs);

}  // namespace galias::engine::sched
