// The CPU backend refuses an allocation that, with the buffers it already holds, would
// exceed its memory limit: reserved-but-untouched capacity does not show in MemAvailable,
// so checking each allocation against the free memory alone let runs reach the OOM killer.
#include <gtest/gtest.h>

#include "gpu_engine/cpu/cpu_backend.hpp"

namespace galias::engine {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

TEST(CpuMemoryLimit, CountsBuffersAlreadyHeld) {
    cpu::CpuBackend backend(1, sched::SchedMode::kOff, 256 * kMiB);
    Buffer first = backend.allocate(160 * kMiB);  // never touched: MemAvailable does not see it
    ASSERT_NE(first.get(), nullptr);
    EXPECT_THROW((void)backend.allocate(160 * kMiB), OutOfMemory);
    Buffer small = backend.allocate(32 * kMiB);  // below the limit with the first one
    EXPECT_NE(small.get(), nullptr);
    first.reset();
    Buffer again = backend.allocate(160 * kMiB);  // room once the first is given back
    EXPECT_NE(again.get(), nullptr);
}

TEST(CpuMemoryLimit, GrowingABufferCountsTheGrowth) {
    cpu::CpuBackend backend(1, sched::SchedMode::kOff, 256 * kMiB);
    Buffer buffer = backend.allocate(128 * kMiB);
    EXPECT_THROW(backend.reallocate(buffer, 300 * kMiB), OutOfMemory);
    EXPECT_EQ(buffer.bytes(), 128 * kMiB);  // a refused growth leaves the buffer as it was
    backend.reallocate(buffer, 200 * kMiB);
    EXPECT_EQ(buffer.bytes(), 200 * kMiB);
}

}  // namespace
}  // namespace galias::engine
