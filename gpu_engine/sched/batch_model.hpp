#pragma once
// The batch-level model (docs/SCHEDULING.md, "Batch-level model"): when the kernels do
// not all fit the SMs together, split them into the fewest batches such that each batch
// fits (its kernel-level model is feasible). A bin packing over blocks, warps, registers
// and shared memory, solved by column generation: a restricted master LP over known
// batches (simplex.hpp) and a knapsack pricing DP (pricing.hpp) that finds new ones;
// integer batches by rounding the LP, a bounded search over the generated batches and
// diving, with first-fit decreasing as the fallback and first set of columns.

#include <cstddef>
#include <span>
#include <vector>

#include "gpu_engine/sched/costs.hpp"

namespace galias::engine::sched {

enum class BatchMethod {
    kColumnGeneration,  // the best of greedy, LP rounding, search over columns, diving
    kGreedy,            // first-fit decreasing only
};

struct BatchOptions {
    BatchMethod method = BatchMethod::kColumnGeneration;
    // Above this many kernels, first-fit decreasing only: the master LP's dense tableau
    // grows with the columns, and column generation for 48 kernels already takes about
    // 10 ms (docs/BENCHMARKS.md) while greedy takes 0.1 ms for 128 kernels.
    std::size_t column_generation_limit = 32;
    int max_rounds = 1000;         // pricing rounds before settling for Farley's bound
    int columns_per_round = 4;     // improving sets the pricing may add per round
    bool seed_columns = true;      // start with a greedy set around each kernel, too
    bool greedy_pricing = true;    // try Pricer::greedy before the exact pricing DP
    long max_search_nodes = 2000;  // search over generated columns when a gap remains
    // Stop generating columns as soon as a known packing meets the lower bound (then
    // lp_bound is Farley's bound, not necessarily the LP optimum).
    bool stop_when_proven = true;
    // When rounding and the search leave a gap: fix batches one by one from the LP and
    // re-solve the master for the rest (more column generation rounds).
    bool dive = true;
};

struct BatchPlan {
    std::vector<std::vector<std::size_t>> batches;  // kernel indices, increasing, per batch
    BatchMethod method = BatchMethod::kGreedy;
    // A lower bound on the fewest batches: the master LP's optimum when lp_optimal, else
    // Farley's bound (LP value of the restricted master / best pricing value); 0 when no
    // LP was solved (method kGreedy).
    double lp_bound = 0;
    bool lp_optimal = false;
    // The best integer lower bound known: ceil(lp_bound) or a per-resource volume bound.
    int lower_bound = 0;
    int rounds = 0;          // pricing rounds
    int exact_pricings = 0;  // rounds that ran the exact pricing DP
    int columns = 0;         // batches known to the master LP at the end
    long pivots = 0;         // simplex pivots, all rounds
    long search_nodes = 0;
    [[nodiscard]] int gap() const { return static_cast<int>(batches.size()) - lower_bound; }
};

// Every kernel must have demand_warps > 0 (kernel_costs() of a kernel with work).
BatchPlan greedy_batches(const DeviceProfile& device, std::span<const KernelCosts> kernels);
BatchPlan solve_batch_level(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                            const BatchOptions& options = {});

// Whether `members` of `kernels` fit one SM together (the kernel-level model is feasible).
bool batch_fits(const DeviceProfile& device, std::span<const KernelCosts> kernels,
                std::span<const std::size_t> members);

}  // namespace galias::engine::sched
