#pragma once
// The model's constants for one kernel on one SM (docs/SCHEDULING.md, "Per-SM view"):
// warps it must have resident, registers per warp and shared memory per block after the
// hardware's rounding, and the largest block it may use. Plus ResourceUse, the four
// per-SM quantities every schedule is checked against.

#include <cstdint>
#include <string>

#include "gpu_engine/sched/profiles.hpp"

namespace galias::engine::sched {

// Blocks, warps, registers and shared memory (bytes) taken on one SM.
struct ResourceUse {
    std::int64_t blocks = 0;
    std::int64_t warps = 0;
    std::int64_t regs = 0;
    std::int64_t smem = 0;

    ResourceUse& operator+=(const ResourceUse& other) {
        blocks += other.blocks;
        warps += other.warps;
        regs += other.regs;
        smem += other.smem;
        return *this;
    }
    friend ResourceUse operator+(ResourceUse a, const ResourceUse& b) { return a += b; }
    friend bool operator==(const ResourceUse&, const ResourceUse&) = default;
};

// True when `use` is within all four per-SM limits (B, W, R, S) of `device`.
bool fits(const ResourceUse& use, const DeviceProfile& device);
// "blocks 33 > 32" for the first exceeded limit, empty when it fits.
std::string first_exceeded(const ResourceUse& use, const DeviceProfile& device);

struct KernelCosts {
    // d_i: warps of this kernel each SM must hold so that all its work items are resident
    // at once, ceil(c_i / (#SM * warp)), but at most `capacity_warps` (see saturating).
    int demand_warps = 0;
    int max_warps_per_block = 0;  // from the function's and the device's block limits
    // rho_i: the share of the SM's register file one warp takes. A warp is allocated
    // registers per thread * warp size, rounded up to the allocation unit, inside one
    // sub-partition of R / P registers, which thus holds m = floor(R / P / alloc) warps;
    // rho_i = floor(R / P / m), so that an SM full of this kernel holds exactly P * m warps
    // (the occupancy calculator's count) while the model stays linear in registers.
    std::int64_t regs_per_warp = 0;
    std::int64_t allocated_regs_per_warp = 0;  // per thread * warp size, rounded up
    std::int64_t smem_per_block = 0;           // sigma_i: static + dynamic + reserved, rounded up
    // Most warps of this kernel one SM can hold when it runs alone (its occupancy limit).
    int capacity_warps = 0;
    // The work needs more threads than the device can hold of this kernel even alone:
    // the demand is capped at capacity_warps and the kernel covers its work in several
    // rounds of its grid-stride loop. Such a kernel fills the device by itself.
    bool saturating = false;
};

// Derives the per-SM constants of `kernel` on `device`. Throws std::invalid_argument when
// the kernel cannot run on the device at all (a block of one warp exceeds a limit) or a
// field is out of range. A kernel with work_items == 0 gets demand_warps == 0.
KernelCosts kernel_costs(const DeviceProfile& device, const KernelProfile& kernel);

// Blocks of `warps` warps one SM holds when nothing else runs there: the occupancy
// calculator's minimum over the block, warp, register and shared-memory limits.
std::int64_t blocks_per_sm_alone(const DeviceProfile& device, const KernelCosts& costs, int warps);

}  // namespace galias::engine::sched
