// Time to solve the scheduler's models (docs/SCHEDULING.md) on an H100 profile (132 SMs, 64 K
// registers, 64 warps, 228 KiB shared memory and 32 blocks per SM) for 2, 5, 8, 16 and
// 32 kernels (and 64, 128: above 32 the batch model is first-fit decreasing, see
// BatchOptions::column_generation_limit). The seed paper reports 0.08-1.5 ms per solve.
//
//   kernel  the kernel-level DP on kernels that fit the SMs together (about 70 % of an
//           SM's warps split among the n kernels, 16-40 registers, up to 4 KiB shared
//           memory per block): the case where it alone decides the launches
//   small   the same with blocks of at most 64-256 threads (kernels compiled with
//           __launch_bounds__, or heavy register use): several shapes per kernel, so the
//           DP has choices to make; ~85 % of the SM's warps, so some sets do not fit
//   batch   the batch-level model (column generation) on kernels that do not all fit
//           together: 2-32 warps per SM each, 24-72 registers, up to 16 KiB per block
//           (about two kernels per batch)
//   plan    plan_concurrent_launches(--sched model) on the batch workload: costs,
//           kernel-level attempt, batch model, and the kernel-level DP in every batch
//
// Each of --instances random workloads (fixed seed) per size is solved --repeat times;
// a workload's time is its median; the table gives the median and the maximum over
// workloads, plus the batch model's mean batches, LP bound and gap. Wall-clock times;
// the CPU time of the whole run is printed too, since the machine may be shared.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "gpu_engine/sched/batch_model.hpp"
#include "gpu_engine/sched/kernel_model.hpp"
#include "gpu_engine/sched/plan.hpp"

using namespace galias::engine::sched;

namespace {

struct Options {
    int repeat = 5;
    int instances = 40;
    unsigned seed = 6;
};

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const int value = std::atoi(argv[i + 1]);
        if (flag == "--repeat")
            options.repeat = std::max(1, value);
        else if (flag == "--instances")
            options.instances = std::max(1, value);
        else if (flag == "--seed")
            options.seed = static_cast<unsigned>(value);
        else {
            std::fprintf(stderr, "usage: %s [--repeat N] [--instances N] [--seed N]\n", argv[0]);
            std::exit(2);
        }
    }
    return options;
}

int pick(std::mt19937& rng, int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
}

KernelProfile kernel_with_demand(std::mt19937& rng, const DeviceProfile& device, int warps, int regs_lo,
                                 int regs_hi, int smem_max_kib) {
    KernelProfile kernel;
    kernel.regs_per_thread = pick(rng, regs_lo, regs_hi);
    kernel.static_smem_per_block = smem_max_kib == 0 ? 0 : 256 * pick(rng, 0, smem_max_kib * 4);
    kernel.max_threads_per_block = 1024;
    // Enough items for `warps` warps on every SM, minus a ragged end.
    kernel.work_items =
        std::int64_t{warps} * device.sm_count * device.warp_size - pick(rng, 0, device.warp_size - 1);
    return kernel;
}

// n kernels sharing `percent` % of an SM's warps: the kernel-level workloads. With
// small_blocks, blocks of at most 2-8 warps.
std::vector<KernelProfile> fitting_workload(std::mt19937& rng, const DeviceProfile& device, int n,
                                            int percent, bool small_blocks) {
    const int total = std::max(n, device.max_warps_per_sm * percent / 100);
    std::vector<int> warps(static_cast<std::size_t>(n), 1);
    for (int extra = total - n; extra > 0; --extra) ++warps[static_cast<std::size_t>(pick(rng, 0, n - 1))];
    std::vector<KernelProfile> kernels;
    for (int w : warps) {
        kernels.push_back(kernel_with_demand(rng, device, w, 16, 40, 4));
        if (small_blocks) kernels.back().max_threads_per_block = 32 * pick(rng, 2, 8);
    }
    return kernels;
}

std::vector<KernelProfile> batch_workload(std::mt19937& rng, const DeviceProfile& device, int n) {
    std::vector<KernelProfile> kernels;
    for (int i = 0; i < n; ++i)
        kernels.push_back(kernel_with_demand(rng, device, pick(rng, 2, 32), 24, 72, 16));
    return kernels;
}

std::vector<KernelCosts> costs_of(const DeviceProfile& device, const std::vector<KernelProfile>& kernels) {
    std::vector<KernelCosts> costs;
    for (const KernelProfile& k : kernels) costs.push_back(kernel_costs(device, k));
    return costs;
}

template <class Fn>
double median_seconds(int repeat, Fn&& fn) {
    std::vector<double> times;
    for (int r = 0; r < repeat; ++r) {
        const auto start = std::chrono::steady_clock::now();
        fn();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

struct Summary {
    std::vector<double> times;
    double median_ms() {
        std::sort(times.begin(), times.end());
        return times[times.size() / 2] * 1e3;
    }
    double max_ms() const { return *std::max_element(times.begin(), times.end()) * 1e3; }
};

}  // namespace

int main(int argc, char** argv) {
    const Options options = parse(argc, argv);
    const DeviceProfile device = h100_profile();
    const std::clock_t cpu_start = std::clock();
    std::printf("H100 profile: %d SMs, R=%d, W=%d, S=%lld B, B=%d; %d workloads x %d repeats per size\n\n",
                device.sm_count, device.regs_per_sm, device.max_warps_per_sm,
                static_cast<long long>(device.smem_per_sm), device.max_blocks_per_sm, options.instances,
                options.repeat);
    std::printf(
        "| kernels | kernel-level ms (median / max) | fit together | small blocks: kernel-level ms "
        "(median / max) | fit together | batch-level ms (median / max) | batches (mean) | LP bound (mean) "
        "| gap 0 | rounds (mean) | plan ms (median / max) |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int n : {2, 5, 8, 16, 32, 64, 128}) {
        std::mt19937 rng(options.seed * 1000U + static_cast<unsigned>(n));
        Summary kernel_level;
        Summary small_blocks;
        int small_feasible = 0;
        Summary batch_level;
        Summary plan;
        int feasible = 0;
        int gap_zero = 0;
        double batches = 0;
        double lp_bound = 0;
        double rounds = 0;
        for (int instance = 0; instance < options.instances; ++instance) {
            const std::vector<KernelCosts> fitting =
                costs_of(device, fitting_workload(rng, device, n, 70, false));
            KernelLevelResult solved;
            kernel_level.times.push_back(
                median_seconds(options.repeat, [&] { solved = solve_kernel_level(device, fitting); }));
            feasible += solved.feasible;
            const std::vector<KernelCosts> small =
                costs_of(device, fitting_workload(rng, device, n, 85, true));
            small_blocks.times.push_back(
                median_seconds(options.repeat, [&] { solved = solve_kernel_level(device, small); }));
            small_feasible += solved.feasible;

            const std::vector<KernelProfile> profiles = batch_workload(rng, device, n);
            const std::vector<KernelCosts> costs = costs_of(device, profiles);
            BatchPlan packed;
            batch_level.times.push_back(
                median_seconds(options.repeat, [&] { packed = solve_batch_level(device, costs); }));
            batches += static_cast<double>(packed.batches.size());
            lp_bound += packed.lp_bound;
            rounds += packed.rounds;
            gap_zero += packed.gap() == 0;
            plan.times.push_back(
                median_seconds(options.repeat, [&] { (void)plan_concurrent_launches(device, profiles); }));
        }
        const double count = options.instances;
        std::printf(
            "| %d | %.3f / %.3f | %d/%d | %.3f / %.3f | %d/%d | %.3f / %.3f | %.2f | %.2f | %d/%d | %.1f | "
            "%.3f / %.3f |\n",
            n, kernel_level.median_ms(), kernel_level.max_ms(), feasible, options.instances,
            small_blocks.median_ms(), small_blocks.max_ms(), small_feasible, options.instances,
            batch_level.median_ms(), batch_level.max_ms(), batches / count, lp_bound / count, gap_zero,
            options.instances, rounds / count, plan.median_ms(), plan.max_ms());
    }
    std::printf("\nCPU time of the whole run: %.2f s\n",
                static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC);
    return 0;
}
