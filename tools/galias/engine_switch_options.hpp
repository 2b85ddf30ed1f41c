#pragma once
// The CUDA backend's switches on the command line (engine::CudaSwitches), declared once for
// every command that runs the engine (run, and the report commands through
// report_options.hpp), and the batch priority of `galias run --batch`. They are for
// comparisons and tests (gpu_engine/cuda/policy.hpp says why each is kept); the CPU backend
// has none of these strategies and ignores them.

#include <CLI/CLI.hpp>
#include <array>
#include <string>
#include <vector>

#include "gpu_engine/engine.hpp"

namespace galias::tool {

struct EngineSwitchOptions {
    bool cuda_trace = false;
    std::vector<std::string> cuda_off;  // names from cuda_off_names()
    std::string cuda_difference = "auto";
    std::string batch_priority = "size";

    // What --cuda-off takes: each name turns off one strategy of the CUDA backend.
    struct Strategy {
        const char* name;
        bool engine::CudaSwitches::*on;
    };
    static constexpr std::array<Strategy, 6> kStrategies{{
        {"tile", &engine::CudaSwitches::tile_ops},
        {"filter", &engine::CudaSwitches::duplicate_filter},
        {"bitmap", &engine::CudaSwitches::bitmaps},
        {"one-pass", &engine::CudaSwitches::one_pass},
        {"optimistic", &engine::CudaSwitches::optimistic},
        {"pdl", &engine::CudaSwitches::dependent_launches},
    }};
    static std::vector<std::string> cuda_off_names() {
        std::vector<std::string> names;
        names.reserve(kStrategies.size());
        for (const Strategy& strategy : kStrategies) names.emplace_back(strategy.name);
        return names;
    }

    // --cuda-trace, --cuda-off (repeatable, or a comma-separated list) and --cuda-difference
    // on `app`; with `batch` also --batch-priority. An unknown name is a usage error.
    void declare(CLI::App& app, bool batch) {
        const char* cpu = " (CUDA backend only; the CPU backend ignores it)";
        app.add_flag("--cuda-trace", cuda_trace,
                     std::string("Print per-kernel times, bytes and counters of the CUDA backend on stderr "
                                 "when it ends") +
                         cpu);
        app.add_option(
               "--cuda-off", cuda_off,
               std::string("Turn a strategy of the CUDA backend off, for comparisons (repeatable): tile "
                           "(one-block kernels for small relations), filter (duplicate pre-filter of "
                           "join output), bitmap (tuple sets as bitmaps), one-pass (joins into "
                           "bitmap sets in one pass), optimistic (one-pass joins with less room than their "
                           "bound), pdl (programmatic dependent launches)") +
                   cpu)
            ->delimiter(',')
            ->check(CLI::IsMember(cuda_off_names()));
        app.add_option(
               "--cuda-difference", cuda_difference,
               std::string("How the CUDA backend's difference finds absent rows: auto (one-block kernel, "
                           "binary search or merge path, whichever reads least), search (always a "
                           "binary search), merge (always the merge path, no fused unique difference)") +
                   cpu)
            ->check(CLI::IsMember({"auto", "search", "merge"}));
        if (batch)
            app.add_option("--batch-priority", batch_priority,
                           "With --batch, jobs side by side on the GPU: size (the smallest job's streams get "
                           "the greatest priority: shortest job first) or none (every job the default "
                           "priority, for comparisons)")
                ->check(CLI::IsMember({"size", "none"}));
    }

    [[nodiscard]] engine::CudaSwitches cuda() const {
        engine::CudaSwitches switches;
        switches.trace = cuda_trace;
        for (const std::string& name : cuda_off)
            for (const Strategy& strategy : kStrategies)
                if (name == strategy.name) switches.*strategy.on = false;
        using Difference = engine::CudaSwitches::Difference;
        switches.difference = cuda_difference == "search"  ? Difference::kSearch
                              : cuda_difference == "merge" ? Difference::kMerge
                                                           : Difference::kAuto;
        return switches;
    }

    // The switches and the batch priority into `options`.
    void apply(engine::EngineOptions& options) const {
        options.cuda = cuda();
        options.batch_priority = batch_priority == "none" ? engine::EngineOptions::BatchPriority::None
                                                          : engine::EngineOptions::BatchPriority::BySize;
    }
};

}  // namespace galias::tool
