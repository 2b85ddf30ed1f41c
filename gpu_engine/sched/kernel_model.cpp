// Dynamic program of the kernel-level model. State: (kernels decided so far, total blocks
// b, total warps w) as in the paper. The paper keeps one value per state, the least
// shared memory, and drops the register limit; we keep the register limit exact, so a
// state holds the Pareto set of (shared memory, registers) pairs reachable with exactly
// those totals. A prefix dominated in both by another prefix with the same (b, w) can be
// replaced by it in any completion, so the Pareto sets lose no optimum. When all kernels
// take the same registers per warp, registers follow from w and every set has one pair.
#include "gpu_engine/sched/kernel_model.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>

namespace galias::engine::sched {
namespace {

struct Label {
    std::int64_t smem;
    std::int64_t regs;
    std::int32_t parent;  // index of the label in the previous layer
    std::int32_t shape;   // index into the kernel's candidate shapes, -1 for "no work"
    std::int32_t cell;    // (blocks, warps) of the state: blocks * (W + 1) + warps
};

void insert_pareto(std::vector<Label>& cell, const Label& label) {
    for (const Label& existing : cell)
        if (existing.smem <= label.smem && existing.regs <= label.regs) return;
    std::erase_if(cell, [&](const Label& e) { return label.smem <= e.smem && label.regs <= e.regs; });
    cell.push_back(label);
}

ResourceUse minimum_use(const KernelCosts& costs, const std::vector<Shape>& shapes) {
    if (shapes.empty()) return {};
    // Shapes go by increasing blocks and decreasing warps per block: the first has the
    // fewest blocks and least shared memory; warps and registers are least at some shape.
    ResourceUse least = shape_use(costs, shapes.front());
    for (const Shape& shape : shapes) {
        const ResourceUse use = shape_use(costs, shape);
        least.warps = std::min(least.warps, use.warps);
        least.regs = std::min(least.regs, use.regs);
    }
    return least;
}

}  // namespace

bool better_use(const ResourceUse& a, const ResourceUse& b) {
    return std::tie(a.smem, a.regs, a.warps, a.blocks) < std::tie(b.smem, b.regs, b.warps, b.blocks);
}

KernelLevelResult solve_kernel_level(const DeviceProfile& device, std::span<const KernelCosts> kernels) {
    KernelLevelResult result;
    const int max_blocks = device.max_blocks_per_sm;
    const int max_warps = device.max_warps_per_sm;
    const int columns = max_warps + 1;
    const int cells = (max_blocks + 1) * columns;

    std::vector<std::vector<Shape>> shapes(kernels.size());
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        shapes[k] = candidate_shapes(device, kernels[k]);
        if (kernels[k].demand_warps > 0 && shapes[k].empty()) {
            result.reason = "a kernel's demand does not fit an empty SM";  // costs not from kernel_costs()
            return result;
        }
        result.lower_bound += minimum_use(kernels[k], shapes[k]);
    }
    if (!fits(result.lower_bound, device)) {
        result.reason = first_exceeded(result.lower_bound, device);
        return result;
    }

    // layers[k]: the labels after the first k kernels, grouped by cell. Only reached
    // cells are visited, so the work follows the labels, not the B * W table.
    std::vector<std::vector<Label>> layers(kernels.size() + 1);
    layers[0].push_back(Label{0, 0, -1, -1, 0});
    std::vector<std::vector<Label>> scratch(static_cast<std::size_t>(cells));
    std::vector<std::int32_t> touched;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        const KernelCosts& costs = kernels[k];
        const auto push = [&](const Label& label) {
            auto& bucket = scratch[static_cast<std::size_t>(label.cell)];
            if (bucket.empty()) touched.push_back(label.cell);
            insert_pareto(bucket, label);
        };
        for (std::size_t at = 0; at < layers[k].size(); ++at) {
            const Label& from = layers[k][at];
            const auto parent = static_cast<std::int32_t>(at);
            if (costs.demand_warps == 0) {
                push(Label{from.smem, from.regs, parent, -1, from.cell});
                continue;
            }
            const std::int64_t b = from.cell / columns;
            const std::int64_t w = from.cell % columns;
            for (std::size_t s = 0; s < shapes[k].size(); ++s) {
                const ResourceUse use = shape_use(costs, shapes[k][s]);
                const std::int64_t nb = b + use.blocks;
                const std::int64_t nw = w + use.warps;
                const Label next{from.smem + use.smem, from.regs + use.regs, parent,
                                 static_cast<std::int32_t>(s), static_cast<std::int32_t>(nb * columns + nw)};
                if (nb > max_blocks || nw > max_warps || next.smem > device.smem_per_sm ||
                    next.regs > device.regs_per_sm)
                    continue;
                push(next);
            }
        }
        for (std::int32_t cell : touched) {
            auto& bucket = scratch[static_cast<std::size_t>(cell)];
            layers[k + 1].insert(layers[k + 1].end(), bucket.begin(), bucket.end());
            bucket.clear();
        }
        touched.clear();
        if (layers[k + 1].empty()) break;
    }

    std::int32_t best = -1;
    ResourceUse best_use;
    const std::vector<Label>& last = layers.back();
    for (std::size_t at = 0; at < last.size(); ++at) {
        const Label& label = last[at];
        const ResourceUse use{label.cell / columns, label.cell % columns, label.regs, label.smem};
        if (best < 0 || better_use(use, best_use)) {
            best = static_cast<std::int32_t>(at);
            best_use = use;
        }
    }
    if (best < 0) {
        result.reason = "no combination of shapes meets all four limits together";
        return result;
    }

    result.feasible = true;
    result.use = best_use;
    result.shapes.assign(kernels.size(), Shape{});
    for (std::size_t k = kernels.size(); k-- > 0;) {
        const Label& label = layers[k + 1][static_cast<std::size_t>(best)];
        if (label.shape >= 0) result.shapes[k] = shapes[k][static_cast<std::size_t>(label.shape)];
        best = label.parent;
    }
    return result;
}

}  // namespace galias::engine::sched
