// Dynamic program like the kernel-level one (kernel_model.cpp), over (kernels considered,
// total blocks, total warps), but a kernel may also be left out and each state holds the
// Pareto set of (profit up, shared memory down, registers down).
//
// Pruning keeps it fast: kernels go by decreasing profit per size, a greedy set gives a
// first incumbent, and a label is dropped when even the fractional-knapsack bound of the
// kernels still to come, for each of the four resources it has left, cannot lift it
// above the incumbent. Dropping such labels cannot lose the maximum: the greedy set is
// kept as a result on its own, and a label at the incumbent's profit is never dropped.
#include "gpu_engine/sched/pricing.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace galias::engine::sched {
namespace {

constexpr double kProfitEpsilon = 1e-12;

Pricer::Amounts as_amounts(const ResourceUse& use) {
    return {use.blocks, use.warps, use.regs, use.smem};
}

}  // namespace

Pricer::Pricer(const DeviceProfile& device, std::span<const KernelCosts> kernels)
    : device_(device),
      kernels_(kernels),
      limits_{device.max_blocks_per_sm, device.max_warps_per_sm, device.regs_per_sm, device.smem_per_sm},
      scratch_(static_cast<std::size_t>(device.max_warps_per_sm + 1)) {
    for (const KernelCosts& costs : kernels) {
        shapes_.push_back(candidate_shapes(device, costs));
        if (shapes_.back().empty())
            throw std::invalid_argument("pricing: every kernel needs work and a shape that fits");
        uses_.emplace_back();
        for (const Shape& shape : shapes_.back()) uses_.back().push_back(shape_use(costs, shape));
        Amounts least = as_amounts(uses_.back().front());
        for (const ResourceUse& use : uses_.back()) {
            least[1] = std::min(least[1], use.warps);
            least[2] = std::min(least[2], use.regs);
        }
        least_.push_back(least);
        const Amounts compact = as_amounts(uses_.back().front());
        double size = 0;
        for (std::size_t r = 0; r < kResources; ++r)
            size = std::max(size, static_cast<double>(compact[r]) /
                                      static_cast<double>(std::max<std::int64_t>(1, limits_[r])));
        size_.push_back(std::max(size, 1e-9));
    }
}

double Pricer::weight(std::size_t resource, const Amounts& amounts) const {
    return static_cast<double>(amounts[resource]) /
           static_cast<double>(std::max<std::int64_t>(1, limits_[resource]));
}

void Pricer::build_bounds() {
    const std::size_t n = order_.size();
    bounds_.resize(n + 1);
    std::vector<std::size_t> by_ratio(n);
    std::vector<double> weights(n);
    for (std::size_t c = 0; c < kResources; ++c) {
        for (std::size_t position = 0; position < n; ++position)
            weights[position] = weight(c, least_[order_[position]]);
        std::iota(by_ratio.begin(), by_ratio.end(), std::size_t{0});
        std::stable_sort(by_ratio.begin(), by_ratio.end(), [&](std::size_t a, std::size_t b) {
            return gain_[a] * weights[b] > gain_[b] * weights[a];
        });
        for (std::size_t i = 0; i <= n; ++i) {
            BoundTable& table = bounds_[i][c];
            table.free_profit = 0;
            table.weight.assign(1, 0.0);
            table.profit.assign(1, 0.0);
            table.ratio.clear();
            for (std::size_t position : by_ratio) {
                if (position < i) continue;
                if (weights[position] <= 0) {
                    table.free_profit += gain_[position];
                    continue;
                }
                table.weight.push_back(table.weight.back() + weights[position]);
                table.profit.push_back(table.profit.back() + gain_[position]);
                table.ratio.push_back(gain_[position] / weights[position]);
            }
        }
    }
}

double Pricer::bound(std::size_t position, const Amounts& left) const {
    double best = 0;
    for (std::size_t c = 0; c < kResources; ++c) {
        const BoundTable& table = bounds_[position][c];
        const double capacity = weight(c, left) + 1e-12;  // rounding must not cut a whole kernel
        // Whole kernels while they fit, then a fraction of the next.
        const auto end = std::upper_bound(table.weight.begin(), table.weight.end(), capacity);
        const auto whole = static_cast<std::size_t>(end - table.weight.begin()) - 1;
        double value = table.free_profit + table.profit[whole];
        if (whole < table.ratio.size()) value += (capacity - table.weight[whole]) * table.ratio[whole];
        best = c == 0 ? value : std::min(best, value);
    }
    return best;
}

void Pricer::insert_pareto(std::vector<Label>& bucket, const Label& label) const {
    const auto dominates = [](const Label& a, const Label& b) {
        return a.profit >= b.profit - kProfitEpsilon && a.blocks <= b.blocks && a.smem <= b.smem &&
               a.regs <= b.regs;
    };
    for (const Label& existing : bucket)
        if (dominates(existing, label)) return;
    std::erase_if(bucket, [&](const Label& e) { return dominates(label, e); });
    bucket.push_back(label);
}

PricingResult Pricer::trace(std::size_t label) const {
    std::vector<std::pair<std::size_t, Shape>> taken;
    auto at = static_cast<std::int32_t>(label);
    for (std::size_t i = order_.size(); i-- > 0;) {
        const Label& step = layers_[i + 1][static_cast<std::size_t>(at)];
        if (step.shape >= 0)
            taken.emplace_back(order_[i], shapes_[order_[i]][static_cast<std::size_t>(step.shape)]);
        at = step.parent;
    }
    std::sort(taken.begin(), taken.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    PricingResult result;
    for (const auto& [kernel, shape] : taken) {
        result.members.push_back(kernel);
        result.shapes.push_back(shape);
    }
    result.value = layers_.back()[label].profit;
    return result;
}

void Pricer::order_by_density(std::span<const double> profit) {
    if (profit.size() != kernels_.size()) throw std::invalid_argument("pricing: one profit per kernel");
    order_.clear();
    for (std::size_t k = 0; k < kernels_.size(); ++k)
        if (profit[k] > kProfitEpsilon) order_.push_back(k);
    std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
        return profit[a] / size_[a] > profit[b] / size_[b];
    });
}

std::vector<PricingResult> Pricer::greedy(std::span<const double> profit, std::size_t max_results,
                                          double threshold) {
    order_by_density(profit);
    std::vector<PricingResult> results;
    for (std::size_t seed : order_) {
        PricingResult set;
        ResourceUse sum = uses_[seed].front();
        set.value = profit[seed];
        set.members.push_back(seed);
        for (std::size_t k : order_)
            if (k != seed && fits(sum + uses_[k].front(), device_)) {
                sum += uses_[k].front();
                set.value += profit[k];
                set.members.push_back(k);
            }
        if (set.value <= threshold) continue;
        std::sort(set.members.begin(), set.members.end());
        if (std::any_of(results.begin(), results.end(),
                        [&](const PricingResult& r) { return r.members == set.members; }))
            continue;
        for (std::size_t k : set.members) set.shapes.push_back(shapes_[k].front());
        results.push_back(std::move(set));
    }
    std::stable_sort(results.begin(), results.end(),
                     [](const PricingResult& a, const PricingResult& b) { return a.value > b.value; });
    if (results.size() > max_results) results.resize(max_results);
    return results;
}

PricingResult Pricer::greedy_incumbent() const {
    PricingResult incumbent;
    ResourceUse sum;
    std::vector<std::pair<std::size_t, Shape>> taken;
    for (std::size_t i = 0; i < order_.size(); ++i) {
        const ResourceUse& compact = uses_[order_[i]].front();
        if (!fits(sum + compact, device_)) continue;
        sum += compact;
        incumbent.value += gain_[i];
        taken.emplace_back(order_[i], shapes_[order_[i]].front());
    }
    std::sort(taken.begin(), taken.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [kernel, shape] : taken) {
        incumbent.members.push_back(kernel);
        incumbent.shapes.push_back(shape);
    }
    return incumbent;
}

bool Pricer::promising(std::size_t next, const Label& label, double best) const {
    if (label.profit >= best - kProfitEpsilon) return true;
    if (label.profit + remaining_[next] <= best + kProfitEpsilon) return false;
    const Amounts left{limits_[0] - label.blocks, limits_[1] - label.warps, limits_[2] - label.regs,
                       limits_[3] - label.smem};
    return label.profit + bound(next, left) > best + kProfitEpsilon;
}

void Pricer::extend_layer(std::size_t i, double& best) {
    const std::vector<ResourceUse>& uses = uses_[order_[i]];
    const auto push = [&](const Label& label) {
        auto& bucket = scratch_[static_cast<std::size_t>(label.warps)];
        if (bucket.empty()) touched_.push_back(label.warps);
        insert_pareto(bucket, label);
    };
    for (std::size_t at = 0; at < layers_[i].size(); ++at) {
        const Label from = layers_[i][at];
        const auto parent = static_cast<std::int32_t>(at);
        const Label skip{from.profit, from.smem, from.regs, parent, -1, from.blocks, from.warps};
        if (promising(i + 1, skip, best)) push(skip);
        const std::int64_t b = from.blocks;
        const std::int64_t w = from.warps;
        // Most labels cannot take the kernel in any shape: one test on its least use.
        const Amounts& least = least_[order_[i]];
        if (b + least[0] > limits_[0] || w + least[1] > limits_[1] || from.regs + least[2] > limits_[2] ||
            from.smem + least[3] > limits_[3])
            continue;
        for (std::size_t s = 0; s < uses.size(); ++s) {
            const ResourceUse& use = uses[s];
            const std::int64_t nb = b + use.blocks;
            const std::int64_t nw = w + use.warps;
            if (nb > limits_[0] || nw > limits_[1] || from.regs + use.regs > limits_[2] ||
                from.smem + use.smem > limits_[3])
                continue;
            const Label next{from.profit + gain_[i],       from.smem + use.smem,
                             from.regs + use.regs,         parent,
                             static_cast<std::int32_t>(s), static_cast<std::int32_t>(nb),
                             static_cast<std::int32_t>(nw)};
            best = std::max(best, next.profit);  // a label beating the incumbent becomes it
            if (promising(i + 1, next, best)) push(next);
        }
    }
    std::vector<Label>& next_layer = layers_[i + 1];
    next_layer.clear();
    for (int warps : touched_) {
        auto& bucket = scratch_[static_cast<std::size_t>(warps)];
        next_layer.insert(next_layer.end(), bucket.begin(), bucket.end());
        bucket.clear();
    }
    touched_.clear();
}

std::vector<PricingResult> Pricer::ranked_results(PricingResult incumbent, std::size_t max_results,
                                                  double threshold) const {
    const std::vector<Label>& last = layers_[order_.size()];
    std::vector<std::size_t> ranked;
    for (std::size_t at = 0; at < last.size(); ++at)
        if (last[at].profit > incumbent.value + kProfitEpsilon) ranked.push_back(at);
    std::stable_sort(ranked.begin(), ranked.end(),
                     [&](std::size_t a, std::size_t b) { return last[a].profit > last[b].profit; });
    std::vector<PricingResult> results;
    for (std::size_t at : ranked) {
        if (results.size() >= std::max<std::size_t>(1, max_results)) break;
        if (!results.empty() && last[at].profit <= threshold) break;
        PricingResult candidate = trace(at);
        const bool known = std::any_of(results.begin(), results.end(), [&](const PricingResult& r) {
            return r.members == candidate.members;
        });
        if (!known) results.push_back(std::move(candidate));
    }
    if (results.empty() || (results.size() < max_results && incumbent.value > threshold &&
                            std::none_of(results.begin(), results.end(), [&](const PricingResult& r) {
                                return r.members == incumbent.members;
                            })))
        results.push_back(std::move(incumbent));
    return results;
}

std::vector<PricingResult> Pricer::solve(std::span<const double> profit, std::size_t max_results,
                                         double threshold) {
    order_by_density(profit);
    const std::size_t n = order_.size();
    gain_.resize(n);
    remaining_.assign(n + 1, 0.0);
    for (std::size_t i = n; i-- > 0;) {
        gain_[i] = profit[order_[i]];
        remaining_[i] = remaining_[i + 1] + gain_[i];
    }
    build_bounds();
    PricingResult incumbent = greedy_incumbent();
    double best = incumbent.value;
    layers_.resize(n + 1);
    layers_[0].assign(1, Label{0.0, 0, 0, -1, -1, 0, 0});
    for (std::size_t i = 0; i < n; ++i) extend_layer(i, best);
    return ranked_results(std::move(incumbent), max_results, threshold);
}

PricingResult best_subset(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                          std::span<const double> profit) {
    Pricer pricer(device, kernels);
    return pricer.solve(profit).front();
}

}  // namespace galias::engine::sched
