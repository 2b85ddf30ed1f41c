#pragma once
// The scheduler's interface for the executor and the CUDA backend (docs/SCHEDULING.md,
// "Interface"). Given kernels that are independent of each other (they may all run at
// the same time), plan_concurrent_launches() returns batches: the launches of a batch go
// on separate streams at once; a batch starts when the previous one has finished.
//
//   --sched off      every kernel its own batch, default launch shape (sequential)
//   --sched streams  one batch of all kernels, default launch shapes (no planning)
//   --sched model    the kernel-level model; if infeasible, the batch-level model, then
//                    the kernel-level model in each batch for the launch shapes
//
// Host-only: profiles come from the CUDA runtime through cuda_profiles.hpp.

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gpu_engine/sched/batch_model.hpp"
#include "gpu_engine/sched/costs.hpp"
#include "gpu_engine/sched/profiles.hpp"
#include "gpu_engine/sched/shapes.hpp"

namespace galias::engine::sched {

enum class SchedMode { kOff, kStreams, kModel };

std::optional<SchedMode> parse_sched_mode(std::string_view text);  // "off" | "streams" | "model"
std::string_view sched_mode_name(SchedMode mode);

struct Launch {
    std::size_t kernel = 0;  // index into the planned kernels
    unsigned grid = 0;       // blocks of the launch
    unsigned block = 0;      // threads per block, a multiple of the warp size
    // The model's per-SM shape (b_i blocks of w_i warps on every SM); {0, 0} in modes off
    // and streams.
    Shape per_sm;
    // grid * block >= work_items: one thread per work item. When false the kernel's
    // grid-stride loop gives threads several items (a saturating kernel, or the default
    // shape's cap on resident waves).
    bool covers_work = false;
};

struct Batch {
    std::vector<Launch> launches;  // by increasing kernel index
    ResourceUse per_sm;            // the model's per-SM use; zero in modes off and streams
};

struct PlanStats {
    SchedMode mode = SchedMode::kModel;
    bool fits_one_batch = false;  // model: all kernels fit the SMs together
    BatchPlan batch;              // model, when they did not: the batch model's report
    double solve_seconds = 0;     // wall time of plan_concurrent_launches
};

struct Schedule {
    std::vector<Batch> batches;        // in launch order
    std::vector<std::size_t> skipped;  // kernels with work_items == 0: not launched
    PlanStats stats;
};

struct PlanOptions {
    SchedMode mode = SchedMode::kModel;
    // The default launch shape of modes off and streams, as cuda::default_shape: blocks
    // of default_block threads, enough to cover the work once but at most default_waves
    // times what the device holds resident.
    unsigned default_block = 256;
    unsigned default_waves = 8;
    BatchOptions batch;
};

// The launch of one kernel in modes off and streams: blocks of options.default_block
// threads, enough to cover the work once but at most options.default_waves resident waves.
Launch default_launch(const DeviceProfile& device, const KernelProfile& kernel, const PlanOptions& options);

// Throws std::invalid_argument for an invalid device profile or a kernel that cannot run
// on the device (kernel_costs()).
Schedule plan_concurrent_launches(const DeviceProfile& device, std::span<const KernelProfile> kernels,
                                  const PlanOptions& options = {});

}  // namespace galias::engine::sched
