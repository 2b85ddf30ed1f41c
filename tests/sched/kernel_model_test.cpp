// The kernel-level model: its DP against exhaustive search on random small instances
// (same feasibility, same optimum), every produced schedule checked against the limits,
// candidate shapes against their definition, and hand-made cases: one where registers
// decide (a DP keeping only the least shared memory per state would fail), infeasible
// results and their reasons.
#include "gpu_engine/sched/kernel_model.hpp"

#include <gtest/gtest.h>

#include <random>

#include "tests/sched/brute_force.hpp"

namespace galias::engine::sched {
namespace {

// The schedule meets the model's constraints: coverage, block size, the four limits,
// and `use` is the sum of the shapes' uses.
void expect_valid_schedule(const DeviceProfile& device, const std::vector<KernelCosts>& kernels,
                           const KernelLevelResult& result) {
    ASSERT_TRUE(result.feasible);
    ASSERT_EQ(result.shapes.size(), kernels.size());
    ResourceUse sum;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        const Shape shape = result.shapes[k];
        if (kernels[k].demand_warps == 0) {
            EXPECT_EQ(shape, Shape{});
            continue;
        }
        EXPECT_GE(shape.blocks, 1);
        EXPECT_GE(shape.warps_per_block, 1);
        EXPECT_LE(shape.warps_per_block, kernels[k].max_warps_per_block);
        EXPECT_GE(shape.blocks * shape.warps_per_block, kernels[k].demand_warps)
            << "kernel " << k << " not covered";
        sum += shape_use(kernels[k], shape);
    }
    EXPECT_EQ(sum, result.use);
    EXPECT_TRUE(fits(sum, device)) << first_exceeded(sum, device);
}

TEST(CandidateShapes, AreExactlyTheNonDominatedCoveringShapes) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 300; ++trial) {
        const DeviceProfile device = test::random_small_device(rng);
        const KernelCosts costs = test::random_small_kernel(rng, device, 12);
        const std::vector<Shape> shapes = candidate_shapes(device, costs);
        ASSERT_FALSE(shapes.empty());
        // Every covering shape that fits an empty SM is some candidate or dominated by one.
        for (int b = 1; b <= device.max_blocks_per_sm; ++b)
            for (int w = 1; w <= costs.max_warps_per_block; ++w) {
                if (b * w < costs.demand_warps) continue;
                const ResourceUse use = shape_use(costs, Shape{b, w});
                if (!fits(use, device)) continue;
                bool covered = false;
                for (const Shape& s : shapes) {
                    const ResourceUse c = shape_use(costs, s);
                    covered |= c.blocks <= use.blocks && c.warps <= use.warps && c.regs <= use.regs &&
                               c.smem <= use.smem;
                }
                EXPECT_TRUE(covered) << "shape " << b << "x" << w << " lost";
            }
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            EXPECT_GE(shapes[i].blocks * shapes[i].warps_per_block, costs.demand_warps);
            if (i > 0) {
                EXPECT_GT(shapes[i].blocks, shapes[i - 1].blocks);
                EXPECT_LT(shapes[i].warps_per_block, shapes[i - 1].warps_per_block);
                EXPECT_LT(shapes[i].blocks * shapes[i].warps_per_block,
                          shapes[i - 1].blocks * shapes[i - 1].warps_per_block);
            }
        }
    }
}

TEST(KernelLevel, AgreesWithBruteForceOnRandomInstances) {
    std::mt19937 rng(2024);
    int feasible = 0;
    int infeasible = 0;
    int undecided_by_bound = 0;  // infeasible although the per-resource lower bound fits
    int several_shapes = 0;      // feasible with some kernel not in its most compact shape
    for (int trial = 0; trial < 5000; ++trial) {
        const int n = std::uniform_int_distribution<int>(1, 5)(rng);
        test::SmallInstance instance = test::random_small_instance(rng, n, 8);
        if (trial % 3 != 0) test::tighten_limits(rng, instance.device, instance.kernels);
        const KernelLevelResult result = solve_kernel_level(instance.device, instance.kernels);
        const std::optional<ResourceUse> brute = test::brute_kernel_level(instance.device, instance.kernels);
        ASSERT_EQ(result.feasible, brute.has_value()) << "trial " << trial << ": " << result.reason;
        if (!brute) {
            ++infeasible;
            undecided_by_bound += fits(result.lower_bound, instance.device);
            EXPECT_FALSE(result.reason.empty());
            EXPECT_TRUE(result.shapes.empty());
            continue;
        }
        ++feasible;
        for (std::size_t k = 0; k < instance.kernels.size(); ++k)
            if (result.shapes[k] != candidate_shapes(instance.device, instance.kernels[k]).front()) {
                ++several_shapes;
                break;
            }
        EXPECT_EQ(result.use, *brute)
            << "trial " << trial << ": smem " << result.use.smem << " vs " << brute->smem;
        expect_valid_schedule(instance.device, instance.kernels, result);
    }
    // Both outcomes, and the hard cases of each, must be exercised, or the comparison
    // says little.
    EXPECT_GT(feasible, 1000);
    EXPECT_GT(infeasible, 1000);
    EXPECT_GT(undecided_by_bound, 100);
    EXPECT_GT(several_shapes, 100);
}

TEST(KernelLevel, AgreesWithBruteForceOnMoreKernels) {
    std::mt19937 rng(99);
    for (int trial = 0; trial < 300; ++trial) {
        test::SmallInstance instance = test::random_small_instance(rng, 6, 3);
        test::tighten_limits(rng, instance.device, instance.kernels);
        const KernelLevelResult result = solve_kernel_level(instance.device, instance.kernels);
        const std::optional<ResourceUse> brute = test::brute_kernel_level(instance.device, instance.kernels);
        ASSERT_EQ(result.feasible, brute.has_value()) << "trial " << trial;
        if (brute) {
            EXPECT_EQ(result.use, *brute);
            expect_valid_schedule(instance.device, instance.kernels, result);
        }
    }
}

// Two kernels reach the same (blocks, warps) total in two ways; the one with less shared
// memory breaks the register limit. Storing only the least shared memory per state (the
// paper's recurrence) would lose the only feasible schedule.
TEST(KernelLevel, KeepsRegisterLimitExact) {
    DeviceProfile device;
    device.sm_count = 1;
    device.max_blocks_per_sm = 8;
    device.max_warps_per_sm = 16;
    device.regs_per_sm = 7000;
    device.reg_sub_partitions = 1;
    device.regs_per_block = 7000;
    device.smem_per_sm = 1 << 20;
    KernelCosts heavy;  // many registers, much shared memory
    heavy.demand_warps = 5;
    heavy.max_warps_per_block = 4;
    heavy.regs_per_warp = 1024;
    heavy.smem_per_block = 1024;
    KernelCosts light = heavy;
    light.regs_per_warp = 256;
    light.smem_per_block = 128;
    // Shapes for d = 5, at most 4 warps per block: 2x3 (6 warps) or 5x1 (5 warps); 3x2
    // (6 warps, 3 blocks) is worse than 2x3.
    // heavy 2x3 + light 5x1: 7 blocks, 11 warps, smem 2688, regs 7424 > 7000.
    // heavy 5x1 + light 2x3: 7 blocks, 11 warps, smem 5376, regs 6656: the optimum.
    const std::vector<KernelCosts> kernels{heavy, light};
    const KernelLevelResult result = solve_kernel_level(device, kernels);
    ASSERT_TRUE(result.feasible) << result.reason;
    EXPECT_EQ(result.shapes[0], (Shape{5, 1}));
    EXPECT_EQ(result.shapes[1], (Shape{2, 3}));
    EXPECT_EQ(result.use, (ResourceUse{7, 11, 6656, 5376}));
    EXPECT_EQ(result.use, test::brute_kernel_level(device, kernels));
}

TEST(KernelLevel, MinimizesSharedMemoryThenRegisters) {
    const DeviceProfile h100 = h100_profile();
    KernelProfile k;
    k.regs_per_thread = 32;
    k.work_items = 132 * 32 * 40;  // 40 warps per SM: at least 2 blocks of up to 32 warps
    const std::vector<KernelCosts> kernels{kernel_costs(h100, k)};
    const KernelLevelResult result = solve_kernel_level(h100, kernels);
    ASSERT_TRUE(result.feasible);
    EXPECT_EQ(result.shapes[0], (Shape{2, 20}));  // fewest blocks (smem), then no spare warps
}

TEST(KernelLevel, ReportsTheExceededLimit) {
    const DeviceProfile h100 = h100_profile();
    KernelProfile k;
    k.regs_per_thread = 32;
    k.work_items = 132 * 32 * 40;
    const KernelCosts costs = kernel_costs(h100, k);
    const std::vector<KernelCosts> two{costs, costs};  // 80 warps > 64
    const KernelLevelResult result = solve_kernel_level(h100, two);
    EXPECT_FALSE(result.feasible);
    EXPECT_EQ(result.reason, "warps 80 > 64");
    EXPECT_EQ(result.lower_bound.warps, 80);
    EXPECT_TRUE(result.shapes.empty());

    // 33 kernels need at least 33 blocks per SM.
    KernelProfile tiny;
    tiny.regs_per_thread = 16;
    tiny.work_items = 1;
    const std::vector<KernelCosts> many(33, kernel_costs(h100, tiny));
    EXPECT_EQ(solve_kernel_level(h100, many).reason, "blocks 33 > 32");
    EXPECT_TRUE(solve_kernel_level(h100, std::vector<KernelCosts>(32, kernel_costs(h100, tiny))).feasible);
}

TEST(KernelLevel, ReportsNoCombination) {
    // The least blocks and the least warps of kernel a come from different shapes, so
    // the per-resource lower bound fits while no combination of shapes does.
    DeviceProfile device;
    device.sm_count = 1;
    device.max_blocks_per_sm = 5;
    device.max_warps_per_sm = 6;
    device.regs_per_sm = 1 << 20;
    device.regs_per_block = 1 << 20;
    device.smem_per_sm = 1 << 20;
    KernelCosts a;
    a.demand_warps = 5;
    a.max_warps_per_block = 4;
    a.regs_per_warp = 256;
    a.smem_per_block = 128;
    EXPECT_EQ(candidate_shapes(device, a), (std::vector<Shape>{{2, 3}, {5, 1}}));  // 3x2: 6 warps, 3 blocks
    KernelCosts b = a;
    b.demand_warps = 1;  // 1x1
    // a 2x3 + b: 7 warps; a 5x1 + b: 6 blocks. Least: 3 blocks, 6 warps.
    const std::vector<KernelCosts> kernels{a, b};
    const KernelLevelResult result = solve_kernel_level(device, kernels);
    EXPECT_FALSE(result.feasible);
    EXPECT_EQ(result.lower_bound.blocks, 3);
    EXPECT_EQ(result.lower_bound.warps, 6);
    EXPECT_EQ(result.reason, "no combination of shapes meets all four limits together");
    EXPECT_FALSE(test::brute_kernel_level(device, kernels).has_value());
}

TEST(KernelLevel, EmptyAndZeroWorkKernels) {
    const DeviceProfile h100 = h100_profile();
    EXPECT_TRUE(solve_kernel_level(h100, std::vector<KernelCosts>{}).feasible);
    KernelProfile idle;
    idle.regs_per_thread = 32;
    idle.work_items = 0;
    const KernelLevelResult result =
        solve_kernel_level(h100, std::vector<KernelCosts>{kernel_costs(h100, idle)});
    ASSERT_TRUE(result.feasible);
    EXPECT_EQ(result.shapes[0], Shape{});
    EXPECT_EQ(result.use, ResourceUse{});
}

}  // namespace
}  // namespace galias::engine::sched
