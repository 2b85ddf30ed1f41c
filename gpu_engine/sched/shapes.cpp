#include "gpu_engine/sched/shapes.hpp"

#include <algorithm>

namespace galias::engine::sched {

ResourceUse shape_use(const KernelCosts& costs, Shape shape) {
    const std::int64_t warps = std::int64_t{shape.blocks} * shape.warps_per_block;
    return ResourceUse{shape.blocks, warps, warps * costs.regs_per_warp, shape.blocks * costs.smem_per_block};
}

std::vector<Shape> candidate_shapes(const DeviceProfile& device, const KernelCosts& costs) {
    std::vector<Shape> shapes;
    const int demand = costs.demand_warps;
    if (demand <= 0) return shapes;
    // Blocks beyond the demand only add one-warp blocks that cover nothing new.
    const int first = (demand + costs.max_warps_per_block - 1) / costs.max_warps_per_block;
    const int last = std::min(device.max_blocks_per_sm, demand);
    int previous_warps = 0;
    for (int blocks = first; blocks <= last; ++blocks) {
        const int warps = (demand + blocks - 1) / blocks;
        if (warps == previous_warps) continue;  // same block size, more blocks: dominated
        previous_warps = warps;
        const Shape shape{blocks, warps};
        if (fits(shape_use(costs, shape), device)) shapes.push_back(shape);
    }
    return shapes;
}

}  // namespace galias::engine::sched
