#include "gpu_engine/sched/shapes.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

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
    // By increasing b, a shape is worth keeping only if it has fewer warps in total than
    // every shape before it: otherwise an earlier one uses no more blocks, warps,
    // registers (warps * rho) or shared memory (blocks * sigma). The first shape covers
    // the demand with the fewest blocks; later ones trade blocks for less rounding waste.
    std::int64_t fewest_warps = std::numeric_limits<std::int64_t>::max();
    for (int blocks = first; blocks <= last; ++blocks) {
        const int warps = (demand + blocks - 1) / blocks;
        const Shape shape{blocks, warps};
        const ResourceUse use = shape_use(costs, shape);
        if (use.warps >= fewest_warps || !fits(use, device)) continue;
        fewest_warps = use.warps;
        shapes.push_back(shape);
        if (fewest_warps == demand) break;  // no rounding waste left to trade for
    }
    return shapes;
}

}  // namespace galias::engine::sched
