#include "gpu_engine/sched/costs.hpp"

#include <algorithm>
#include <stdexcept>

namespace galias::engine::sched {
namespace {

std::int64_t round_up(std::int64_t value, std::int64_t unit) {
    return (value + unit - 1) / unit * unit;
}
std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

[[noreturn]] void reject(const KernelProfile& kernel, const std::string& why) {
    throw std::invalid_argument("kernel '" + kernel.name + "': " + why);
}

}  // namespace

std::int64_t blocks_per_sm_alone(const DeviceProfile& device, const KernelCosts& costs, int warps) {
    std::int64_t blocks = std::min<std::int64_t>(device.max_blocks_per_sm, device.max_warps_per_sm / warps);
    blocks = std::min(blocks, device.regs_per_sm / (costs.regs_per_warp * warps));
    if (costs.smem_per_block > 0) blocks = std::min(blocks, device.smem_per_sm / costs.smem_per_block);
    return blocks;
}

bool fits(const ResourceUse& use, const DeviceProfile& device) {
    return use.blocks <= device.max_blocks_per_sm && use.warps <= device.max_warps_per_sm &&
           use.regs <= device.regs_per_sm && use.smem <= device.smem_per_sm;
}

std::string first_exceeded(const ResourceUse& use, const DeviceProfile& device) {
    const auto over = [](const char* name, std::int64_t value, std::int64_t limit) {
        return std::string(name) + " " + std::to_string(value) + " > " + std::to_string(limit);
    };
    if (use.blocks > device.max_blocks_per_sm) return over("blocks", use.blocks, device.max_blocks_per_sm);
    if (use.warps > device.max_warps_per_sm) return over("warps", use.warps, device.max_warps_per_sm);
    if (use.regs > device.regs_per_sm) return over("registers", use.regs, device.regs_per_sm);
    if (use.smem > device.smem_per_sm) return over("shared memory", use.smem, device.smem_per_sm);
    return {};
}

KernelCosts kernel_costs(const DeviceProfile& device, const KernelProfile& kernel) {
    validate(device);
    if (kernel.regs_per_thread < 0) reject(kernel, "negative regs_per_thread");
    if (kernel.static_smem_per_block < 0 || kernel.dynamic_smem_per_block < 0)
        reject(kernel, "negative shared memory");
    if (kernel.work_items < 0) reject(kernel, "negative work_items");

    KernelCosts costs;
    // A kernel that uses no registers still occupies one allocation unit per warp.
    costs.allocated_regs_per_warp =
        round_up(std::max<std::int64_t>(1, std::int64_t{kernel.regs_per_thread} * device.warp_size),
                 device.reg_alloc_unit);
    const std::int64_t sub_partition = device.regs_per_sm / device.reg_sub_partitions;
    const std::int64_t warps_per_sub_partition = sub_partition / costs.allocated_regs_per_warp;
    if (warps_per_sub_partition < 1)
        reject(kernel, "one warp's registers exceed a register file sub-partition");
    costs.regs_per_warp = sub_partition / warps_per_sub_partition;
    const std::int64_t smem_requested = kernel.static_smem_per_block + kernel.dynamic_smem_per_block;
    costs.smem_per_block = round_up(smem_requested + device.reserved_smem_per_block, device.smem_alloc_unit);

    const int block_threads = std::min(kernel.max_threads_per_block, device.max_threads_per_block);
    // The hardware checks a block's registers as if its warps filled every sub-partition
    // alike: warps rounded up to a multiple of the sub-partitions must fit regs_per_block.
    const std::int64_t by_regs = device.regs_per_block / costs.allocated_regs_per_warp /
                                 device.reg_sub_partitions * device.reg_sub_partitions;
    costs.max_warps_per_block =
        static_cast<int>(std::min<std::int64_t>(block_threads / device.warp_size, by_regs));
    const std::int64_t smem_block_limit =
        device.smem_per_block > 0 ? device.smem_per_block : device.smem_per_sm;
    if (costs.max_warps_per_block < 1)
        reject(kernel, "a block of one warp exceeds the per-block thread or register limit");
    if (smem_requested > smem_block_limit || costs.smem_per_block > device.smem_per_sm)
        reject(kernel, "shared memory per block exceeds the device's limit");

    for (int warps = 1; warps <= costs.max_warps_per_block; ++warps)
        costs.capacity_warps = static_cast<int>(
            std::max<std::int64_t>(costs.capacity_warps, blocks_per_sm_alone(device, costs, warps) * warps));
    if (costs.capacity_warps < 1) reject(kernel, "not even one block of one warp fits an SM");

    const std::int64_t threads_per_wave = std::int64_t{device.sm_count} * device.warp_size;
    const std::int64_t demand = ceil_div(kernel.work_items, threads_per_wave);
    costs.saturating = demand > costs.capacity_warps;
    costs.demand_warps = static_cast<int>(std::min<std::int64_t>(demand, costs.capacity_warps));
    return costs;
}

}  // namespace galias::engine::sched
