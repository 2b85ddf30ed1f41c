// CUDA backend parity: on random inputs every relation of cspa, andersen, reach and sg is
// identical (same sorted rows) between the CPU and CUDA backends, and equal to the
// reference evaluator on the small ones. Skips with a message when no GPU is present.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "analyses/builtin_programs.hpp"
#include "gpu_engine/runtime/backend_factory.hpp"
#include "tests/engine/engine_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

// GALIAS_GPU_TEST_CASES lowers the count (compute-sanitizer runs are ~100x slower).
int cases_per_program() {
    const char* env = std::getenv("GALIAS_GPU_TEST_CASES");
    return env != nullptr ? std::max(1, std::atoi(env)) : 50;
}

class GpuParity : public ::testing::Test {
protected:
    void SetUp() override {
        if (!engine::cuda_device_available())
            GTEST_SKIP() << "no CUDA device (or built without the CUDA backend): GPU parity tests skipped";
    }
};

// Uniform pairs, with a 32-bit extreme in about one in fifty.
TupleSet random_pairs_with_extremes(std::mt19937& rng, std::uint32_t nodes, std::uint32_t edges) {
    return random_relation(rng, {.values = nodes, .tuples = edges, .extremes = Extremes::FirstColumn});
}

// The CUDA run cycles through the --sched modes (case number % 3): rules on one stream,
// on several streams, and on several streams with modelled launch shapes.
engine::sched::SchedMode sched_for_case(int c) {
    const engine::sched::SchedMode modes[] = {
        engine::sched::SchedMode::kModel, engine::sched::SchedMode::kOff, engine::sched::SchedMode::kStreams};
    return modes[c % 3];
}

// The GPU deduplicates linear relations (REACH, SG) with a tuple hash set by default;
// every other pair of cases takes the sorted runs instead.
engine::EngineOptions::LinearDedup dedup_for_case(int c) {
    return (c / 2) % 2 == 0 ? engine::EngineOptions::LinearDedup::Auto
                            : engine::EngineOptions::LinearDedup::Sort;
}

// Each program's random inputs, small (20 nodes, also checked against the reference
// evaluator) or larger: the same shapes for every test that runs the program.
std::map<std::string, TupleSet> reach_inputs(std::mt19937& rng, bool small) {
    return {{"edge", random_pairs_with_extremes(rng, small ? 20 : 400, small ? 40 : 900)}};
}
std::map<std::string, TupleSet> sg_inputs(std::mt19937& rng, bool small) {
    return {{"edge", random_pairs_with_extremes(rng, small ? 20 : 300, small ? 40 : 700)}};
}
std::map<std::string, TupleSet> cspa_inputs(std::mt19937& rng, bool small) {
    const std::uint32_t nodes = small ? 20 : 120;
    return {{"assign", random_pairs_with_extremes(rng, nodes, small ? 30 : 120)},
            {"dereference", random_pairs_with_extremes(rng, nodes, small ? 15 : 50)}};
}
std::map<std::string, TupleSet> andersen_inputs(std::mt19937& rng, bool small) {
    const std::uint32_t nodes = small ? 20 : 150;
    const std::uint32_t e = small ? 15 : 100;
    return {{"addressOf", random_pairs_with_extremes(rng, nodes, e)},
            {"assign", random_pairs_with_extremes(rng, nodes, e)},
            {"load", random_pairs_with_extremes(rng, nodes, e / 2)},
            {"store", random_pairs_with_extremes(rng, nodes, e / 2)}};
}

// `cuda`: the CUDA backend's switches (defaults: every strategy on).
void check_parity(const std::string& name, const std::map<std::string, TupleSet>& inputs, bool with_reference,
                  std::uint64_t batch_bytes, engine::sched::SchedMode sched,
                  engine::EngineOptions::LinearDedup dedup = engine::EngineOptions::LinearDedup::Auto,
                  const engine::CudaSwitches& cuda = {}) {
    const std::string text(analyses::find_builtin_program(name)->text);
    const engine::Program program = engine::compile_program(text, name + ".dl");
    auto symbols = std::make_shared<facts::StringInterner>();
    engine::EngineOptions cpu;
    cpu.backend = engine::BackendKind::Cpu;
    cpu.batch_bytes = batch_bytes;
    engine::EngineOptions gpu = cpu;
    gpu.backend = engine::BackendKind::Cuda;
    gpu.sched = sched;
    gpu.linear_dedup = dedup;
    gpu.min_lane_work = 0;  // lanes even for these small inputs
    gpu.cuda = cuda;
    const engine::Result on_cpu = engine::run(program, make_inputs(inputs, symbols), cpu);
    const engine::Result on_gpu = engine::run(program, make_inputs(inputs, symbols), gpu);
    if (std::getenv("GALIAS_GPU_TEST_VERBOSE") != nullptr)
        std::printf("%s: cpu %.3f s, gpu %.3f s, %llu iterations\n", name.c_str(), on_cpu.stats.total_seconds,
                    on_gpu.stats.total_seconds, static_cast<unsigned long long>(on_gpu.stats.iterations_run));
    std::map<std::string, TupleSet> expected;
    if (with_reference) expected = reference_evaluate(text, inputs, *symbols);
    for (const engine::RelationResult& relation : on_cpu.relations) {
        const engine::RelationResult& other = on_gpu.relation(relation.name);
        ASSERT_EQ(relation.rows, other.rows)
            << name << ": relation " << relation.name << " differs between backends (" << relation.size()
            << " vs " << other.size() << " tuples, sched " << engine::sched::sched_mode_name(sched)
            << ", dedup " << (dedup == engine::EngineOptions::LinearDedup::Sort ? "sort" : "auto")
            << (cuda == engine::CudaSwitches{} ? "" : ", CUDA strategies switched off") << ")";
        if (with_reference)
            ASSERT_EQ(to_set(relation), expected.at(relation.name)) << name << ": " << relation.name;
    }
}

TEST_F(GpuParity, Reach) {
    std::mt19937 rng(21);
    for (int c = 0; c < cases_per_program(); ++c) {
        const bool small = c % 3 == 0;
        check_parity("reach", reach_inputs(rng, small), small, c % 2 ? 0 : 4096, sched_for_case(c),
                     dedup_for_case(c));
        if (HasFatalFailure()) return;
    }
}

// A rule may derive a value no input holds (a head constant). The CUDA backend packs sort
// keys to the width of the largest value it was promised (Backend::set_value_bound), so
// that bound must count the program's constants: here 3,000,000 needs 22 bits, the inputs
// 9. Relations of thousands of tuples take the radix paths, not only the one-block ones.
TEST_F(GpuParity, HeadConstantWiderThanEveryInput) {
    const std::string text = R"(
.decl edge(x: number, y: number)
.input edge
.decl Tagged(x: number, y: number)
.output Tagged
Tagged(x, 3000000) :- edge(x, _).
Tagged(x, y) :- edge(x, y).
Tagged(x, y) :- Tagged(x, z), edge(z, y).
)";
    const engine::Program program = engine::compile_program(text, "tagged.dl");
    std::mt19937 rng(27);
    for (engine::sched::SchedMode sched :
         {engine::sched::SchedMode::kOff, engine::sched::SchedMode::kStreams}) {
        const std::map<std::string, TupleSet> inputs{{"edge", uniform_pairs(rng, 300, 3000)}};
        auto symbols = std::make_shared<facts::StringInterner>();
        engine::EngineOptions cpu;
        cpu.backend = engine::BackendKind::Cpu;
        engine::EngineOptions gpu;
        gpu.backend = engine::BackendKind::Cuda;
        gpu.sched = sched;
        gpu.min_lane_work = 0;
        const engine::Result on_cpu = engine::run(program, make_inputs(inputs, symbols), cpu);
        const engine::Result on_gpu = engine::run(program, make_inputs(inputs, symbols), gpu);
        const engine::RelationResult& expected = on_cpu.relation("Tagged");
        ASSERT_GT(expected.size(), 3000U);
        ASSERT_TRUE(to_set(expected).contains(Tuple{inputs.at("edge").begin()->at(0), 3000000}));
        ASSERT_EQ(on_gpu.relation("Tagged").rows, expected.rows) << engine::sched::sched_mode_name(sched);
    }
}

TEST_F(GpuParity, SameGeneration) {
    std::mt19937 rng(22);
    for (int c = 0; c < cases_per_program(); ++c) {
        const bool small = c % 3 == 0;
        check_parity("sg", sg_inputs(rng, small), small, c % 2 ? 0 : 4096, sched_for_case(c),
                     dedup_for_case(c));
        if (HasFatalFailure()) return;
    }
}

// Both CSPA forms: the published rules and the linear form galias analyze uses.
void check_cspa_parity(const char* program, std::uint32_t seed, int cases) {
    std::mt19937 rng(seed);
    for (int c = 0; c < cases; ++c) {
        const bool small = c % 3 == 0;
        check_parity(program, cspa_inputs(rng, small), small, c % 2 ? 0 : 4096, sched_for_case(c));
        if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST_F(GpuParity, Cspa) {
    check_cspa_parity("cspa", 23, cases_per_program());
}
TEST_F(GpuParity, CspaLinear) {
    check_cspa_parity("cspa_linear", 26, cases_per_program());
}

TEST_F(GpuParity, Andersen) {
    std::mt19937 rng(24);
    for (int c = 0; c < cases_per_program(); ++c) {
        const bool small = c % 3 == 0;
        check_parity("andersen", andersen_inputs(rng, small), small, c % 2 ? 0 : 4096, sched_for_case(c));
        if (HasFatalFailure()) return;
    }
}

// Every program under the plain switches (engine::CudaSwitches::plain(): no one-block
// kernels, duplicate filter, bitmaps, one pass or programmatic dependent launches), with
// merge-path and searching differences in turn: the paths those strategies replace.
TEST_F(GpuParity, EveryProgramWithTheStrategiesSwitchedOff) {
    std::mt19937 rng(28);
    engine::CudaSwitches plain = engine::CudaSwitches::plain();
    for (int c = 0; c < std::max(2, cases_per_program() / 5); ++c) {
        plain.difference =
            c % 2 == 0 ? engine::CudaSwitches::Difference::kMerge : engine::CudaSwitches::Difference::kSearch;
        const bool small = c % 3 == 0;
        const std::uint64_t batch = c % 2 ? 0 : 4096;
        const auto auto_dedup = engine::EngineOptions::LinearDedup::Auto;
        check_parity("reach", reach_inputs(rng, small), small, batch, sched_for_case(c), dedup_for_case(c),
                     plain);
        check_parity("sg", sg_inputs(rng, small), small, batch, sched_for_case(c), dedup_for_case(c), plain);
        check_parity("cspa", cspa_inputs(rng, small), small, batch, sched_for_case(c), auto_dedup, plain);
        check_parity("andersen", andersen_inputs(rng, small), small, batch, sched_for_case(c), auto_dedup,
                     plain);
        if (HasFatalFailure()) return;
    }
}

// The scheduling model's per-SM arithmetic (registers, warps, shared memory, blocks)
// gives the same resident blocks as CUDA's occupancy calculator for every engine kernel
// and block size.
// Registers are the subtle one: CUDA allocates them per warp inside four sub-partitions
// of R/4, so 40 registers per thread give 48 resident warps, not 65536 / 1280 = 51
// (sched::kernel_costs, regs_per_warp).
TEST_F(GpuParity, OccupancyModelMatchesCuda) {
    const std::vector<std::string> mismatches = engine::cuda_occupancy_model_mismatches();
    for (const std::string& m : mismatches) ADD_FAILURE() << m;
}

// Several analyses at once on one GPU (`galias run --batch`): every job's relations equal
// those of the same job run alone on the CPU, in every --sched mode.
TEST_F(GpuParity, ConcurrentJobsEqualSeparateRuns) {
    std::mt19937 rng(25);
    const char* names[] = {"reach", "sg", "cspa", "cspa_linear", "andersen"};
    std::map<std::string, engine::Program> programs;
    for (const char* name : names)
        programs.emplace(name, engine::compile_program(analyses::find_builtin_program(name)->text, name));
    for (engine::sched::SchedMode mode : {engine::sched::SchedMode::kOff, engine::sched::SchedMode::kStreams,
                                          engine::sched::SchedMode::kModel}) {
        std::vector<engine::BatchJob> jobs;
        std::vector<engine::Result> alone;
        for (int j = 0; j < 12; ++j) {
            const std::string name = names[j % std::size(names)];
            const std::uint32_t nodes = name == "reach" || name == "sg" ? 300 : 130;
            const std::uint32_t edges = name == "reach" || name == "sg" ? 700 : 100;
            const auto inputs =
                random_program_inputs(programs.at(name), rng, {.values = nodes, .tuples = edges});
            engine::BatchJob job;
            job.program = &programs.at(name);
            job.inputs = make_inputs(inputs, std::make_shared<facts::StringInterner>());
            job.options.backend = engine::BackendKind::Cuda;
            job.options.sched = mode;
            job.options.min_lane_work = 0;
            jobs.push_back(job);
            engine::EngineOptions cpu;
            cpu.backend = engine::BackendKind::Cpu;
            alone.push_back(engine::run(*job.program, job.inputs, cpu));
        }
        const std::vector<engine::BatchOutcome> outcomes = engine::run_batch(jobs);
        ASSERT_EQ(outcomes.size(), jobs.size());
        for (std::size_t j = 0; j < jobs.size(); ++j) {
            ASSERT_FALSE(outcomes[j].error) << "job " << j << " failed";
            for (const engine::RelationResult& relation : alone[j].relations)
                ASSERT_EQ(outcomes[j].result.relation(relation.name).rows, relation.rows)
                    << "job " << j << ", relation " << relation.name << ", sched "
                    << engine::sched::sched_mode_name(mode);
        }
    }
}

}  // namespace
}  // namespace galias::test
