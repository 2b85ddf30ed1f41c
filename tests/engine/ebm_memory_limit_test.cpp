// EBM under the CPU backend's memory limit: where the room it reserves for speed (growth
// room in merge buffers, spare buffers, old versions, kept blocks) would exceed the limit
// but the exact need fits, EBM gives way to the memory-lean mode within the run: one
// attempt, no retry note, the same results as without a limit. Only where even the exact
// need does not fit is the run out of memory.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <random>

#include "analyses/builtin_programs.hpp"
#include "gpu_engine/cpu/cpu_backend.hpp"
#include "gpu_engine/engine.hpp"
#include "gpu_engine/runtime/backend_factory.hpp"
#include "tests/engine/cpu_operators_backend.hpp"
#include "tests/engine/engine_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::engine {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// Reachability in a random graph whose closure is nearly complete: 2,600 nodes give 6.4 M
// pairs, 51 MB per column order, so that relation buffers with EBM's room, and the join
// output batches, are above the size from which the CPU backend checks allocations against
// its limit (64 MiB). `Cycle` (edges on a cycle) grows with Reach, so the third rule has
// two recursive atoms: one of its variants reads Reach as old, and with EBM Reach keeps old
// versions (in two column orders) as well as growth room. EBM's buffers peak at 431 MB,
// the memory-lean mode's at 319 MB.
constexpr const char* kProgram = R"(
.decl edge(x: number, y: number)
.input edge
.decl Reach(x: number, y: number)
.decl Cycle(x: number, y: number)
.output Reach
.output Cycle
Reach(x, y) :- edge(x, y).
Reach(x, y) :- Reach(x, z), edge(z, y).
Reach(x, y) :- Reach(x, z), Cycle(z, y).
Cycle(x, y) :- edge(x, y), Reach(y, x).
)";

constexpr std::uint32_t kNodes = 2600;

Inputs random_graph() {
    std::mt19937 rng(26);
    std::uniform_int_distribution<std::uint32_t> node(0, kNodes - 1);
    Inputs inputs;
    Inputs::Rows& edges = inputs.relations["edge"];
    edges.arity = 2;
    for (std::uint32_t from = 0; from < kNodes; ++from) {
        for (int e = 0; e < 3; ++e) {
            edges.cells.push_back(from);
            edges.cells.push_back(node(rng));
        }
    }
    return inputs;
}

class EbmMemoryLimit : public testing::Test {
protected:
    void TearDown() override { simulate_host_for_testing(std::nullopt); }

    // The CPU backend (2 threads) with this memory limit, as `run` starts it.
    static void limit_host_memory(std::size_t bytes) {
        simulate_host_for_testing(
            SimulatedDevice{[bytes](sched::SchedMode mode, double) -> std::unique_ptr<Backend> {
                return std::make_unique<cpu::CpuBackend>(2, mode, bytes);
            }});
    }

    static Result reach(bool eager_buffers = true) {
        const Program program = compile_program(kProgram, "reach_cycles.dl");
        EngineOptions options;
        options.backend = BackendKind::Cpu;
        options.threads = 2;
        options.eager_buffers = eager_buffers;
        return run(program, random_graph(), options);
    }
};

TEST_F(EbmMemoryLimit, GivesWayInsteadOfStartingOver) {
    const Result unlimited = reach();
    EXPECT_TRUE(unlimited.notes.empty());
    EXPECT_FALSE(unlimited.stats.ebm_gave_way);
    const Result lean = reach(/*eager_buffers=*/false);
    // The limit: above what the memory-lean mode needs, below what EBM reserves.
    ASSERT_GT(unlimited.stats.peak_bytes, lean.stats.peak_bytes + 64 * kMiB);
    const std::size_t limit = lean.stats.peak_bytes + 32 * kMiB;

    limit_host_memory(limit);
    const Result limited = reach();
    EXPECT_TRUE(limited.notes.empty()) << limited.notes.front();  // one attempt, no retry
    EXPECT_TRUE(limited.stats.eager_buffers);
    EXPECT_TRUE(limited.stats.ebm_gave_way);
    EXPECT_LE(limited.stats.peak_bytes, limit);
    for (const char* name : {"Reach", "Cycle"}) {
        EXPECT_EQ(limited.relation(name).size(), unlimited.relation(name).size()) << name;
        EXPECT_EQ(limited.relation(name).rows, unlimited.relation(name).rows) << name;
    }
}

TEST_F(EbmMemoryLimit, OutOfMemoryOnlyWhereTheExactNeedDoesNotFit) {
    limit_host_memory(96 * kMiB);
    EXPECT_THROW(reach(), OutOfMemory);
}

// A host under simulated memory pressure, for giving way at any point of a run: its
// operators are a CPU backend's (lanes included), its allocations plain malloc. From its
// `at`-th allocation on it reports no free memory, so that EBM's next merge finds no room;
// with `relieve`, that allocation also asks the engine to make room first, as the CPU
// backend does when an allocation would exceed its limit (from whichever lane allocates).
// No in-place merge: after giving way, merges go into exact second buffers (the real CPU
// backend's in-place merges are what the tests above run).
class PressuredHost final : public CpuOperatorsBackend, public LaneSet, public MemoryPressure {
public:
    PressuredHost(sched::SchedMode mode, std::size_t at, bool relieve)
        : CpuOperatorsBackend(mode), mode_(mode), at_(at), relieve_at_(relieve) {}
    std::string description() const override { return "host under memory pressure"; }
    std::size_t free_memory() const override { return allocations_ >= at_ ? 0 : std::size_t{1} << 30; }
    bool host_accessible() const override { return true; }
    BackendCapabilities capabilities() override {
        BackendCapabilities capabilities;
        if (mode_ != sched::SchedMode::kOff) capabilities.lanes = this;
        capabilities.memory_pressure = this;
        return capabilities;
    }
    std::size_t count() const override { return 3; }
    Backend& lane(std::size_t /*index*/) override { return *this; }
    void on_memory_pressure(std::function<void()> relieve) override {
        std::lock_guard lock(mutex_);
        relieve_ = std::move(relieve);
    }

protected:
    void* raw_allocate(std::size_t bytes) override {
        if (++allocations_ == at_ && relieve_at_) {
            std::lock_guard lock(mutex_);
            if (relieve_) relieve_();
        }
        return std::malloc(bytes);
    }
    void raw_release(void* data, std::size_t) override { std::free(data); }

private:
    sched::SchedMode mode_;
    std::size_t at_;
    bool relieve_at_;
    std::atomic<std::size_t> allocations_{0};
    std::mutex mutex_;
    std::function<void()> relieve_;
};

// EBM giving way anywhere in a run (inside a rule on any lane, between the column orders
// of a merge, in a stratum's last folds; with old versions, deferred merges and tuple
// sets) leaves every relation as the reference evaluator computes it, in one attempt.
TEST_F(EbmMemoryLimit, GivingWayAnywhereKeepsTheResults) {
    std::mt19937 rng(2626);
    int gave_way = 0;
    int runs = 0;
    for (const char* name : {"cspa", "cspa_linear", "andersen", "reach", "sg"}) {
        const std::string text(analyses::find_builtin_program(name)->text);
        const Program program = compile_program(text, name);
        for (int k = 0; k < 20; ++k, ++runs) {
            const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(4, 30)(rng);
            const auto inputs = test::random_program_inputs(program, rng, {.values = nodes, .tuples = 40});
            EngineOptions options = test::random_options(rng);
            options.eager_buffers = true;
            const sched::SchedMode mode = *options.sched;
            const auto pressured = [&](std::size_t at, bool relieve) {
                simulate_host_for_testing(SimulatedDevice{
                    [at, relieve, mode](sched::SchedMode, double) -> std::unique_ptr<Backend> {
                        return std::make_unique<PressuredHost>(mode, at, relieve);
                    }});
            };
            // Under pressure from an allocation of the run, drawn from those it makes.
            auto symbols = std::make_shared<facts::StringInterner>();
            pressured(SIZE_MAX, false);
            const std::size_t allocations =
                run(program, test::make_inputs(inputs, symbols), options).stats.allocations;
            const std::size_t at =
                std::uniform_int_distribution<std::size_t>(1, std::max<std::size_t>(allocations, 1))(rng);
            const bool relieve = std::uniform_int_distribution<int>(0, 1)(rng) == 1;
            pressured(at, relieve);
            const Result result = run(program, test::make_inputs(inputs, symbols), options);
            const std::string label = std::string(name) + " case " + std::to_string(k) + " (allocation " +
                                      std::to_string(at) + (relieve ? ", relieved" : "") + ")";
            ASSERT_TRUE(result.notes.empty()) << label << ": " << result.notes.front();
            gave_way += result.stats.ebm_gave_way ? 1 : 0;
            for (const auto& [relation, tuples] : test::reference_evaluate(text, inputs, *symbols))
                ASSERT_EQ(test::to_set(result.relation(relation)), tuples)
                    << label << ": relation " << relation;
        }
    }
    EXPECT_GT(gave_way, runs / 2);
}

}  // namespace
}  // namespace galias::engine
