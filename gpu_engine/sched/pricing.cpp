// Dynamic program like the kernel-level one (kernel_model.cpp), over (kernels considered,
// total blocks, total warps), but a kernel may also be left out and each state holds the
// Pareto set of (profit up, shared memory down, registers down). A label that cannot
// reach the best profit seen so far even by taking every remaining kernel is dropped.
#include "gpu_engine/sched/pricing.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace galias::engine::sched {
namespace {

constexpr double kProfitEpsilon = 1e-12;

struct Label {
    double profit;
    std::int64_t smem;
    std::int64_t regs;
    std::int32_t parent;  // index in the previous layer
    std::int32_t shape;   // shape taken for this layer's kernel, -1 = left out
};

struct Layer {
    std::vector<Label> labels;
    std::vector<std::int32_t> cell;  // cell index of each label
};

bool dominates(const Label& a, const Label& b) {
    return a.profit >= b.profit - kProfitEpsilon && a.smem <= b.smem && a.regs <= b.regs;
}

void insert_pareto(std::vector<Label>& bucket, const Label& label) {
    for (const Label& existing : bucket)
        if (dominates(existing, label)) return;
    std::erase_if(bucket, [&](const Label& e) { return dominates(label, e); });
    bucket.push_back(label);
}

}  // namespace

PricingResult best_subset(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                          std::span<const double> profit) {
    if (profit.size() != kernels.size()) throw std::invalid_argument("best_subset: one profit per kernel");
    const int columns = device.max_warps_per_sm + 1;
    const int cells = (device.max_blocks_per_sm + 1) * columns;

    // Only kernels with positive profit take part; `order` maps positions to kernels.
    std::vector<std::size_t> order;
    for (std::size_t k = 0; k < kernels.size(); ++k)
        if (profit[k] > kProfitEpsilon) order.push_back(k);
    std::vector<std::vector<Shape>> shapes(order.size());
    std::vector<double> remaining(order.size() + 1, 0.0);  // profit of positions >= i
    for (std::size_t i = order.size(); i-- > 0;) {
        shapes[i] = candidate_shapes(device, kernels[order[i]]);
        if (shapes[i].empty()) throw std::invalid_argument("best_subset: kernel without a shape");
        remaining[i] = remaining[i + 1] + profit[order[i]];
    }

    std::vector<Layer> layers(order.size() + 1);
    layers[0].labels.push_back(Label{0.0, 0, 0, -1, -1});
    layers[0].cell.push_back(0);
    double best_profit = 0;
    std::vector<std::vector<Label>> scratch(static_cast<std::size_t>(cells));
    std::vector<int> touched;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const KernelCosts& costs = kernels[order[i]];
        const double gain = profit[order[i]];
        const Layer& previous = layers[i];
        const auto push = [&](int cell, const Label& label) {
            auto& bucket = scratch[static_cast<std::size_t>(cell)];
            if (bucket.empty()) touched.push_back(cell);
            insert_pareto(bucket, label);
        };
        for (std::size_t at = 0; at < previous.labels.size(); ++at) {
            const Label& from = previous.labels[at];
            const int cell = previous.cell[at];
            const auto parent = static_cast<std::int32_t>(at);
            // Left out: only worth keeping if the remaining kernels could still beat the best.
            if (from.profit + remaining[i + 1] >= best_profit - kProfitEpsilon)
                push(cell, Label{from.profit, from.smem, from.regs, parent, -1});
            const int b = cell / columns;
            const int w = cell % columns;
            for (std::size_t s = 0; s < shapes[i].size(); ++s) {
                const ResourceUse use = shape_use(costs, shapes[i][s]);
                const std::int64_t nb = b + use.blocks;
                const std::int64_t nw = w + use.warps;
                const Label next{from.profit + gain, from.smem + use.smem, from.regs + use.regs, parent,
                                 static_cast<std::int32_t>(s)};
                if (nb > device.max_blocks_per_sm || nw > device.max_warps_per_sm ||
                    next.smem > device.smem_per_sm || next.regs > device.regs_per_sm)
                    continue;
                best_profit = std::max(best_profit, next.profit);
                push(static_cast<int>(nb * columns + nw), next);
            }
        }
        Layer& next = layers[i + 1];
        std::sort(touched.begin(), touched.end());  // deterministic label order
        for (int cell : touched) {
            auto& bucket = scratch[static_cast<std::size_t>(cell)];
            for (const Label& label : bucket) {
                next.labels.push_back(label);
                next.cell.push_back(cell);
            }
            bucket.clear();
        }
        touched.clear();
    }

    PricingResult result;
    const Layer& last = layers.back();
    std::size_t best = 0;
    for (std::size_t at = 1; at < last.labels.size(); ++at)
        if (last.labels[at].profit > last.labels[best].profit + kProfitEpsilon) best = at;
    if (last.labels.empty()) return result;
    result.value = last.labels[best].profit;
    auto at = static_cast<std::int32_t>(best);
    for (std::size_t i = order.size(); i-- > 0;) {
        const Label& label = layers[i + 1].labels[static_cast<std::size_t>(at)];
        if (label.shape >= 0) {
            result.members.push_back(order[i]);
            result.shapes.push_back(shapes[i][static_cast<std::size_t>(label.shape)]);
        }
        at = label.parent;
    }
    std::reverse(result.members.begin(), result.members.end());
    std::reverse(result.shapes.begin(), result.shapes.end());
    return result;
}

}  // namespace galias::engine::sched
