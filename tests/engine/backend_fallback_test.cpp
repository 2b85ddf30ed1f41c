// `--backend auto` when the GPU fails, on machines without one (a simulated device,
// runtime/backend_factory.hpp): a device that does not start gives the CPU backend; a
// device that runs out of memory retries in the memory-lean mode, then on the CPU; each
// fallback is in Result::notes. With --backend cuda the failure stays the run's error.
#include <gtest/gtest.h>

#include <cstdlib>

#include "analyses/builtin_programs.hpp"
#include "gpu_engine/engine.hpp"
#include "gpu_engine/runtime/backend_factory.hpp"
#include "tests/engine/cpu_operators_backend.hpp"

namespace galias::engine {
namespace {

// A "device" whose allocations fail (as cudaMallocAsync does when the GPU is full): always,
// or only outside the memory-lean mode. Its operators run on a CPU backend.
class FullDevice final : public CpuOperatorsBackend {
public:
    explicit FullDevice(bool fails_when_lean) : fails_when_lean_(fails_when_lean) {}
    std::string description() const override { return "simulated full device"; }
    std::size_t free_memory() const override { return 0; }
    void keep_freed_buffers(bool keep) override { lean_ = !keep; }

protected:
    void* raw_allocate(std::size_t bytes) override {
        if (!lean_ || fails_when_lean_) return nullptr;
        return std::malloc(bytes);
    }
    void raw_release(void* data, std::size_t) override { std::free(data); }

private:
    bool fails_when_lean_;
    bool lean_ = false;
};

// Starts a FullDevice in place of the real backend.
SimulatedDevice full_device(bool fails_when_lean) {
    return SimulatedDevice{[fails_when_lean](sched::SchedMode, double) -> std::unique_ptr<Backend> {
        return std::make_unique<FullDevice>(fails_when_lean);
    }};
}

class BackendFallback : public testing::Test {
protected:
    void TearDown() override {
        simulate_device_for_testing(std::nullopt);
        simulate_host_for_testing(std::nullopt);
    }

    static Result reach(BackendKind backend, bool eager_buffers = true) {
        const auto builtin = analyses::find_builtin_program("reach");
        const Program program = compile_program(builtin->text, std::string(builtin->file));
        Inputs inputs;
        inputs.relations["edge"] = Inputs::Rows{2, {1, 2, 2, 3, 3, 1, 3, 4}};
        EngineOptions options;
        options.backend = backend;
        options.threads = 2;
        options.eager_buffers = eager_buffers;
        return run(program, inputs, options);
    }
};

TEST_F(BackendFallback, ADeviceThatDoesNotStartGivesTheCpu) {
    simulate_device_for_testing(SimulatedDevice{[](sched::SchedMode, double) -> std::unique_ptr<Backend> {
        throw DeviceUnavailable("the CUDA device could not be started: out of memory (cudaSetDevice(0))");
    }});
    const Result result = reach(BackendKind::Auto);
    EXPECT_EQ(result.relation("Reach").size(), 12u);
    EXPECT_EQ(result.backend.rfind("cpu", 0), 0u) << result.backend;
    ASSERT_EQ(result.notes.size(), 1u);
    EXPECT_EQ(
        result.notes[0],
        "the CUDA device could not be started: out of memory (cudaSetDevice(0)); running on the CPU backend "
        "instead");
    // Asked for by name, the device's failure is the run's.
    EXPECT_THROW(reach(BackendKind::Cuda), DeviceUnavailable);
}

TEST_F(BackendFallback, OutOfDeviceMemoryRetriesLeanThenOnTheCpu) {
    simulate_device_for_testing(full_device(/*fails_when_lean=*/true));
    const Result result = reach(BackendKind::Auto);
    EXPECT_EQ(result.relation("Reach").size(), 12u);
    EXPECT_EQ(result.backend.rfind("cpu", 0), 0u) << result.backend;
    ASSERT_EQ(result.notes.size(), 2u);
    EXPECT_NE(result.notes[0].find("the GPU ran out of memory (not enough memory: allocating"),
              std::string::npos)
        << result.notes[0];
    EXPECT_NE(result.notes[0].find("retrying in the memory-lean mode"), std::string::npos) << result.notes[0];
    EXPECT_NE(result.notes[1].find("in the memory-lean mode too"), std::string::npos) << result.notes[1];
    EXPECT_NE(result.notes[1].find("running on the CPU backend instead"), std::string::npos)
        << result.notes[1];
    EXPECT_THROW(reach(BackendKind::Cuda), OutOfMemory);
}

TEST_F(BackendFallback, TheMemoryLeanModeCanBeEnough) {
    simulate_device_for_testing(full_device(/*fails_when_lean=*/false));
    const Result result = reach(BackendKind::Auto);
    EXPECT_EQ(result.relation("Reach").size(), 12u);
    EXPECT_EQ(result.backend, "simulated full device");
    ASSERT_EQ(result.notes.size(), 1u);
    EXPECT_NE(result.notes[0].find("retrying in the memory-lean mode"), std::string::npos) << result.notes[0];
    // Already lean: straight to the CPU.
    simulate_device_for_testing(full_device(/*fails_when_lean=*/true));
    const Result lean = reach(BackendKind::Auto, /*eager_buffers=*/false);
    EXPECT_EQ(lean.relation("Reach").size(), 12u);
    ASSERT_EQ(lean.notes.size(), 1u);
    EXPECT_NE(lean.notes[0].find("in the memory-lean mode"), std::string::npos) << lean.notes[0];
}

// The host backend refuses what would exceed the memory available; its memory-lean mode
// holds less, so a CPU run out of memory with EBM on runs again in it, and says so.
TEST_F(BackendFallback, OutOfHostMemoryRetriesLean) {
    simulate_host_for_testing(full_device(/*fails_when_lean=*/false));
    const Result result = reach(BackendKind::Cpu);
    EXPECT_EQ(result.relation("Reach").size(), 12u);
    ASSERT_EQ(result.notes.size(), 1u);
    EXPECT_NE(result.notes[0].find("the host ran out of memory (not enough memory: allocating"),
              std::string::npos)
        << result.notes[0];
    EXPECT_NE(result.notes[0].find("retrying in the memory-lean mode"), std::string::npos) << result.notes[0];
    // Out of memory when lean too, or already lean: the run's error.
    simulate_host_for_testing(full_device(/*fails_when_lean=*/true));
    EXPECT_THROW(reach(BackendKind::Cpu), OutOfMemory);
    EXPECT_THROW(reach(BackendKind::Cpu, /*eager_buffers=*/false), OutOfMemory);
}

TEST_F(BackendFallback, NoNotesWhenNothingFails) {
    EXPECT_TRUE(reach(BackendKind::Cpu).notes.empty());
    if (!cuda_device_available()) EXPECT_TRUE(reach(BackendKind::Auto).notes.empty());
}

}  // namespace
}  // namespace galias::engine
