// The pricing DP against exhaustive search over subsets: the same best profit, and the
// returned set and shapes really fit together.
#include "gpu_engine/sched/pricing.hpp"

#include <gtest/gtest.h>

#include <random>

#include "tests/sched/brute_force.hpp"

namespace galias::engine::sched {
namespace {

TEST(Pricing, AgreesWithBruteForceOnRandomInstances) {
    std::mt19937 rng(31);
    int nontrivial = 0;  // best set has two or more kernels but not all
    for (int trial = 0; trial < 1500; ++trial) {
        const int n = std::uniform_int_distribution<int>(1, 9)(rng);
        const test::SmallInstance instance = test::random_small_instance(rng, n, 5);
        std::vector<double> profit;
        for (int k = 0; k < n; ++k)
            profit.push_back(std::uniform_int_distribution<int>(0, 4)(rng) == 0
                                 ? 0.0
                                 : std::uniform_real_distribution<double>(0.0, 1.0)(rng));
        const std::vector<bool> fitting = test::brute_fitting_subsets(instance.device, instance.kernels);
        double brute = 0;
        for (std::uint32_t mask = 0; mask < fitting.size(); ++mask) {
            if (!fitting[mask]) continue;
            double value = 0;
            for (int k = 0; k < n; ++k)
                if (mask >> k & 1U) value += profit[static_cast<std::size_t>(k)];
            brute = std::max(brute, value);
        }

        const PricingResult result = best_subset(instance.device, instance.kernels, profit);
        EXPECT_NEAR(result.value, brute, 1e-9) << "trial " << trial;
        double value = 0;
        std::uint32_t mask = 0;
        ResourceUse use;
        ASSERT_EQ(result.members.size(), result.shapes.size());
        for (std::size_t i = 0; i < result.members.size(); ++i) {
            const std::size_t k = result.members[i];
            value += profit[k];
            mask |= 1U << k;
            const Shape shape = result.shapes[i];
            EXPECT_GE(shape.blocks * shape.warps_per_block, instance.kernels[k].demand_warps);
            EXPECT_LE(shape.warps_per_block, instance.kernels[k].max_warps_per_block);
            use += shape_use(instance.kernels[k], shape);
            if (i > 0) {
                EXPECT_LT(result.members[i - 1], k);
            }
        }
        EXPECT_NEAR(value, result.value, 1e-9);
        EXPECT_TRUE(fits(use, instance.device)) << first_exceeded(use, instance.device);
        EXPECT_TRUE(fitting[mask]);
        if (result.members.size() >= 2 && static_cast<int>(result.members.size()) < n) ++nontrivial;
    }
    EXPECT_GT(nontrivial, 300);
}

TEST(Pricing, TakesNothingWithoutProfit) {
    const test::SmallInstance instance = [] {
        std::mt19937 rng(1);
        return test::random_small_instance(rng, 3, 4);
    }();
    const PricingResult result = best_subset(instance.device, instance.kernels, std::vector<double>(3, 0.0));
    EXPECT_EQ(result.value, 0.0);
    EXPECT_TRUE(result.members.empty());
    EXPECT_THROW(best_subset(instance.device, instance.kernels, std::vector<double>(2, 1.0)),
                 std::invalid_argument);
}

}  // namespace
}  // namespace galias::engine::sched
