// The executor-facing interface: --sched modes, launch shapes derived from the model,
// every kernel launched exactly once, batches within the device limits, skipped and
// rejected kernels.
#include "gpu_engine/sched/plan.hpp"

#include <gtest/gtest.h>

#include <random>

namespace galias::engine::sched {
namespace {

KernelProfile kernel(int regs, std::int64_t smem, std::int64_t work) {
    KernelProfile k;
    k.name = "k" + std::to_string(work);
    k.regs_per_thread = regs;
    k.static_smem_per_block = smem;
    k.work_items = work;
    return k;
}

// Each kernel with work in exactly one launch; launch shapes legal for the device; in
// mode model each batch's per-SM shapes fit the SM and cover the work.
void expect_valid(const DeviceProfile& device, const std::vector<KernelProfile>& kernels,
                  const Schedule& schedule) {
    std::vector<int> launched(kernels.size(), 0);
    for (std::size_t k : schedule.skipped) {
        EXPECT_EQ(kernels[k].work_items, 0);
        ++launched[k];
    }
    for (const Batch& batch : schedule.batches) {
        EXPECT_FALSE(batch.launches.empty());
        ResourceUse per_sm;
        for (const Launch& launch : batch.launches) {
            ASSERT_LT(launch.kernel, kernels.size());
            const KernelProfile& k = kernels[launch.kernel];
            ++launched[launch.kernel];
            EXPECT_GE(launch.grid, 1U);
            EXPECT_GE(launch.block, 32U);
            EXPECT_EQ(launch.block % 32, 0U);
            EXPECT_LE(launch.block, static_cast<unsigned>(k.max_threads_per_block));
            EXPECT_EQ(launch.covers_work,
                      std::int64_t{launch.grid} * launch.block >= k.work_items &&
                          !(schedule.stats.mode == SchedMode::kModel && kernel_costs(device, k).saturating));
            if (schedule.stats.mode != SchedMode::kModel) continue;
            const KernelCosts costs = kernel_costs(device, k);
            EXPECT_EQ(launch.block, static_cast<unsigned>(launch.per_sm.warps_per_block * 32));
            EXPECT_LE(launch.grid, static_cast<unsigned>(launch.per_sm.blocks * device.sm_count));
            EXPECT_GE(launch.per_sm.blocks * launch.per_sm.warps_per_block, costs.demand_warps);
            per_sm += shape_use(costs, launch.per_sm);
        }
        if (schedule.stats.mode == SchedMode::kModel) {
            EXPECT_EQ(per_sm, batch.per_sm);
            EXPECT_TRUE(fits(per_sm, device)) << first_exceeded(per_sm, device);
        }
    }
    for (std::size_t k = 0; k < kernels.size(); ++k) EXPECT_EQ(launched[k], 1) << "kernel " << k;
}

TEST(Plan, ParsesModes) {
    EXPECT_EQ(parse_sched_mode("off"), SchedMode::kOff);
    EXPECT_EQ(parse_sched_mode("streams"), SchedMode::kStreams);
    EXPECT_EQ(parse_sched_mode("model"), SchedMode::kModel);
    EXPECT_FALSE(parse_sched_mode("auto").has_value());
    for (SchedMode mode : {SchedMode::kOff, SchedMode::kStreams, SchedMode::kModel})
        EXPECT_EQ(parse_sched_mode(sched_mode_name(mode)), mode);
}

TEST(Plan, OffIsSequentialWithDefaultShapes) {
    const DeviceProfile h100 = h100_profile();
    const std::vector<KernelProfile> kernels{kernel(32, 0, 1000), kernel(40, 0, 100'000'000),
                                             kernel(32, 0, 0)};
    PlanOptions options;
    options.mode = SchedMode::kOff;
    const Schedule schedule = plan_concurrent_launches(h100, kernels, options);
    ASSERT_EQ(schedule.batches.size(), 2U);
    EXPECT_EQ(schedule.skipped, std::vector<std::size_t>{2});
    const Launch& small = schedule.batches[0].launches.at(0);
    EXPECT_EQ(small.block, 256U);
    EXPECT_EQ(small.grid, 4U);  // ceil(1000 / 256)
    EXPECT_TRUE(small.covers_work);
    const Launch& large = schedule.batches[1].launches.at(0);
    EXPECT_EQ(large.grid, 132U * 8 * 8);  // capped at 8 waves of 8 resident 256-thread blocks
    EXPECT_FALSE(large.covers_work);
    expect_valid(h100, kernels, schedule);
}

TEST(Plan, StreamsIsOneBatchWithDefaultShapes) {
    const DeviceProfile h100 = h100_profile();
    const std::vector<KernelProfile> kernels{kernel(32, 0, 1000), kernel(40, 0, 5000),
                                             kernel(64, 4096, 70000)};
    PlanOptions options;
    options.mode = SchedMode::kStreams;
    const Schedule schedule = plan_concurrent_launches(h100, kernels, options);
    ASSERT_EQ(schedule.batches.size(), 1U);
    EXPECT_EQ(schedule.batches[0].launches.size(), 3U);
    expect_valid(h100, kernels, schedule);
}

TEST(Plan, ModelFitsSmallKernelsInOneBatch) {
    const DeviceProfile h100 = h100_profile();
    // Five joins of one semi-naive iteration: 2..10 warps per SM each.
    std::vector<KernelProfile> kernels;
    for (int i = 1; i <= 5; ++i) kernels.push_back(kernel(32 + 8 * i, 512 * i, 132 * 32 * 2 * i - 7));
    const Schedule schedule = plan_concurrent_launches(h100, kernels);
    EXPECT_TRUE(schedule.stats.fits_one_batch);
    ASSERT_EQ(schedule.batches.size(), 1U);
    for (const Launch& launch : schedule.batches[0].launches) EXPECT_TRUE(launch.covers_work);
    EXPECT_GE(schedule.stats.solve_seconds, 0.0);
    expect_valid(h100, kernels, schedule);
}

TEST(Plan, ModelBatchesKernelsThatDoNotFitTogether) {
    const DeviceProfile h100 = h100_profile();
    std::vector<KernelProfile> kernels;
    for (int i = 0; i < 12; ++i)
        kernels.push_back(kernel(32 + 16 * (i % 3), 8192 * (i % 4), 132 * 32 * (8 + 3 * i)));
    const Schedule schedule = plan_concurrent_launches(h100, kernels);
    EXPECT_FALSE(schedule.stats.fits_one_batch);
    EXPECT_GT(schedule.batches.size(), 1U);
    const BatchPlan& report = schedule.stats.batch;
    EXPECT_EQ(report.batches.size(), schedule.batches.size());
    EXPECT_LE(report.lower_bound, static_cast<int>(schedule.batches.size()));
    EXPECT_LE(report.lp_bound, static_cast<double>(schedule.batches.size()) + 1e-9);
    expect_valid(h100, kernels, schedule);
}

TEST(Plan, SaturatingKernelGetsAFullDeviceLaunch) {
    const DeviceProfile h100 = h100_profile();
    const std::vector<KernelProfile> kernels{kernel(32, 0, 1'000'000'000), kernel(32, 0, 5000)};
    const Schedule schedule = plan_concurrent_launches(h100, kernels);
    ASSERT_EQ(schedule.batches.size(), 2U);  // the big one fills every SM alone
    for (const Batch& batch : schedule.batches)
        for (const Launch& launch : batch.launches)
            if (launch.kernel == 0) {
                EXPECT_FALSE(launch.covers_work);
                EXPECT_EQ(launch.per_sm.blocks * launch.per_sm.warps_per_block, 64);
                EXPECT_EQ(launch.grid, static_cast<unsigned>(launch.per_sm.blocks * 132));
            }
    expect_valid(h100, kernels, schedule);
}

TEST(Plan, RandomWorkloadsInEveryMode) {
    const DeviceProfile h100 = h100_profile();
    std::mt19937 rng(8);
    for (int trial = 0; trial < 60; ++trial) {
        std::vector<KernelProfile> kernels;
        const int n = std::uniform_int_distribution<int>(1, 24)(rng);
        for (int i = 0; i < n; ++i) {
            KernelProfile k = kernel(std::uniform_int_distribution<int>(16, 128)(rng),
                                     std::uniform_int_distribution<int>(0, 3)(rng) * 6144,
                                     std::uniform_int_distribution<std::int64_t>(0, 132LL * 32 * 48)(rng));
            k.max_threads_per_block = 32 * std::uniform_int_distribution<int>(4, 32)(rng);
            kernels.push_back(k);
        }
        for (SchedMode mode : {SchedMode::kOff, SchedMode::kStreams, SchedMode::kModel}) {
            PlanOptions options;
            options.mode = mode;
            expect_valid(h100, kernels, plan_concurrent_launches(h100, kernels, options));
        }
    }
}

TEST(Plan, RejectsKernelsThatCannotRun) {
    const DeviceProfile h100 = h100_profile();
    const std::vector<KernelProfile> kernels{kernel(32, 0, 100), kernel(32, 300 * 1024, 100)};
    EXPECT_THROW(plan_concurrent_launches(h100, kernels), std::invalid_argument);
    PlanOptions off;
    off.mode = SchedMode::kOff;
    EXPECT_THROW(plan_concurrent_launches(h100, kernels, off), std::invalid_argument);
}

}  // namespace
}  // namespace galias::engine::sched
