#include "pipeline/demand_oracle.hpp"

#include <algorithm>
#include <utility>

namespace galias::pipeline {

namespace {

// ValueAlias is symmetric: a pair is asked and kept once, as (smaller, larger).
std::uint64_t pair_key(facts::NodeId a, facts::NodeId b) {
    if (b < a) std::swap(a, b);
    return (std::uint64_t{a} << 32) | b;
}

}  // namespace

DemandAliasOracle::DemandAliasOracle(const facts::ProgramFacts& facts,
                                     std::span<const std::uint32_t> points_to)
    : reports::RelationLookupOracle(facts), points_to_(points_to) {}

bool DemandAliasOracle::has_value_alias(facts::NodeId a, facts::NodeId b) const {
    if (full_) return full_->contains(a, b);
    const std::uint64_t key = pair_key(a, b);
    if (auto it = answers_.find(key); it != answers_.end()) return it->second;
    if (!rest_no_) {
        const std::lock_guard lock(mutex_);
        unanswered_.insert(key);
    }
    return false;
}

std::span<const facts::NodeId> DemandAliasOracle::points_to_set(facts::NodeId p) const {
    return points_to_.of(p);
}

std::vector<std::uint32_t> DemandAliasOracle::take_unanswered() const {
    std::vector<std::uint64_t> keys;
    {
        const std::lock_guard lock(mutex_);
        keys.assign(unanswered_.begin(), unanswered_.end());
        unanswered_.clear();
    }
    std::sort(keys.begin(), keys.end());
    std::vector<std::uint32_t> pairs;
    pairs.reserve(2 * keys.size());
    for (std::uint64_t key : keys) {
        pairs.push_back(static_cast<std::uint32_t>(key >> 32));
        pairs.push_back(static_cast<std::uint32_t>(key));
    }
    return pairs;
}

void DemandAliasOracle::add_answers(std::span<const std::uint32_t> asked,
                                    std::span<const std::uint32_t> holding) {
    for (std::size_t i = 0; i + 1 < asked.size(); i += 2)
        answers_.try_emplace(pair_key(asked[i], asked[i + 1]), false);
    for (std::size_t i = 0; i + 1 < holding.size(); i += 2)
        answers_[pair_key(holding[i], holding[i + 1])] = true;
}

void DemandAliasOracle::answer_from(std::vector<std::uint32_t> value_alias) {
    full_.emplace(std::move(value_alias));
}

void DemandAliasOracle::answer_rest_no() {
    rest_no_ = true;
}

}  // namespace galias::pipeline
