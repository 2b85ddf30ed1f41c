#pragma once
// Exhaustive references for the scheduler tests: they enumerate the models' definitions
// directly (every block count and block size, every subset, every partition) and share
// nothing with the solvers but the profile structs. Only for tiny instances.

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "gpu_engine/sched/costs.hpp"
#include "gpu_engine/sched/kernel_model.hpp"

namespace galias::engine::sched::test {

// The kernel-level optimum: the lexicographically least (smem, regs, warps, blocks) over
// every assignment of 1 <= b_i <= B, 1 <= w_i <= max_warps_per_block_i with
// b_i * w_i >= d_i that meets the four per-SM limits; nullopt when none does.
inline std::optional<ResourceUse> brute_kernel_level(const DeviceProfile& device,
                                                     const std::vector<KernelCosts>& kernels) {
    std::optional<ResourceUse> best;
    const auto visit = [&](auto&& self, std::size_t k, ResourceUse sum) -> void {
        if (!fits(sum, device)) return;  // every term is >= 0: no completion can fit
        if (k == kernels.size()) {
            if (!best || better_use(sum, *best)) best = sum;
            return;
        }
        const KernelCosts& c = kernels[k];
        if (c.demand_warps == 0) return self(self, k + 1, sum);
        for (int b = 1; b <= device.max_blocks_per_sm; ++b)
            for (int w = 1; w <= c.max_warps_per_block; ++w) {
                if (b * w < c.demand_warps) continue;
                const ResourceUse use{b, std::int64_t{b} * w, std::int64_t{b} * w * c.regs_per_warp,
                                      std::int64_t{b} * c.smem_per_block};
                self(self, k + 1, sum + use);
            }
    };
    visit(visit, 0, ResourceUse{});
    return best;
}

inline std::vector<KernelCosts> subset_of(const std::vector<KernelCosts>& kernels, std::uint32_t mask) {
    std::vector<KernelCosts> subset;
    for (std::size_t k = 0; k < kernels.size(); ++k)
        if (mask >> k & 1U) subset.push_back(kernels[k]);
    return subset;
}

// fits[mask]: whether the kernels in `mask` fit one SM together (by brute force).
inline std::vector<bool> brute_fitting_subsets(const DeviceProfile& device,
                                               const std::vector<KernelCosts>& kernels) {
    std::vector<bool> result(std::size_t{1} << kernels.size());
    for (std::uint32_t mask = 0; mask < result.size(); ++mask)
        result[mask] = brute_kernel_level(device, subset_of(kernels, mask)).has_value();
    return result;
}

// The fewest batches: exact DP over subsets (the batch containing the lowest kernel first).
inline int brute_min_batches(const std::vector<bool>& fitting, std::size_t kernel_count) {
    const std::uint32_t all = (std::uint32_t{1} << kernel_count) - 1;
    std::vector<int> best(std::size_t{all} + 1, 1 << 20);
    best[0] = 0;
    for (std::uint32_t mask = 1; mask <= all; ++mask) {
        const std::uint32_t lowest = mask & (~mask + 1);
        for (std::uint32_t sub = mask; sub != 0; sub = (sub - 1) & mask)
            if ((sub & lowest) && fitting[sub]) best[mask] = std::min(best[mask], 1 + best[mask & ~sub]);
    }
    return best[all];
}

// Random kernels on a small device, each through kernel_costs() (so each fits alone).
struct SmallInstance {
    DeviceProfile device;
    std::vector<KernelCosts> kernels;
};

inline DeviceProfile random_small_device(std::mt19937& rng) {
    const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    DeviceProfile device;
    device.sm_count = 1;
    device.warp_size = 32;
    device.max_blocks_per_sm = pick(2, 5);
    device.max_warps_per_sm = pick(4, 12);
    device.max_threads_per_block = 32 * pick(2, 4);
    device.reg_alloc_unit = 256;
    // One register sub-partition: registers are then exactly linear, as the brute force
    // counts them (real devices have four; Costs tests check that arithmetic).
    device.reg_sub_partitions = 1;
    // From "registers never bind" (64 per thread) down to tight.
    device.regs_per_sm = device.max_warps_per_sm * 256 * pick(2, 8);
    device.regs_per_block = device.regs_per_sm;
    device.smem_alloc_unit = 128;
    device.smem_per_sm = 128 * pick(6, 40);
    device.smem_per_block = 0;
    device.reserved_smem_per_block = pick(0, 1) * 128;
    return device;
}

inline KernelCosts random_small_kernel(std::mt19937& rng, const DeviceProfile& device, int max_demand) {
    const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    KernelProfile kernel;
    kernel.regs_per_thread = 8 * pick(1, 8);
    kernel.static_smem_per_block = pick(0, 2) == 0 ? 0 : 64 * pick(1, 8);
    // Small blocks (1-4 warps) against demands up to max_demand: several shapes per kernel.
    kernel.max_threads_per_block = 32 * pick(1, 4);
    kernel.work_items = std::int64_t{32} * pick(1, max_demand) - pick(0, 31);
    return kernel_costs(device, kernel);
}

// Moves each per-SM limit to a random value between the kernels' least total use of it
// (minus a little) and half as much again, so that instances sit on the border between
// feasible and infeasible and need the choice among shapes, not just the sums, to decide.
inline void tighten_limits(std::mt19937& rng, DeviceProfile& device,
                           const std::vector<KernelCosts>& kernels) {
    ResourceUse least;
    for (const KernelCosts& k : kernels) {
        if (k.demand_warps == 0) continue;
        const std::int64_t blocks = (k.demand_warps + k.max_warps_per_block - 1) / k.max_warps_per_block;
        least +=
            ResourceUse{blocks, k.demand_warps, k.demand_warps * k.regs_per_warp, blocks * k.smem_per_block};
    }
    const auto around = [&](std::int64_t value, std::int64_t unit) {
        const std::int64_t low = std::max<std::int64_t>(unit, value - unit);
        return std::uniform_int_distribution<std::int64_t>(low, std::max(low, value + value / 2))(rng);
    };
    device.max_blocks_per_sm = static_cast<int>(around(least.blocks, 1));
    device.max_warps_per_sm = static_cast<int>(around(least.warps, 1));
    device.regs_per_sm = static_cast<int>(around(least.regs, 256));
    device.smem_per_sm = around(least.smem, 128);
}

inline SmallInstance random_small_instance(std::mt19937& rng, int kernels, int max_demand) {
    SmallInstance instance;
    instance.device = random_small_device(rng);
    for (int k = 0; k < kernels; ++k)
        instance.kernels.push_back(random_small_kernel(rng, instance.device, max_demand));
    return instance;
}

}  // namespace galias::engine::sched::test
