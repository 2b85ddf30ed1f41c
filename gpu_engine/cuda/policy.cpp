// policy_from_environment(): the one place the CUDA backend reads its switches.
#include "gpu_engine/cuda/policy.hpp"

#include <cstdlib>
#include <cstring>

namespace galias::engine::cuda {

namespace {

// The switch `name` off at exactly "0"; unset or any other value keeps `fallback`.
bool switch_on(const char* name, bool fallback) {
    const char* value = std::getenv(name);
    return value == nullptr ? fallback : std::strcmp(value, "0") != 0;
}

}  // namespace

CudaPolicy policy_from_environment() {
    CudaPolicy policy;
    const char* trace = std::getenv("GALIAS_CUDA_TRACE");
    policy.trace = trace != nullptr && trace[0] == '1';
    policy.tile_ops = switch_on("GALIAS_CUDA_TILE", policy.tile_ops);
    policy.duplicate_filter = switch_on("GALIAS_CUDA_FILTER", policy.duplicate_filter);
    policy.bitmaps = switch_on("GALIAS_CUDA_BITMAP", policy.bitmaps);
    policy.one_pass = switch_on("GALIAS_CUDA_ONE_PASS", policy.one_pass);
    policy.optimistic = switch_on("GALIAS_CUDA_OPTIMISTIC", policy.optimistic);
    if (const char* mode = std::getenv("GALIAS_CUDA_DIFFERENCE")) {
        if (std::strcmp(mode, "search") == 0)
            policy.difference = DifferenceMode::kSearch;
        else if (std::strcmp(mode, "merge") == 0)
            policy.difference = DifferenceMode::kMerge;
        else
            policy.difference = DifferenceMode::kAuto;
    }
    policy.dependent_launches = switch_on("GALIAS_CUDA_PDL", policy.dependent_launches);
    return policy;
}

}  // namespace galias::engine::cuda
