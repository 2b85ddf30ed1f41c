// The batch-level model against exact search over partitions on small instances: every
// batch fits, every kernel is in exactly one batch, the lower bounds are valid, the LP
// bound equals the LP over all fitting sets when column generation reaches the LP
// optimum, and the number of batches is optimal in (nearly) all cases.
#include "gpu_engine/sched/batch_model.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "gpu_engine/sched/simplex.hpp"
#include "tests/sched/brute_force.hpp"

namespace galias::engine::sched {
namespace {

// The master LP with every fitting set as a column (solved by the same simplex, whose
// own tests certify it): what column generation must reach.
double full_lp_value(const std::vector<bool>& fitting, std::size_t n) {
    DenseSimplex lp(std::vector<double>(n, 1.0));
    for (std::uint32_t mask = 1; mask < fitting.size(); ++mask) {
        if (!fitting[mask]) continue;
        std::vector<double> row(n);
        for (std::size_t k = 0; k < n; ++k) row[k] = mask >> k & 1U;
        lp.add_constraint(row, 1.0);
    }
    EXPECT_EQ(lp.solve(), DenseSimplex::Status::kOptimal);
    return lp.objective_value();
}

// A partition of all kernels into batches that fit; returns the batch count.
std::size_t expect_valid_partition(const std::vector<bool>& fitting, std::size_t n, const BatchPlan& plan) {
    std::vector<int> seen(n, 0);
    for (const auto& batch : plan.batches) {
        EXPECT_FALSE(batch.empty());
        std::uint32_t mask = 0;
        for (std::size_t k : batch) {
            EXPECT_LT(k, n);
            ++seen[k];
            mask |= 1U << k;
        }
        EXPECT_TRUE(std::is_sorted(batch.begin(), batch.end()));
        EXPECT_TRUE(fitting[mask]) << "a batch does not fit";
    }
    for (std::size_t k = 0; k < n; ++k) EXPECT_EQ(seen[k], 1) << "kernel " << k;
    return plan.batches.size();
}

struct Tally {
    int instances = 0;
    int optimal = 0;
    int multi_batch = 0;  // optimum above one batch
};

void check_instance(const test::SmallInstance& instance, const BatchOptions& options, Tally& tally) {
    const std::size_t n = instance.kernels.size();
    const std::vector<bool> fitting = test::brute_fitting_subsets(instance.device, instance.kernels);
    const int optimum = test::brute_min_batches(fitting, n);
    const BatchPlan plan = solve_batch_level(instance.device, instance.kernels, options);
    const auto count = static_cast<int>(expect_valid_partition(fitting, n, plan));
    EXPECT_GE(count, optimum);
    EXPECT_LE(plan.lower_bound, optimum) << "lower bound not valid";
    EXPECT_LE(plan.lp_bound, optimum + 1e-9) << "LP bound not valid";
    EXPECT_EQ(plan.gap(), count - plan.lower_bound);
    if (plan.lp_optimal) {
        EXPECT_NEAR(plan.lp_bound, full_lp_value(fitting, n), 1e-7);
    }
    const BatchPlan greedy = greedy_batches(instance.device, instance.kernels);
    EXPECT_GE(static_cast<int>(expect_valid_partition(fitting, n, greedy)), optimum);
    EXPECT_LE(count, static_cast<int>(greedy.batches.size()));  // never worse than the fallback
    ++tally.instances;
    tally.optimal += count == optimum;
    tally.multi_batch += optimum > 1;
}

TEST(BatchLevel, AgreesWithExactSearchOnRandomInstances) {
    std::mt19937 rng(17);
    Tally tally;
    for (int trial = 0; trial < 1500; ++trial) {
        const int n = std::uniform_int_distribution<int>(2, 10)(rng);
        check_instance(test::random_small_instance(rng, n, 6), BatchOptions{}, tally);
    }
    EXPECT_GT(tally.multi_batch, 1000);
    // Bin packing is NP-hard and the integer step is a heuristic; on these sizes it has
    // always found the optimum.
    EXPECT_EQ(tally.optimal, tally.instances);
}

TEST(BatchLevel, FullColumnGenerationReachesTheLpOptimum) {
    std::mt19937 rng(23);
    BatchOptions options;
    options.stop_when_proven = false;  // always price until no column improves
    Tally tally;
    for (int trial = 0; trial < 400; ++trial) {
        const int n = std::uniform_int_distribution<int>(2, 8)(rng);
        const test::SmallInstance instance = test::random_small_instance(rng, n, 6);
        check_instance(instance, options, tally);
        EXPECT_TRUE(solve_batch_level(instance.device, instance.kernels, options).lp_optimal);
    }
    EXPECT_EQ(tally.optimal, tally.instances);
}

TEST(BatchLevel, GreedyOnlyIsAValidPacking) {
    std::mt19937 rng(3);
    BatchOptions options;
    options.method = BatchMethod::kGreedy;
    for (int trial = 0; trial < 100; ++trial) {
        const int n = std::uniform_int_distribution<int>(2, 8)(rng);
        const test::SmallInstance instance = test::random_small_instance(rng, n, 6);
        const std::vector<bool> fitting = test::brute_fitting_subsets(instance.device, instance.kernels);
        const BatchPlan plan = solve_batch_level(instance.device, instance.kernels, options);
        EXPECT_EQ(plan.method, BatchMethod::kGreedy);
        EXPECT_EQ(plan.rounds, 0);
        const auto count = static_cast<int>(expect_valid_partition(fitting, instance.kernels.size(), plan));
        EXPECT_GE(count, test::brute_min_batches(fitting, instance.kernels.size()));
        EXPECT_LE(plan.lower_bound, count);
    }
}

TEST(BatchLevel, ManyKernelsFallBackToGreedy) {
    const DeviceProfile h100 = h100_profile();
    std::mt19937 rng(12);
    std::vector<KernelCosts> kernels;
    for (int i = 0; i < 100; ++i) {
        KernelProfile k;
        k.regs_per_thread = std::uniform_int_distribution<int>(24, 72)(rng);
        k.static_smem_per_block = 256 * std::uniform_int_distribution<int>(0, 64)(rng);
        k.work_items = std::int64_t{132} * 32 * std::uniform_int_distribution<int>(1, 32)(rng);
        kernels.push_back(kernel_costs(h100, k));
    }
    const BatchPlan plan = solve_batch_level(h100, kernels);
    EXPECT_EQ(plan.method, BatchMethod::kGreedy);
    EXPECT_EQ(plan.rounds, 0);
    std::vector<int> seen(kernels.size(), 0);
    for (const auto& batch : plan.batches) {
        EXPECT_TRUE(batch_fits(h100, kernels, batch));
        for (std::size_t k : batch) ++seen[k];
    }
    for (int count : seen) EXPECT_EQ(count, 1);
    EXPECT_LE(plan.lower_bound, static_cast<int>(plan.batches.size()));
    BatchOptions options;
    options.column_generation_limit = 100;  // the limit is an option
    EXPECT_EQ(solve_batch_level(h100, std::span(kernels).first(40), options).method,
              BatchMethod::kColumnGeneration);
}

TEST(BatchLevel, LowerBoundIsTightOnIdenticalKernels) {
    // Ten kernels of 20 warps each on a 64-warp SM: 3 per batch, so 4 batches; the LP
    // bound is 10/3.
    const DeviceProfile h100 = h100_profile();
    KernelProfile k;
    k.regs_per_thread = 32;
    k.work_items = 132 * 32 * 20;
    const std::vector<KernelCosts> kernels(10, kernel_costs(h100, k));
    BatchOptions options;
    options.stop_when_proven = false;
    const BatchPlan plan = solve_batch_level(h100, kernels, options);
    EXPECT_EQ(plan.batches.size(), 4U);
    EXPECT_TRUE(plan.lp_optimal);
    EXPECT_NEAR(plan.lp_bound, 10.0 / 3.0, 1e-9);
    EXPECT_EQ(plan.lower_bound, 4);
    EXPECT_EQ(plan.gap(), 0);
}

TEST(BatchLevel, EmptyInput) {
    const BatchPlan plan = solve_batch_level(h100_profile(), std::vector<KernelCosts>{});
    EXPECT_TRUE(plan.batches.empty());
    EXPECT_EQ(plan.gap(), 0);
}

}  // namespace
}  // namespace galias::engine::sched
