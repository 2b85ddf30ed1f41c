#pragma once
// The kernel-level model (docs/SCHEDULING.md, "Kernel-level model"): n kernels that must
// be resident together; choose each one's shape (b_i blocks of w_i warps per SM) so that
// all their work is resident at once within the SM's block, warp, register and shared
// memory limits, using the least shared memory (then registers, warps, blocks). Solved
// exactly by a dynamic program over (kernel, blocks, warps).

#include <span>
#include <string>
#include <vector>

#include "gpu_engine/sched/costs.hpp"
#include "gpu_engine/sched/shapes.hpp"

namespace galias::engine::sched {

struct KernelLevelResult {
    bool feasible = false;
    // One shape per kernel in input order when feasible ({0, 0} for a kernel with no
    // work); empty when infeasible.
    std::vector<Shape> shapes;
    ResourceUse use;  // per-SM totals of `shapes`
    // Each resource's least possible total over all shape choices, kernel by kernel (a
    // lower bound on any schedule's use; equal to `use` only by chance).
    ResourceUse lower_bound;
    // When infeasible: the limit that even `lower_bound` exceeds ("warps 70 > 64"), or
    // "no combination" when every limit can be met alone but not all four together.
    std::string reason;
};

KernelLevelResult solve_kernel_level(const DeviceProfile& device, std::span<const KernelCosts> kernels);

// The objective, lexicographic: shared memory, registers, warps, blocks (smaller first).
bool better_use(const ResourceUse& a, const ResourceUse& b);

}  // namespace galias::engine::sched
