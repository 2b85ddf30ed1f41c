#pragma once
// The backend-independent semi-naive evaluator: loads inputs, runs each stratum's rules
// to a fixpoint (new -> dedup -> delta = new - full -> full ∪= delta, every index order),
// and records statistics. The loop and the rules' joins are here; relation storage
// (versions, deduplication, merges, EBM) is RelationStore (relation_store.hpp), and where
// rules run is Lanes (lanes.hpp). How each relation and join step uses the backend's
// capabilities is the strategy the plan is bound to when the inputs are read
// (bind_plan.hpp). All data work goes through Backend.

#include <atomic>
#include <chrono>
#include <memory>
#include <unordered_map>
#include <vector>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/plan/plan.hpp"
#include "gpu_engine/plan/strategy.hpp"
#include "gpu_engine/runtime/backend.hpp"
#include "gpu_engine/runtime/lanes.hpp"
#include "gpu_engine/runtime/operator_timer.hpp"
#include "gpu_engine/runtime/relation_store.hpp"
#include "gpu_engine/runtime/value_codes.hpp"

namespace galias::engine {

class Executor {
public:
    Executor(const plan::Plan& plan, Backend& backend, const EngineOptions& options,
             std::shared_ptr<facts::StringInterner> symbols);
    ~Executor();

    // Reads the inputs, promises the backend their value bound and binds the plan to the
    // backend (the strategy the rest of the run follows).
    void load_inputs(const Inputs& inputs);
    [[nodiscard]] const plan::Strategy& strategy() const { return strategy_; }
    void evaluate();
    // Writes outputs (if options.output_dir) and collects sizes / rows into `result`.
    void finish(Result& result);
    [[nodiscard]] Stats& stats() { return stats_; }

private:
    OperatorTimer time_operator(Backend& backend, IterationStats& it, Operator op) const;
    void resolve_constants();
    std::vector<Cell> read_input(const plan::Relation& relation, const Inputs& inputs);
    JoinSpec make_spec(const plan::JoinStep& step, std::uint32_t outer_arity) const;
    void run_rules(const std::vector<plan::Rule>& rules, const std::vector<plan::RuleStrategy>& strategies,
                   IterationStats& it);
    void run_rule(const plan::Rule& rule, const plan::RuleStrategy& strategy, Lane& lane);
    [[nodiscard]] const TupleArray& first_outer(const plan::Rule& rule) const;
    void run_steps(const plan::Rule& rule, const plan::RuleStrategy& strategy, std::size_t s,
                   const TupleArray& outer, Lane& lane);
    bool run_last_step_in_one_pass(const plan::Rule& rule, const JoinSpec& spec, const TupleArray& outer,
                                   const Hisa* inner, std::uint64_t budget, Lane& lane);
    bool run_intermediate_in_one_pass(const plan::Rule& rule, const plan::RuleStrategy& strategy,
                                      std::size_t s, const JoinSpec& spec, const TupleArray& outer,
                                      const Hisa* inner, std::uint64_t budget, Lane& lane);
    void begin_iteration(IterationStats& it);
    void end_iteration(IterationStats& it, const std::vector<std::uint32_t>& relations);
    // Throws RunLimitExceeded when the run has passed a bound of options_.limits.
    void check_limits() const;

    const plan::Plan& plan_;
    Backend& backend_;
    BackendCapabilities capabilities_;  // backend_'s, asked once
    EngineOptions options_;
    std::shared_ptr<facts::StringInterner> symbols_;
    std::vector<Cell> constants_;
    ValueCodes codes_;  // active when the run evaluates on codes (load_inputs)
    Stats stats_;
    // The plan bound to backend_ (load_inputs); RelationStore reads it from the first stratum.
    plan::Strategy strategy_;
    Lanes lanes_;          // where the rules of an iteration run
    RelationStore store_;  // every relation's versions, deduplication and merges
    // Per rule variant (stats_.rules order): join output and intermediate tuples, counted
    // by lanes at once.
    std::unordered_map<const plan::Rule*, std::size_t> rule_ids_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> rule_output_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> rule_intermediate_;
    MemoryCounters memory_at_iteration_start_;
    std::uint64_t batch_bytes_ = 0;
    // For options_.limits: when the run started and the tuples its iterations derived.
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::uint64_t derived_tuples_ = 0;
};

// engine::run on a backend the caller owns (tests wrap backends; several runs can share one).
Result run_on_backend(const Program& program, const Inputs& inputs, const EngineOptions& options,
                      Backend& backend);

// engine::explain on a backend the caller owns.
std::string explain_on_backend(const Program& program, const EngineOptions& options, Backend& backend,
                               const Inputs* inputs = nullptr);

}  // namespace galias::engine
