#include "pipeline/alias_answers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "facts/predicates.hpp"

namespace galias::pipeline {

namespace {

// In auto, a round of this many ValueAlias pairs per node of CSPA's assign or more is
// solved by a full solve instead. The demand's cost grows with the pairs (each joins its
// two nodes' backward flows), a full solve's with the program: asked for random pairs of
// nodes, the demand took as long as the full solve at about 1.5 pairs per node on
// sqlite3 (12.5 k nodes: 10 k pairs 12.3 s, full 43 s) and git (33 k nodes: 10 k pairs
// 11.4 s, full 115 s). The checks ask none unless must-not-alias is configured; a query a
// handful.
constexpr double kFullSolvePairsPerNode = 1.0;

std::size_t count_nodes(const ProgramInput& input) {
    const auto assign = input.cspa.find(facts::predicates::kCspaAssign.name);
    if (assign == input.cspa.end()) return 0;
    std::vector<std::uint32_t> nodes = assign->second;
    std::sort(nodes.begin(), nodes.end());
    return static_cast<std::size_t>(std::unique(nodes.begin(), nodes.end()) - nodes.begin());
}

}  // namespace

AliasAnswers::AliasAnswers(const ProgramInput& input, SolveSettings settings)
    : input_(input), settings_(settings), demand_(input), nodes_(count_nodes(input)) {}

void AliasAnswers::decide() {
    if (settings_.writes_database) {
        used_ = SolveMode::Full;
        why_ = "the results database (--db) keeps whole relations";
        return;
    }
    switch (settings_.mode) {
        case SolveMode::Full:
            used_ = SolveMode::Full;
            why_ = "--solve full";
            return;
        case SolveMode::Demand:
            used_ = SolveMode::Demand;
            why_ = "--solve demand";
            return;
        case SolveMode::Auto:
            used_ = SolveMode::Demand;
            why_ = "auto: the checks and queries read MemoryAlias and the ValueAlias pairs they ask";
            return;
    }
}

void AliasAnswers::solve(const SolveOptions& options, AliasResults& results) {
    decide();
    if (used_ == SolveMode::Full && !try_full(options, results)) {
        used_ = SolveMode::Demand;
        why_ += "; the full solve passed a bound";
    }
    if (used_ == SolveMode::Demand) {
        if (settings_.needs_cspa) {
            value_alias_by_demand_ = try_memory_alias(options, results);
        } else {
            why_ += "; this command reads no CSPA relation";
        }
    }
    solve_points_to(input_, options, results);
}

bool AliasAnswers::try_full(const SolveOptions& options, AliasResults& results) {
    try {
        solve_cspa_fully(input_, options, results);
        return true;
    } catch (const engine::RunLimitExceeded& stop) {
        full_passed_bound_ = true;
        note_bounded("the full CSPA solve", stop,
                     settings_.writes_database
                         ? "solved on demand instead, and the results database not written"
                         : "solved on demand instead");
        return false;
    }
}

bool AliasAnswers::try_memory_alias(const SolveOptions& options, AliasResults& results) {
    try {
        results.memory_alias = demand_.solve_memory_alias(options, results.runs);
        return true;
    } catch (const engine::RunLimitExceeded& stop) {
        memory_alias_stop_ = note_bounded(
            "the CSPA demand solve (MemoryAlias)", stop,
            "may-alias answered from the points-to sets alone, witness paths without steps through "
            "memory");
        return false;
    }
}

void AliasAnswers::add_bounded_before(const std::vector<std::string>& sentences) {
    bounded_.insert(bounded_.begin(), sentences.begin(), sentences.end());
}

std::string AliasAnswers::note_bounded(const std::string& what, const engine::RunLimitExceeded& stop,
                                       const std::string& instead) {
    const bool memory = stop.bound() == engine::RunLimitExceeded::Bound::Tuples;
    std::string bound =
        fmt::format("{} bound, {}", memory ? "memory" : "time",
                    memory ? settings_.bounds.memory_text() : settings_.bounds.seconds_text());
    const char* option = memory ? "--solve-memory-limit" : "--solve-time-limit";
    bounded_.push_back(
        fmt::format("{} stopped at its {}; {} ({} sets the bound)", what, bound, instead, option));
    return fmt::format("{} ({} sets the bound)", bound, option);
}

std::unique_ptr<reports::AliasOracle> AliasAnswers::make_oracle(const facts::ProgramFacts& facts,
                                                                AliasResults& results) {
    if (used_ == SolveMode::Full)
        return std::make_unique<reports::RelationAliasOracle>(facts, std::move(results.value_alias),
                                                              results.points_to);
    auto oracle = std::make_unique<DemandAliasOracle>(facts, results.points_to);
    if (!value_alias_by_demand_) oracle->answer_rest_no();
    demand_oracle_ = oracle.get();
    return oracle;
}

std::unique_ptr<reports::WitnessFinder> AliasAnswers::make_witness(const facts::ProgramFacts& facts,
                                                                   const AliasResults& results) const {
    return std::make_unique<reports::WitnessFinder>(facts, results.memory_alias);
}

bool AliasAnswers::full_is_cheaper(std::size_t pairs) const {
    return static_cast<double>(pairs) >=
           kFullSolvePairsPerNode * static_cast<double>(std::max<std::size_t>(nodes_, 1));
}

bool AliasAnswers::solve_asked(const SolveOptions& options, AliasResults& results) {
    if (demand_oracle_ == nullptr || !demand_oracle_->recording()) return false;
    const std::vector<std::uint32_t> pairs = demand_oracle_->take_unanswered();
    if (pairs.empty()) return false;
    const std::size_t count = pairs.size() / 2;
    pairs_asked_ += count;
    // A full solve that passed its bound once is not tried again.
    if (settings_.mode == SolveMode::Auto && !full_passed_bound_ && full_is_cheaper(count)) {
        AliasResults full;
        if (try_full(options, full)) {
            demand_oracle_->answer_from(std::move(full.value_alias));
            std::move(full.runs.begin(), full.runs.end(), std::back_inserter(results.runs));
            used_ = SolveMode::Full;
            why_ = fmt::format(
                "auto: {} ValueAlias pairs asked, at least {:g} per node of the program ({}), cost more on "
                "demand",
                count, kFullSolvePairsPerNode, nodes_);
            return true;
        }
    }
    try {
        const std::vector<std::uint32_t> holding = demand_.value_alias(pairs, options, results.runs);
        demand_oracle_->add_answers(pairs, holding);
        ++rounds_;
        return true;
    } catch (const engine::RunLimitExceeded& stop) {
        note_bounded(fmt::format("the CSPA demand solve (ValueAlias of {} pairs)", count), stop,
                     "those pairs answered from the points-to sets alone");
        demand_oracle_->answer_rest_no();
        return false;  // the last run had these answers ("no") already
    }
}

}  // namespace galias::pipeline
