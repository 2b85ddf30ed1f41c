#pragma once
// Launch shapes of one kernel on one SM: b blocks of w warps. For a given b the fewest
// warps that cover the demand, w = ceil(d / b), is best in every resource (the paper's
// Theorem 1), and of several b with the same w the smallest b is; so each kernel has only
// a short list of candidate shapes, and both models choose among them.

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

// The non-dominated shapes covering the kernel's demand (b * w >= d) that fit an empty SM,
// by increasing b (hence decreasing w). Empty only when demand_warps == 0. The first one
// is the kernel's most compact shape: fewest blocks and least shared memory.
std::vector<Shape> candidate_shapes(const DeviceProfile& device, const KernelCosts& costs);

}  // namespace galias::engine::sched
