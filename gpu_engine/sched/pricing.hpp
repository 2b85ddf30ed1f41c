#pragma once
// The pricing problem of the batch model's column generation (docs/SCHEDULING.md,
// "Pricing"): among all sets of kernels that fit one SM together (the kernel-level model
// is feasible for them), find one of largest total profit (the master LP's duals). A
// knapsack over four resources where each kernel, if taken, also picks one of its shapes.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "gpu_engine/sched/costs.hpp"
#include "gpu_engine/sched/shapes.hpp"

namespace galias::engine::sched {

struct PricingResult {
    double value = 0;                  // total profit of `members`
    std::vector<std::size_t> members;  // kernel indices, increasing
    std::vector<Shape> shapes;         // one per member; together they fit one SM
};

// Solves pricing problems for one set of kernels with changing profits; keeps the
// kernels' shapes and its work space between calls (column generation calls it once per
// round). Every kernel must have demand_warps > 0.
class Pricer {
public:
    Pricer(const DeviceProfile& device, std::span<const KernelCosts> kernels);

    // The first result is a set of largest profit (exact). Up to `max_results - 1` more
    // sets with profit above `threshold` follow, by decreasing profit, when the search
    // met them (not necessarily the next best ones). Kernels with profit <= 0 are never
    // taken (they add nothing, and any subset of a set that fits also fits).
    std::vector<PricingResult> solve(std::span<const double> profit, std::size_t max_results = 1,
                                     double threshold = 0);

    // Fast, not exact: for each kernel, the kernel plus every other kernel that still
    // fits with its most compact shape, by decreasing profit per size. Up to
    // `max_results` distinct sets with profit above `threshold`, best first; possibly none.
    std::vector<PricingResult> greedy(std::span<const double> profit, std::size_t max_results,
                                      double threshold);

    static constexpr int kResources = 4;  // blocks, warps, registers, shared memory
    using Amounts = std::array<std::int64_t, kResources>;

private:
    struct Label {
        double profit;
        std::int64_t smem;
        std::int64_t regs;
        std::int32_t parent;  // index in the previous layer
        std::int32_t shape;   // shape taken for this layer's kernel, -1 = left out
        std::int32_t blocks;
        std::int32_t warps;  // the state: labels are grouped by warps
    };
    // Fractional-knapsack bound of the kernels at positions >= i for one resource.
    // Weights are fractions of the SM's limit. (Surrogates, sums of resources, were tried
    // as further bounds and pruned no more.)
    struct BoundTable {
        double free_profit = 0;      // kernels that weigh nothing here
        std::vector<double> weight;  // prefix sums, by decreasing profit per weight
        std::vector<double> profit;
        std::vector<double> ratio;
    };
    double weight(std::size_t resource, const Amounts& amounts) const;

    void order_by_density(std::span<const double> profit);
    void build_bounds();
    double bound(std::size_t position, const Amounts& left) const;
    void insert_pareto(std::vector<Label>& bucket, const Label& label) const;
    PricingResult trace(std::size_t label) const;
    // Greedy in density order, each kernel with its most compact shape where it fits.
    PricingResult greedy_incumbent() const;
    // Whether a label at layer `next` may still beat `best` (the incumbent's own label stays).
    bool promising(std::size_t next, const Label& label, double best) const;
    // Layer i + 1 from layer i: each label without and with kernel i in each shape that
    // fits; raises `best` to the best profit met.
    void extend_layer(std::size_t i, double& best);
    // The last layer's labels beating the incumbent, best first, then the incumbent.
    std::vector<PricingResult> ranked_results(PricingResult incumbent, std::size_t max_results,
                                              double threshold) const;

    const DeviceProfile& device_;
    std::span<const KernelCosts> kernels_;
    Amounts limits_;
    std::vector<std::vector<Shape>> shapes_;
    std::vector<std::vector<ResourceUse>> uses_;
    std::vector<Amounts> least_;  // per kernel: least use of each resource over its shapes
    std::vector<double> size_;    // per kernel: largest fraction of a limit its compact shape takes

    // Per call.
    std::vector<std::size_t> order_;  // positions -> kernels (positive profit, densest first)
    std::vector<double> gain_;        // profit per position
    std::vector<double> remaining_;   // profit of positions >= i
    std::vector<std::array<BoundTable, kResources>> bounds_;
    std::vector<std::vector<Label>> layers_;
    std::vector<std::vector<Label>> scratch_;  // per total warps
    std::vector<int> touched_;
};

// One-shot form: the best set only.
PricingResult best_subset(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                          std::span<const double> profit);

}  // namespace galias::engine::sched
