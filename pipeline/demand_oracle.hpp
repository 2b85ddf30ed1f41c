#pragma once
// The alias oracle of a demand solve: PointsTo in full, ValueAlias only for the pairs asked
// so far. A question not answered yet is answered "no" and recorded; the session solves
// the recorded pairs and runs the work that asked again, until a run asks nothing new
// (analysis_session.hpp, answer_on_demand). That run saw the answers of a full solve for
// every question it asked, so it gives what a run on the full solve gives: the checks
// decide only from what they ask.

#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "reports/alias_oracle.hpp"

namespace galias::pipeline {

class DemandAliasOracle final : public reports::RelationLookupOracle {
public:
    // points_to: Andersen PointsTo rows (2 cells each).
    DemandAliasOracle(const facts::ProgramFacts& facts, std::span<const std::uint32_t> points_to);

    // The pairs asked but not answered since the last call, each once as (smaller, larger)
    // (ValueAlias is symmetric), flat and sorted. The checks ask from several threads.
    [[nodiscard]] std::vector<std::uint32_t> take_unanswered() const;

    // The answers to `asked` (flat pairs, as take_unanswered gives them): `holding`, flat
    // pairs, those of them in ValueAlias.
    void add_answers(std::span<const std::uint32_t> asked, std::span<const std::uint32_t> holding);

    // Every question from now on from these ValueAlias rows (a full solve's).
    void answer_from(std::vector<std::uint32_t> value_alias);

    // Every question not answered yet is "no" from now on, and not recorded: may-alias then
    // rests on the points-to sets alone (the solve was bounded, docs/FAILURES.md).
    void answer_rest_no();

    [[nodiscard]] std::size_t answered() const { return answers_.size(); }  // pairs answered on demand
    [[nodiscard]] bool recording() const { return !full_ && !rest_no_; }

private:
    [[nodiscard]] bool has_value_alias(facts::NodeId a, facts::NodeId b) const override;
    [[nodiscard]] std::span<const facts::NodeId> points_to_set(facts::NodeId p) const override;

    reports::PointsToSets points_to_;
    std::unordered_map<std::uint64_t, bool> answers_;  // (smaller, larger) -> holds
    std::optional<reports::SortedPairs> full_;
    bool rest_no_ = false;
    mutable std::mutex mutex_;
    mutable std::unordered_set<std::uint64_t> unanswered_;
};

}  // namespace galias::pipeline
