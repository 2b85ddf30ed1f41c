#pragma once
// The backends that a test program runs its backend-parameterized suites on
// (operators_test.cpp, value_codes_backend_test.cpp). Those suites are compiled once, into
// an object library that both engine test programs link; each program links one
// definition of backends_under_test(): engine_tests the CPU backend (cpu_backend_list.cpp),
// engine_gpu_tests the CUDA backend under its default switches and under the plain ones
// (cuda_backend_list.cpp), so that the CTest label "gpu" still marks exactly the tests that
// need a GPU.

#include <gtest/gtest.h>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gpu_engine/engine.hpp"

namespace galias::test {

// A backend, and the switches the CUDA backend runs under (engine::CudaSwitches; the CPU
// backend ignores them).
struct BackendUnderTest {
    engine::BackendKind kind = engine::BackendKind::Cpu;
    engine::CudaSwitches cuda;
    std::string name;  // the test name's suffix: "cpu", "cuda", "cuda_plain", ...

    [[nodiscard]] bool is_cuda() const { return kind == engine::BackendKind::Cuda; }
    // Whether the CUDA backend may take the one pass into bitmap sets (join_into_set,
    // join_distinct): with bitmaps and the one pass on. The CPU backend always may.
    [[nodiscard]] bool one_pass_into_bitmaps() const { return !is_cuda() || (cuda.bitmaps && cuda.one_pass); }
};

inline void PrintTo(const BackendUnderTest& backend, std::ostream* os) {
    *os << backend.name;
}

std::vector<BackendUnderTest> backends_under_test();

// Why `kind` cannot run on this machine, for GTEST_SKIP(); nothing when it can.
inline std::optional<std::string> backend_unavailable(engine::BackendKind kind) {
    if (kind != engine::BackendKind::Cuda) return std::nullopt;
    if (!engine::cuda_backend_built()) return "galias was built without the CUDA backend";
    if (!engine::cuda_device_available()) return "no CUDA device";
    return std::nullopt;
}

// Test names end in the backend's name: "/cpu", "/cuda", "/cuda_plain", ...
inline std::string backend_test_name(const ::testing::TestParamInfo<BackendUnderTest>& info) {
    return info.param.name;
}

}  // namespace galias::test
