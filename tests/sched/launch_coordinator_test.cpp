// The launch coordinator: shapes for kernels of concurrent lanes. In mode model the
// kernels in flight at a launch must fit one SM together when the model says they can;
// idle lanes leave the plan; cached plans give the same shapes as fresh solves; modes off
// and streams give the default shape whatever else runs.
#include "gpu_engine/sched/launch_coordinator.hpp"

#include <gtest/gtest.h>

#include <random>
#include <thread>

namespace galias::engine::sched {
namespace {

KernelProfile kernel(int regs, std::int64_t work) {
    KernelProfile k;
    k.name = "k";
    k.regs_per_thread = regs;
    k.work_items = work;
    return k;
}

// Per-SM use of a launch, as the model counts it.
ResourceUse use_of(const DeviceProfile& device, const KernelProfile& k, const Launch& launch) {
    const KernelCosts costs = kernel_costs(device, k);
    ResourceUse use;
    use.blocks = launch.per_sm.blocks;
    use.warps = std::int64_t{launch.per_sm.blocks} * launch.per_sm.warps_per_block;
    use.regs = use.warps * costs.regs_per_warp;
    use.smem = std::int64_t{launch.per_sm.blocks} * costs.smem_per_block;
    return use;
}

PlanOptions mode(SchedMode m) {
    PlanOptions options;
    options.mode = m;
    return options;
}

int identity_a = 0, identity_b = 0, identity_c = 0;

TEST(LaunchCoordinator, AloneAKernelGetsTheModelsSingleKernelShape) {
    const DeviceProfile device = h100_profile();
    LaunchCoordinator coordinator(device, mode(SchedMode::kModel));
    const int lane = coordinator.open_lane();
    const KernelProfile k = kernel(32, 132 * 32 * 8);  // 8 warps per SM
    const Launch launch = coordinator.launch(lane, k, &identity_a);
    const std::vector<KernelProfile> alone{k};
    const Schedule expected = plan_concurrent_launches(device, alone, mode(SchedMode::kModel));
    ASSERT_EQ(expected.batches.size(), 1U);
    EXPECT_EQ(launch.grid, expected.batches[0].launches[0].grid);
    EXPECT_EQ(launch.block, expected.batches[0].launches[0].block);
    EXPECT_TRUE(launch.covers_work);
    EXPECT_EQ(coordinator.counters().concurrent, 0U);
}

TEST(LaunchCoordinator, KernelsInFlightTogetherFitOneSm) {
    const DeviceProfile device = h100_profile();
    LaunchCoordinator coordinator(device, mode(SchedMode::kModel));
    std::mt19937 random(7);
    for (int round = 0; round < 200; ++round) {
        const int lanes = 2 + static_cast<int>(random() % 6);
        std::vector<int> ids;
        std::vector<KernelProfile> kernels;
        std::vector<Launch> launches;
        for (int l = 0; l < lanes; ++l) ids.push_back(coordinator.open_lane());
        for (int l = 0; l < lanes; ++l) {
            // Small kernels: a few warps per SM each, so that all fit together.
            kernels.push_back(kernel(16 + 8 * static_cast<int>(random() % 5), 132 * 32 * (1 + random() % 6)));
            launches.push_back(
                coordinator.launch(ids[l], kernels.back(), l % 2 == 0 ? &identity_a : &identity_b));
        }
        // The last launch was planned with all the others in flight: its shape and the
        // earlier ones' demands fit. The earlier launches were planned with fewer kernels,
        // so only the last plan is checked against the device together with its own peers.
        const std::vector<KernelProfile> together(kernels.begin(), kernels.end());
        const Schedule fresh = plan_concurrent_launches(device, together, mode(SchedMode::kModel));
        if (fresh.stats.fits_one_batch) {
            const ResourceUse use = use_of(device, kernels.back(), launches.back());
            EXPECT_TRUE(fits(use, device));
            EXPECT_LE(launches.back().grid * launches.back().block,
                      static_cast<unsigned>(
                          std::max<std::int64_t>(kernels.back().work_items, launches.back().block)) +
                          launches.back().block * 132);
        }
        for (int id : ids) coordinator.close_lane(id);
    }
    EXPECT_GT(coordinator.counters().concurrent, 0U);
}

// Without a solve (the compact shapes fit together) the coordinator must give exactly the
// model's optimal shape.
TEST(LaunchCoordinator, DirectPlansEqualTheModel) {
    const DeviceProfile device = h100_profile();
    std::mt19937 random(11);
    int direct_checked = 0;
    for (int round = 0; round < 300; ++round) {
        LaunchCoordinator coordinator(device, mode(SchedMode::kModel));
        const int n = 1 + static_cast<int>(random() % 5);
        std::vector<KernelProfile> kernels;
        std::vector<int> lanes;
        for (int i = 0; i < n; ++i) {
            lanes.push_back(coordinator.open_lane());
            kernels.push_back(kernel(16 + 8 * static_cast<int>(random() % 8),
                                     1 + static_cast<std::int64_t>(random() % (132 * 32 * 20))));
        }
        for (int i = 1; i < n; ++i) coordinator.launch(lanes[i], kernels[i], &identity_b);
        const std::uint64_t direct_before = coordinator.counters().direct;
        const Launch launch = coordinator.launch(lanes[0], kernels[0], &identity_a);
        const Schedule fresh = plan_concurrent_launches(device, kernels, mode(SchedMode::kModel));
        if (coordinator.counters().direct == direct_before || !fresh.stats.fits_one_batch) continue;
        ++direct_checked;
        for (const Launch& planned : fresh.batches.front().launches) {
            if (planned.kernel != 0) continue;
            EXPECT_EQ(planned.per_sm, launch.per_sm) << "round " << round;
            EXPECT_EQ(planned.grid, launch.grid);
            EXPECT_EQ(planned.block, launch.block);
        }
    }
    EXPECT_GT(direct_checked, 100);
}

TEST(LaunchCoordinator, CachedPlanEqualsAFreshSolve) {
    const DeviceProfile device = h100_profile();
    LaunchCoordinator cached(device, mode(SchedMode::kModel));
    const int a = cached.open_lane(), b = cached.open_lane();
    // 64 + 16 warps per SM do not fit the 64 of an SM together: the model must solve.
    // (Demands are powers of two, which the coordinator plans for unchanged.)
    const KernelProfile big = kernel(32, 132 * 32 * 64);
    const KernelProfile small = kernel(24, 132 * 32 * 16);
    cached.launch(b, big, &identity_b);                          // alone: fits, no solve
    const Launch first = cached.launch(a, small, &identity_a);   // {small, big}: a solve
    const Launch second = cached.launch(a, small, &identity_a);  // same set in flight: a cache hit
    EXPECT_EQ(cached.counters().solves, 1U);
    EXPECT_EQ(cached.counters().direct, 1U);
    EXPECT_EQ(first.grid, second.grid);
    EXPECT_EQ(first.block, second.block);

    const std::vector<KernelProfile> pair{small, big};
    const Schedule fresh = plan_concurrent_launches(device, pair, mode(SchedMode::kModel));
    for (const Batch& batch : fresh.batches)
        for (const Launch& launch : batch.launches)
            if (launch.kernel == 0) {
                EXPECT_EQ(launch.grid, first.grid);
                EXPECT_EQ(launch.block, first.block);
            }
}

TEST(LaunchCoordinator, IdleLanesLeaveThePlan) {
    const DeviceProfile device = h100_profile();
    LaunchCoordinator coordinator(device, mode(SchedMode::kModel));
    const int a = coordinator.open_lane(), b = coordinator.open_lane();
    const KernelProfile k = kernel(32, 132 * 32 * 24);
    const Launch alone = coordinator.launch(a, k, &identity_a);     // plan {a}
    coordinator.launch(b, kernel(32, 132 * 32 * 24), &identity_c);  // plan {b, a}
    coordinator.launch(a, k, &identity_a);                          // plan {a, b}
    EXPECT_EQ(coordinator.counters().concurrent, 2U);
    EXPECT_EQ(coordinator.counters().most_in_flight, 2U);
    coordinator.idle(b);
    const Launch again = coordinator.launch(a, k, &identity_a);  // {a} again
    EXPECT_EQ(coordinator.counters().concurrent, 2U);
    EXPECT_EQ(coordinator.counters().launches, 4U);
    EXPECT_EQ(alone.grid, again.grid);
    EXPECT_EQ(alone.block, again.block);
}

TEST(LaunchCoordinator, SaturatingKernelsShareTheSms) {
    // Two kernels each with more work than the device holds: alone each takes a whole SM's
    // warps; in flight together each gets half, so both are resident at once.
    const DeviceProfile device = h100_profile();
    LaunchCoordinator coordinator(device, mode(SchedMode::kModel));
    const int a = coordinator.open_lane(), b = coordinator.open_lane();
    const KernelProfile big = kernel(32, std::int64_t{1} << 26);
    const Launch alone = coordinator.launch(a, big, &identity_a);
    EXPECT_EQ(std::int64_t{alone.per_sm.blocks} * alone.per_sm.warps_per_block, device.max_warps_per_sm);
    const Launch first = coordinator.launch(b, big, &identity_b);
    const Launch second = coordinator.launch(a, big, &identity_a);
    const std::int64_t warps_first = std::int64_t{first.per_sm.blocks} * first.per_sm.warps_per_block;
    const std::int64_t warps_second = std::int64_t{second.per_sm.blocks} * second.per_sm.warps_per_block;
    EXPECT_LE(warps_first + warps_second, device.max_warps_per_sm);
    EXPECT_EQ(warps_second, device.max_warps_per_sm / 2);
    EXPECT_FALSE(second.covers_work);
}

TEST(LaunchCoordinator, OffAndStreamsUseTheDefaultShape) {
    const DeviceProfile device = h100_profile();
    for (SchedMode m : {SchedMode::kOff, SchedMode::kStreams}) {
        LaunchCoordinator coordinator(device, mode(m));
        const int a = coordinator.open_lane(), b = coordinator.open_lane();
        coordinator.launch(b, kernel(32, 1 << 20), &identity_b);
        const Launch launch = coordinator.launch(a, kernel(32, 1 << 20), &identity_a);
        EXPECT_EQ(launch.block, 256U);
        EXPECT_EQ(launch.grid, (1U << 20) / 256);
        EXPECT_EQ(coordinator.counters().solves, 0U);
    }
}

TEST(LaunchCoordinator, ManyThreadsLaunchAtOnce) {
    const DeviceProfile device = h100_profile();
    LaunchCoordinator coordinator(device, mode(SchedMode::kModel));
    std::vector<std::jthread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&coordinator, t] {
            const int lane = coordinator.open_lane();
            for (int i = 0; i < 500; ++i) {
                const Launch launch = coordinator.launch(lane, kernel(32, 1000 + 977 * ((t * 31 + i) % 97)),
                                                         t % 2 ? &identity_a : &identity_b);
                EXPECT_GE(launch.grid, 1U);
                EXPECT_GE(launch.block, 32U);
                if (i % 3 == 0) coordinator.idle(lane);
            }
            coordinator.close_lane(lane);
        });
    }
    threads.clear();
    EXPECT_EQ(coordinator.counters().launches, 8U * 500U);
}

}  // namespace
}  // namespace galias::engine::sched
