#pragma once
// The alias analyses solved the way `--solve` says (solve_settings.hpp), within the solve
// bounds, for what the report commands read: the oracle (ValueAlias, PointsTo) and the
// witness paths' memory steps (MemoryAlias). docs/ENGINE.md, "CSPA on demand in the
// run driver", has the design and its measurements.
//
//   Full     cspa_linear.dl and Andersen, every tuple: what a results database keeps.
//   Demand   MemoryAlias (cspa_memory.dl) and Andersen in full; ValueAlias for the pairs
//            the work asks (demand_alias_solver.hpp), learnt by running the work until it
//            asks nothing new (demand_oracle.hpp, AnalysisSession::answer_on_demand).
//
// A CSPA run that passes a bound falls back: full -> demand -> (the run driver: the
// program extracted again at context depth 0, AnalysisSession) -> may-alias from the
// points-to sets alone and witness paths without memory steps. Each fallback is a
// sentence in bounded() (stderr, the SARIF log's notifications).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/alias_solver.hpp"
#include "pipeline/demand_alias_solver.hpp"
#include "pipeline/demand_oracle.hpp"
#include "pipeline/solve_settings.hpp"
#include "reports/alias_oracle.hpp"
#include "reports/witness_path.hpp"

namespace galias::pipeline {

struct SolveSettings {
    SolveMode mode = SolveMode::Auto;
    SolveBounds bounds;
    // What the command reads of CSPA: analyze, check and query read ValueAlias and the
    // witness paths' MemoryAlias; points-to reads PointsTo only, so a demand solve runs no
    // CSPA for it.
    bool needs_cspa = true;
    bool writes_database = false;  // --db is (re)written: it keeps whole relations
};

class AliasAnswers {
public:
    AliasAnswers(const ProgramInput& input, SolveSettings settings);

    // Solves CSPA (whole, or the demand's MemoryAlias) and Andersen into `results`.
    void solve(const SolveOptions& options, AliasResults& results);
    // CSPA was solved whole: `results` holds every relation (a database can be written).
    [[nodiscard]] bool solved_fully() const { return used_ == SolveMode::Full; }

    // The oracle, taking ValueAlias over from `results`, and the witness finder over
    // results.memory_alias (which must outlive it). After solve().
    [[nodiscard]] std::unique_ptr<reports::AliasOracle> make_oracle(const facts::ProgramFacts& facts,
                                                                    AliasResults& results);
    [[nodiscard]] std::unique_ptr<reports::WitnessFinder> make_witness(const facts::ProgramFacts& facts,
                                                                       const AliasResults& results) const;

    // Solves the ValueAlias pairs the oracle was asked and could not answer. False when
    // there were none, so the last run of the work had every answer a full solve gives,
    // and when they could not be solved within the bounds (they stay "no", as that run
    // had them).
    bool solve_asked(const SolveOptions& options, AliasResults& results);

    [[nodiscard]] SolveMode used() const { return used_; }  // Demand or Full
    [[nodiscard]] const std::string& why() const { return why_; }
    [[nodiscard]] const std::vector<std::string>& bounded() const { return bounded_; }
    // The demand's MemoryAlias passed a bound: may-alias rests on the points-to sets alone.
    [[nodiscard]] bool memory_alias_bounded() const { return !memory_alias_stop_.empty(); }
    // Then: the bound it stopped at, as bounded() says it.
    [[nodiscard]] const std::string& memory_alias_stop() const { return memory_alias_stop_; }
    // Adds sentences to bounded(), ahead of this solve's own: what earlier attempts passed.
    void add_bounded_before(const std::vector<std::string>& sentences);
    // Adds a sentence after them: what the run driver did after this solve.
    void add_bounded(std::string sentence) { bounded_.push_back(std::move(sentence)); }
    [[nodiscard]] std::size_t rounds() const { return rounds_; }  // ValueAlias demand rounds
    [[nodiscard]] std::size_t pairs_asked() const { return pairs_asked_; }

private:
    void decide();
    // Each returns false when the run passed a bound (said in bounded_).
    bool try_full(const SolveOptions& options, AliasResults& results);
    bool try_memory_alias(const SolveOptions& options, AliasResults& results);
    // In auto, whether this many new pairs cost more on demand than a full solve.
    [[nodiscard]] bool full_is_cheaper(std::size_t pairs) const;
    // Says in bounded_ that `what` stopped at a bound and what was done `instead`; returns
    // the bound as it says it ("memory bound, 1.0 KiB (32 derived tuples) (... sets the bound)").
    std::string note_bounded(const std::string& what, const engine::RunLimitExceeded& stop,
                             const std::string& instead);

    const ProgramInput& input_;
    SolveSettings settings_;
    SolveMode used_ = SolveMode::Full;
    std::string why_;
    std::vector<std::string> bounded_;
    DemandAliasSolver demand_;
    DemandAliasOracle* demand_oracle_ = nullptr;  // the oracle make_oracle built, on demand
    bool value_alias_by_demand_ = false;          // ValueAlias pairs can be solved (MemoryAlias is)
    bool full_passed_bound_ = false;              // a full solve stopped at a bound
    std::string memory_alias_stop_;               // the bound the demand's MemoryAlias stopped at
    std::size_t rounds_ = 0;
    std::size_t pairs_asked_ = 0;
    std::size_t nodes_ = 0;  // of CSPA's assign: the scale of a full solve
};

}  // namespace galias::pipeline
