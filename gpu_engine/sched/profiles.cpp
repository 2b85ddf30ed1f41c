#include "gpu_engine/sched/profiles.hpp"

#include <stdexcept>

namespace galias::engine::sched {

DeviceProfile h100_profile() {
    DeviceProfile device;
    device.sm_count = 132;
    device.regs_per_sm = 65536;
    device.max_warps_per_sm = 64;
    device.smem_per_sm = std::int64_t{228} * 1024;
    device.max_blocks_per_sm = 32;
    device.warp_size = 32;
    device.max_threads_per_block = 1024;
    device.regs_per_block = 65536;
    device.smem_per_block = std::int64_t{227} * 1024;
    device.reserved_smem_per_block = 1024;
    return device;
}

void validate(const DeviceProfile& device) {
    const auto require = [](bool ok, const char* what) {
        if (!ok) throw std::invalid_argument(std::string("device profile: ") + what);
    };
    require(device.sm_count > 0, "sm_count must be positive");
    require(device.regs_per_sm > 0, "regs_per_sm must be positive");
    require(device.max_warps_per_sm > 0, "max_warps_per_sm must be positive");
    require(device.smem_per_sm >= 0, "smem_per_sm must not be negative");
    require(device.max_blocks_per_sm > 0, "max_blocks_per_sm must be positive");
    require(device.warp_size > 0, "warp_size must be positive");
    require(device.max_threads_per_block >= device.warp_size, "max_threads_per_block below one warp");
    require(device.regs_per_block > 0, "regs_per_block must be positive");
    require(device.smem_per_block >= 0, "smem_per_block must not be negative");
    require(device.reserved_smem_per_block >= 0, "reserved_smem_per_block must not be negative");
    require(device.reg_alloc_unit > 0, "reg_alloc_unit must be positive");
    require(device.smem_alloc_unit > 0, "smem_alloc_unit must be positive");
    require(device.reg_sub_partitions > 0 && device.regs_per_sm % device.reg_sub_partitions == 0,
            "reg_sub_partitions must divide regs_per_sm");
}

}  // namespace galias::engine::sched
