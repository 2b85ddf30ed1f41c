// Several analyses in one process (engine::run_batch, `galias run --batch`) on the CPU
// backend: in every --sched mode each job's relations equal the reference evaluator's
// and those of the job run alone; a failing job reports its error and the others finish;
// the CUDA backend's switches and the batch priority leave the CPU backend's runs alone.
#include <gtest/gtest.h>

#include <random>

#include "analyses/builtin_programs.hpp"
#include "facts/diagnostic.hpp"
#include "tests/engine/engine_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

TEST(Batch, EveryJobEqualsItsReferenceInEveryMode) {
    std::mt19937 rng(31);
    const char* names[] = {"reach", "sg", "cspa", "cspa_linear", "andersen"};
    std::map<std::string, engine::Program> programs;
    for (const char* name : names)
        programs.emplace(name, engine::compile_program(analyses::find_builtin_program(name)->text, name));
    for (engine::sched::SchedMode mode : {engine::sched::SchedMode::kOff, engine::sched::SchedMode::kStreams,
                                          engine::sched::SchedMode::kModel}) {
        for (std::size_t max_concurrent : {std::size_t{0}, std::size_t{3}}) {
            std::vector<engine::BatchJob> jobs;
            std::vector<std::map<std::string, TupleSet>> expected;
            for (int j = 0; j < 10; ++j) {
                const std::string name = names[j % std::size(names)];
                const auto inputs =
                    random_program_inputs(programs.at(name), rng, {.values = 25, .tuples = 30});
                auto symbols = std::make_shared<facts::StringInterner>();
                engine::BatchJob job;
                job.program = &programs.at(name);
                job.inputs = make_inputs(inputs, symbols);
                job.options.backend = engine::BackendKind::Cpu;
                job.options.threads = 2;
                job.options.sched = mode;
                job.options.min_lane_work = 0;                  // lanes even for these small inputs
                job.options.batch_bytes = j % 3 == 0 ? 16 : 0;  // tiny batches: many flushes across lanes
                jobs.push_back(std::move(job));
                expected.push_back(reference_evaluate(std::string(analyses::find_builtin_program(name)->text),
                                                      inputs, *symbols));
            }
            const std::vector<engine::BatchOutcome> outcomes = engine::run_batch(jobs, max_concurrent);
            ASSERT_EQ(outcomes.size(), jobs.size());
            for (std::size_t j = 0; j < jobs.size(); ++j) {
                ASSERT_FALSE(outcomes[j].error) << "job " << j;
                EXPECT_EQ(outcomes[j].result.stats.sched, engine::sched::sched_mode_name(mode));
                for (const auto& [relation, tuples] : expected[j])
                    ASSERT_EQ(to_set(outcomes[j].result.relation(relation)), tuples)
                        << "job " << j << ", " << relation << ", sched "
                        << engine::sched::sched_mode_name(mode);
            }
        }
    }
}

TEST(Batch, AFailingJobDoesNotStopTheOthers) {
    const engine::Program reach =
        engine::compile_program(analyses::find_builtin_program("reach")->text, "reach.dl");
    std::vector<engine::BatchJob> jobs(3);
    for (engine::BatchJob& job : jobs) {
        job.program = &reach;
        job.options.backend = engine::BackendKind::Cpu;
        job.options.sched = engine::sched::SchedMode::kStreams;
        job.options.min_lane_work = 0;
        job.inputs = make_inputs({{"edge", {{1, 2}, {2, 3}}}}, nullptr);
    }
    jobs[1].inputs = engine::Inputs{};
    jobs[1].inputs.facts_dir = "/nonexistent/galias/facts";  // edge.facts is missing
    const std::vector<engine::BatchOutcome> outcomes = engine::run_batch(jobs);
    ASSERT_EQ(outcomes.size(), 3U);
    EXPECT_FALSE(outcomes[0].error);
    EXPECT_FALSE(outcomes[2].error);
    ASSERT_TRUE(outcomes[1].error);
    try {
        std::rethrow_exception(outcomes[1].error);
    } catch (const DiagnosticError& e) {
        EXPECT_NE(e.diagnostic().message.find("does not exist"), std::string::npos) << e.diagnostic().message;
    }
    EXPECT_EQ(outcomes[0].result.relation("Reach").size(), 3U);
    EXPECT_EQ(outcomes[2].result.relation("Reach").size(), 3U);
}

// EngineOptions::cuda and batch_priority (`--cuda-off`, `--cuda-difference`, `--cuda-trace`,
// `--batch-priority none`) are accepted on the CPU backend and change nothing there: the
// same plan, the same relations alone and in a batch of jobs side by side.
TEST(Batch, CudaSwitchesAndBatchPriorityDoNotApplyToTheCpuBackend) {
    const engine::Program reach =
        engine::compile_program(analyses::find_builtin_program("reach")->text, "reach.dl");
    std::mt19937 rng(37);
    const std::map<std::string, TupleSet> edges{{"edge", uniform_pairs(rng, 40, 90)}};
    engine::EngineOptions defaults;
    defaults.backend = engine::BackendKind::Cpu;
    defaults.threads = 2;
    defaults.sched = engine::sched::SchedMode::kStreams;
    engine::EngineOptions switched = defaults;
    switched.cuda = engine::CudaSwitches::plain();
    switched.cuda.trace = true;
    switched.cuda.difference = engine::CudaSwitches::Difference::kSearch;
    switched.batch_priority = engine::EngineOptions::BatchPriority::None;
    const engine::Inputs inputs = make_inputs(edges, nullptr);
    EXPECT_EQ(engine::explain(reach, switched, &inputs), engine::explain(reach, defaults, &inputs));
    const engine::Result expected = engine::run(reach, inputs, defaults);
    ASSERT_GT(expected.relation("Reach").size(), 90U);
    EXPECT_EQ(engine::run(reach, inputs, switched).relation("Reach").rows, expected.relation("Reach").rows);
    std::vector<engine::BatchJob> jobs(4);
    for (engine::BatchJob& job : jobs) {
        job.program = &reach;
        job.options = switched;
        job.inputs = inputs;
    }
    const std::vector<engine::BatchOutcome> outcomes = engine::run_batch(jobs);
    ASSERT_EQ(outcomes.size(), jobs.size());
    for (const engine::BatchOutcome& outcome : outcomes) {
        ASSERT_FALSE(outcome.error);
        EXPECT_EQ(outcome.result.relation("Reach").rows, expected.relation("Reach").rows);
    }
}

}  // namespace
}  // namespace galias::test
