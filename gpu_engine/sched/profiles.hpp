#pragma once
// Resource profiles of the concurrency scheduler (docs/SCHEDULING.md): what one
// streaming multiprocessor (SM) offers and what one kernel launch asks of it. Plain data;
// filled from the CUDA runtime by cuda_profiles.cpp in CUDA builds, by hand elsewhere.

#include <cstdint>
#include <string>

namespace galias::engine::sched {

// Per-SM limits of a device. Field comments name the cudaDeviceProp member that fills it.
struct DeviceProfile {
    int sm_count = 0;                          // multiProcessorCount
    int regs_per_sm = 0;                       // R: regsPerMultiprocessor
    int max_warps_per_sm = 0;                  // W: maxThreadsPerMultiProcessor / warpSize
    std::int64_t smem_per_sm = 0;              // S, bytes: sharedMemPerMultiprocessor
    int max_blocks_per_sm = 0;                 // B: maxBlocksPerMultiProcessor
    int warp_size = 32;                        // warpSize
    int max_threads_per_block = 1024;          // maxThreadsPerBlock
    int regs_per_block = 65536;                // regsPerBlock: one block's registers at most
    std::int64_t smem_per_block = 0;           // sharedMemPerBlockOptin; 0 means smem_per_sm
    std::int64_t reserved_smem_per_block = 0;  // reservedSharedMemPerBlock (1 KiB since sm_80)
    // Allocation granularities of the occupancy calculator (not in cudaDeviceProp; the
    // values hold for every architecture since Volta): a warp gets registers in multiples
    // of reg_alloc_unit, a block gets shared memory in multiples of smem_alloc_unit.
    int reg_alloc_unit = 256;
    int smem_alloc_unit = 128;
    // The register file is split among the SM's warp schedulers (four since Volta): a warp
    // takes its registers from one quarter, so an SM holds reg_sub_partitions times the
    // warps one quarter can hold (cuda_occupancy.h, cudaOccMaxBlocksPerSMRegsLimit).
    int reg_sub_partitions = 4;
};

// One kernel launch to be scheduled. Field comments name the cudaFuncAttributes member.
struct KernelProfile {
    std::string name;                         // diagnostics only
    int regs_per_thread = 0;                  // numRegs
    std::int64_t static_smem_per_block = 0;   // sharedSizeBytes
    std::int64_t dynamic_smem_per_block = 0;  // what the launch will pass as dynamic smem
    int max_threads_per_block = 1024;         // maxThreadsPerBlock of the compiled function
    // c_i: threads needed to give every work item its own thread. The engine's kernels
    // are grid-stride loops, so fewer threads still finish the work, in several rounds.
    std::int64_t work_items = 0;
};

// An H100 SXM (sm_90) as cudaGetDeviceProperties reports it: 132 SMs, 64 K registers,
// 64 warps, 228 KiB shared memory and 32 blocks per SM. For tests and benchmarks.
DeviceProfile h100_profile();

// Throws std::invalid_argument naming the first field that is out of range.
void validate(const DeviceProfile& device);

}  // namespace galias::engine::sched
