#pragma once
// Launch shapes are computed at each call site from the work size and passed to kernels
// (grid-stride loops), never stored in data structures: the concurrency scheduler
// (issue 6) replaces these defaults with the shapes its model chooses.

#include <algorithm>
#include <cstdint>

namespace galias::engine::cuda {

struct LaunchShape {
    unsigned grid = 1;
    unsigned block = 256;
};

// Enough blocks to cover `items` once, capped at `waves` resident waves of the device.
inline LaunchShape default_shape(std::uint64_t items, int multiprocessors, unsigned block = 256, unsigned waves = 8) {
    const std::uint64_t needed = (items + block - 1) / block;
    const std::uint64_t cap = static_cast<std::uint64_t>(std::max(1, multiprocessors)) * waves * (2048 / block);
    return LaunchShape{static_cast<unsigned>(std::max<std::uint64_t>(1, std::min(needed, cap))), block};
}

}  // namespace galias::engine::cuda
