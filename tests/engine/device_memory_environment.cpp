// The GPU tests end like the galias tool does: with engine::release_device_memory(), so
// that compute-sanitizer's leak check (bench/cuda/compute_sanitizer.sh) sees every device
// allocation freed at exit, and a block left allocated by a backend is a finding.
#include <gtest/gtest.h>

#include "gpu_engine/engine.hpp"

namespace {

class DeviceMemoryEnvironment : public ::testing::Environment {
public:
    void TearDown() override { galias::engine::release_device_memory(); }
};

[[maybe_unused]] const auto* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new DeviceMemoryEnvironment);

}  // namespace
