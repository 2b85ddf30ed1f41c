// The host backend's cache of freed large buffers: blocks come back for reuse within the
// budget, and lowering the budget (the memory-lean mode, --no-ebm) returns them at once.
#include "gpu_engine/cpu/host_block_cache.hpp"

#include <gtest/gtest.h>

namespace galias::engine::cpu {
namespace {

constexpr std::size_t kBlock = HostBlockCache::kSmallest;

TEST(HostBlockCache, ReusesFreedBlocksWithinItsBudget) {
    HostBlockCache cache(2 * kBlock);
    void* a = cache.allocate(kBlock);
    void* b = cache.allocate(kBlock);
    void* c = cache.allocate(kBlock);
    ASSERT_NE(a, nullptr);
    cache.release(a, kBlock);
    cache.release(b, kBlock);
    cache.release(c, kBlock);  // over the budget: freed, not kept
    EXPECT_EQ(cache.cached_bytes(), 2 * kBlock);
    void* again = cache.allocate(kBlock - 1);  // same size class
    EXPECT_TRUE(again == a || again == b);
    EXPECT_EQ(cache.cached_bytes(), kBlock);
    cache.release(again, kBlock);
}

TEST(HostBlockCache, LoweringTheBudgetReturnsCachedBlocks) {
    HostBlockCache cache(8 * kBlock);
    void* small = cache.allocate(kBlock);
    void* large = cache.allocate(4 * kBlock);
    cache.release(small, kBlock);
    cache.release(large, 4 * kBlock);
    EXPECT_EQ(cache.cached_bytes(), 5 * kBlock);
    cache.set_budget(4 * kBlock);
    EXPECT_LE(cache.cached_bytes(), 4 * kBlock);
    cache.set_budget(0);
    EXPECT_EQ(cache.cached_bytes(), 0u);
    void* block = cache.allocate(kBlock);
    cache.release(block, kBlock);
    EXPECT_EQ(cache.cached_bytes(), 0u) << "a budget of 0 keeps nothing";
    cache.set_budget(kBlock);
    block = cache.allocate(kBlock);
    cache.release(block, kBlock);
    EXPECT_EQ(cache.cached_bytes(), kBlock) << "raising it again keeps blocks again";
}

}  // namespace
}  // namespace galias::engine::cpu
