// Resource profiles: the per-SM constants derived from device and kernel profiles
// (rounding, demand, single-kernel capacity), the CUDA struct adapters, and rejections.
#include "gpu_engine/sched/profiles.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>

#include "gpu_engine/sched/costs.hpp"
#include "gpu_engine/sched/cuda_fields.hpp"

namespace galias::engine::sched {
namespace {

KernelProfile kernel(int regs, std::int64_t smem, std::int64_t work, int max_threads = 1024) {
    KernelProfile k;
    k.name = "k";
    k.regs_per_thread = regs;
    k.static_smem_per_block = smem;
    k.work_items = work;
    k.max_threads_per_block = max_threads;
    return k;
}

TEST(Profiles, H100ProfileHasTheIssuesNumbers) {
    const DeviceProfile h100 = h100_profile();
    EXPECT_EQ(h100.sm_count, 132);
    EXPECT_EQ(h100.regs_per_sm, 65536);
    EXPECT_EQ(h100.max_warps_per_sm, 64);
    EXPECT_EQ(h100.smem_per_sm, 228 * 1024);
    EXPECT_EQ(h100.max_blocks_per_sm, 32);
    EXPECT_NO_THROW(validate(h100));
}

TEST(Profiles, ValidateRejectsNonsense) {
    DeviceProfile device = h100_profile();
    device.sm_count = 0;
    EXPECT_THROW(validate(device), std::invalid_argument);
    device = h100_profile();
    device.max_threads_per_block = 16;  // below one warp
    EXPECT_THROW(validate(device), std::invalid_argument);
}

TEST(Costs, RoundsRegistersPerWarpAndSharedMemoryPerBlock) {
    const DeviceProfile h100 = h100_profile();
    // 37 registers * 32 threads = 1184, allocated in units of 256: 1280 per warp. A
    // quarter of the register file (16384) holds 12 such warps, so an SM holds 48 and a
    // warp's share of the SM is 16384 / 12 = 1365 registers (not 65536 / 1280 = 51 warps).
    // 1000 B static + 1024 B reserved = 2024, in units of 128: 2048 per block.
    const KernelCosts costs = kernel_costs(h100, kernel(37, 1000, 1));
    EXPECT_EQ(costs.allocated_regs_per_warp, 1280);
    EXPECT_EQ(costs.regs_per_warp, 1365);
    EXPECT_EQ(costs.capacity_warps, 48);
    EXPECT_EQ(costs.smem_per_block, 2048);
    EXPECT_EQ(costs.max_warps_per_block, 32);
    // Even a kernel without shared memory pays the reserved kilobyte per block.
    EXPECT_EQ(kernel_costs(h100, kernel(32, 0, 1)).smem_per_block, 1024);
}

TEST(Costs, DemandIsWorkPerSmInWarps) {
    const DeviceProfile h100 = h100_profile();
    const std::int64_t wave = 132 * 32;  // one warp on every SM
    EXPECT_EQ(kernel_costs(h100, kernel(32, 0, 1)).demand_warps, 1);
    EXPECT_EQ(kernel_costs(h100, kernel(32, 0, wave)).demand_warps, 1);
    EXPECT_EQ(kernel_costs(h100, kernel(32, 0, 10 * wave + 1)).demand_warps, 11);
    EXPECT_EQ(kernel_costs(h100, kernel(32, 0, 0)).demand_warps, 0);
}

TEST(Costs, CapacityIsTheSingleKernelOccupancy) {
    const DeviceProfile h100 = h100_profile();
    // 32 registers: the whole SM (64 warps). 64 registers: 65536 / 2048 = 32 warps.
    EXPECT_EQ(kernel_costs(h100, kernel(32, 0, 1)).capacity_warps, 64);
    EXPECT_EQ(kernel_costs(h100, kernel(64, 0, 1)).capacity_warps, 32);
    // 255 registers: 8192 per warp, so 8 warps per SM and per block.
    const KernelCosts heavy = kernel_costs(h100, kernel(255, 0, 1));
    EXPECT_EQ(heavy.regs_per_warp, 8192);
    // 40 registers: 12 warps per quarter, 48 per SM (CUDA's occupancy calculator).
    EXPECT_EQ(kernel_costs(h100, kernel(40, 0, 1)).capacity_warps, 48);
    EXPECT_EQ(heavy.max_warps_per_block, 8);
    EXPECT_EQ(heavy.capacity_warps, 8);
    // 100 KiB of shared memory per block: two blocks per SM, of up to 32 warps each.
    EXPECT_EQ(kernel_costs(h100, kernel(32, 100 * 1024, 1)).capacity_warps, 64);
    // 150 KiB: one block, so 32 warps (the block size limit).
    EXPECT_EQ(kernel_costs(h100, kernel(32, 150 * 1024, 1)).capacity_warps, 32);
    // Blocks of at most 64 threads: 32 blocks of 2 warps.
    EXPECT_EQ(kernel_costs(h100, kernel(32, 0, 1, 64)).capacity_warps, 64);
    EXPECT_EQ(kernel_costs(h100, kernel(32, 0, 1, 32)).capacity_warps, 32);
}

TEST(Costs, WorkBeyondTheDeviceSaturates) {
    const DeviceProfile h100 = h100_profile();
    const KernelCosts fits = kernel_costs(h100, kernel(64, 0, 132 * 32 * 32));
    EXPECT_FALSE(fits.saturating);
    EXPECT_EQ(fits.demand_warps, 32);
    const KernelCosts big = kernel_costs(h100, kernel(64, 0, 132 * 32 * 32 + 1));
    EXPECT_TRUE(big.saturating);
    EXPECT_EQ(big.demand_warps, 32);  // capped at what the SM holds of it
}

TEST(Costs, RejectsKernelsThatCannotRun) {
    const DeviceProfile h100 = h100_profile();
    EXPECT_THROW(kernel_costs(h100, kernel(32, 228 * 1024, 1)), std::invalid_argument);  // > per-block opt-in
    EXPECT_THROW(kernel_costs(h100, kernel(-1, 0, 1)), std::invalid_argument);
    EXPECT_THROW(kernel_costs(h100, kernel(32, 0, -5)), std::invalid_argument);
    DeviceProfile small = h100;
    small.regs_per_block = 1024;  // one warp of 64 registers needs 2048
    EXPECT_THROW(kernel_costs(small, kernel(64, 0, 1)), std::invalid_argument);
}

TEST(Costs, FitsAndFirstExceeded) {
    const DeviceProfile h100 = h100_profile();
    EXPECT_TRUE(fits(ResourceUse{32, 64, 65536, 228 * 1024}, h100));
    EXPECT_FALSE(fits(ResourceUse{33, 1, 1, 1}, h100));
    EXPECT_EQ(first_exceeded(ResourceUse{1, 65, 1, 1}, h100), "warps 65 > 64");
    EXPECT_EQ(first_exceeded(ResourceUse{1, 1, 1, 1}, h100), "");
}

// Look-alikes of cudaDeviceProp and cudaFuncAttributes (only the members the adapter reads).
struct FakeDeviceProp {
    int multiProcessorCount = 132;
    int regsPerMultiprocessor = 65536;
    int warpSize = 32;
    int maxThreadsPerMultiProcessor = 2048;
    std::size_t sharedMemPerMultiprocessor = 233472;
    int maxBlocksPerMultiProcessor = 32;
    int maxThreadsPerBlock = 1024;
    int regsPerBlock = 65536;
    std::size_t sharedMemPerBlockOptin = 232448;
    std::size_t reservedSharedMemPerBlock = 1024;
};
struct FakeFuncAttributes {
    int numRegs = 40;
    std::size_t sharedSizeBytes = 4096;
    int maxThreadsPerBlock = 512;
};

TEST(CudaFields, DevicePropertiesMapToTheProfile) {
    const DeviceProfile device = device_profile_from_properties(FakeDeviceProp{});
    const DeviceProfile h100 = h100_profile();
    EXPECT_EQ(device.sm_count, h100.sm_count);
    EXPECT_EQ(device.regs_per_sm, h100.regs_per_sm);
    EXPECT_EQ(device.max_warps_per_sm, h100.max_warps_per_sm);
    EXPECT_EQ(device.smem_per_sm, h100.smem_per_sm);
    EXPECT_EQ(device.max_blocks_per_sm, h100.max_blocks_per_sm);
    EXPECT_EQ(device.smem_per_block, h100.smem_per_block);
    EXPECT_EQ(device.reserved_smem_per_block, h100.reserved_smem_per_block);
    EXPECT_EQ(device.regs_per_block, h100.regs_per_block);
    EXPECT_EQ(device.max_threads_per_block, h100.max_threads_per_block);
}

TEST(CudaFields, FunctionAttributesMapToTheKernelProfile) {
    const KernelProfile k = kernel_profile_from_attributes(FakeFuncAttributes{}, "join", 12345, 512);
    EXPECT_EQ(k.name, "join");
    EXPECT_EQ(k.regs_per_thread, 40);
    EXPECT_EQ(k.static_smem_per_block, 4096);
    EXPECT_EQ(k.dynamic_smem_per_block, 512);
    EXPECT_EQ(k.max_threads_per_block, 512);
    EXPECT_EQ(k.work_items, 12345);
    const KernelCosts costs = kernel_costs(h100_profile(), k);
    EXPECT_EQ(costs.smem_per_block, 4096 + 512 + 1024);
    EXPECT_EQ(costs.max_warps_per_block, 16);
}

}  // namespace
}  // namespace galias::engine::sched
