#pragma once
// The backends that a test program runs its backend-parameterized suites on
// (operators_test.cpp, value_codes_backend_test.cpp). Those suites are compiled once, into
// an object library that both engine test programs link; each program links one
// definition of backends_under_test(): engine_tests the CPU backend (cpu_backend_list.cpp),
// engine_gpu_tests the CUDA backend (cuda_backend_list.cpp), so that the CTest label "gpu"
// still marks exactly the tests that need a GPU.

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "gpu_engine/engine.hpp"

namespace galias::test {

std::vector<engine::BackendKind> backends_under_test();

// Why `kind` cannot run on this machine, for GTEST_SKIP(); nothing when it can.
inline std::optional<std::string> backend_unavailable(engine::BackendKind kind) {
    if (kind != engine::BackendKind::Cuda) return std::nullopt;
    if (!engine::cuda_backend_built()) return "galias was built without the CUDA backend";
    if (!engine::cuda_device_available()) return "no CUDA device";
    return std::nullopt;
}

// Test names end in the backend's name: "/cpu", "/cuda".
inline std::string backend_test_name(const ::testing::TestParamInfo<engine::BackendKind>& info) {
    return engine::backend_name(info.param);
}

}  // namespace galias::test
