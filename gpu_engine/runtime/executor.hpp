#pragma once
// The backend-independent semi-naive evaluator: loads inputs, runs each stratum's rules
// to a fixpoint (new -> dedup -> delta = new - full -> full ∪= delta, every index order),
// manages merge buffers (EBM), and records statistics. All data work goes through Backend.

#include <tbb/task_arena.h>

#include <atomic>
#include <memory>
#include <unordered_map>
#include <vector>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/plan/plan.hpp"
#include "gpu_engine/runtime/backend.hpp"
#include "gpu_engine/runtime/value_codes.hpp"

namespace galias::engine {

class Executor {
public:
    Executor(const plan::Plan& plan, Backend& backend, const EngineOptions& options,
             std::shared_ptr<facts::StringInterner> symbols);
    ~Executor();

    void load_inputs(const Inputs& inputs);
    void evaluate();
    // Writes outputs (if options.output_dir) and collects sizes / rows into `result`.
    void finish(Result& result);
    [[nodiscard]] Stats& stats() { return stats_; }

private:
    struct RelationState;
    struct Lane;
    class OperatorTimer;

    OperatorTimer time_operator(Backend& backend, IterationStats& it, Operator op) const;
    void resolve_constants();
    std::vector<Cell> read_input(const plan::Relation& relation, const Inputs& inputs);
    JoinSpec make_spec(const plan::JoinStep& step, std::uint32_t outer_arity) const;
    void run_rules(const std::vector<plan::Rule>& rules, IterationStats& it);
    void run_rule(const plan::Rule& rule, Lane& lane);
    [[nodiscard]] const TupleArray& first_outer(const plan::Rule& rule) const;
    void run_steps(const plan::Rule& rule, std::size_t s, const TupleArray& outer, Lane& lane);
    bool run_last_step_in_one_pass(const plan::Rule& rule, const JoinSpec& spec, const TupleArray& outer,
                                   const Hisa* inner, std::uint64_t budget, Lane& lane);
    bool run_intermediate_in_one_pass(const plan::Rule& rule, std::size_t s, const JoinSpec& spec,
                                      const TupleArray& outer, const Hisa* inner, std::uint64_t budget, Lane& lane);
    void flush(std::uint32_t relation, Lane& lane);
    void flush_into_hash_set(std::uint32_t relation, Lane& lane);
    void append(TupleArray& to, const TupleArray& from, Lane& lane);
    void add_mirrors(TupleArray& tuples, Lane& lane);
    DuplicateFilter* duplicate_filter(std::uint32_t relation, Lane& lane);
    void absorb(std::uint32_t relation, IterationStats& it);
    void absorb_all(const std::vector<std::uint32_t>& relations, IterationStats& it);
    void merge_into(TupleArray& full, TupleArray& spare, const TupleArray& delta, const std::string& name, Lane& lane);
    void fold_recent(std::uint32_t relation, Lane& lane);
    void finish_deferred_merges(const std::vector<std::uint32_t>& relations);
    void begin_stratum(const plan::Stratum& stratum);
    void end_stratum(const plan::Stratum& stratum);
    void install_full(std::uint32_t relation, TupleArray sorted_primary, IterationStats& it);
    TupleArray identity_order_copy(std::uint32_t relation);
    void begin_iteration(IterationStats& it);
    void end_iteration(IterationStats& it, const std::vector<std::uint32_t>& relations);

    const plan::Plan& plan_;
    Backend& backend_;
    BackendCapabilities capabilities_;  // backend_'s, asked once
    EngineOptions options_;
    std::shared_ptr<facts::StringInterner> symbols_;
    std::size_t lane_count_ = 1;  // lanes the rules of an iteration run on (1: sequential)
    tbb::task_arena lane_arena_;   // runs the lanes (lane_count_ threads)
    // Lane i's backend and its capabilities, from the lane's first use (null until then).
    struct LaneView {
        Backend* backend = nullptr;
        BackendCapabilities capabilities;
    };
    std::vector<LaneView> lane_views_;
    std::vector<Cell> constants_;
    ValueCodes codes_;  // active when the run evaluates on codes (load_inputs)
    std::vector<std::unique_ptr<RelationState>> relations_;
    Stats stats_;
    // Per rule variant (stats_.rules order): join output and intermediate tuples, counted
    // by lanes at once.
    std::unordered_map<const plan::Rule*, std::size_t> rule_ids_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> rule_output_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> rule_intermediate_;
    MemoryCounters memory_at_iteration_start_;
    std::uint64_t batch_bytes_ = 0;
};

// engine::run on a backend the caller owns (tests wrap backends; several runs can share one).
Result run_on_backend(const Program& program, const Inputs& inputs, const EngineOptions& options, Backend& backend);

}  // namespace galias::engine
