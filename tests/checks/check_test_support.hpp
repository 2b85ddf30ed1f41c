#pragma once
// Runs one check over hand-built facts and summarises its findings as (line, level).

#include <string>
#include <utility>
#include <vector>

#include "facts_builder.hpp"
#include "reports/checks/check_registry.hpp"
#include "reports/run_checks.hpp"

namespace galias::reports::testing {

struct Summary {
    std::uint32_t line;
    std::string level;
    bool operator==(const Summary&) const = default;
};

inline std::ostream& operator<<(std::ostream& out, const Summary& s) { return out << s.line << ":" << s.level; }

inline std::vector<Finding> run_one(const std::string& id, const facts::ProgramFacts& facts, const AliasOracle& oracle,
                                    CheckOptions options = {}) {
    SourceView view(facts);
    WitnessFinder witness(facts);
    if (options.enabled.empty()) options.enabled = {id};
    CheckContext context{facts, oracle, view, witness, options};
    std::vector<Finding> out = run_checks(context, RunOptions{});
    std::erase_if(out, [&](const Finding& f) { return f.rule_id != id; });
    return out;
}

inline std::vector<Summary> summarize(const std::vector<Finding>& findings) {
    std::vector<Summary> out;
    for (const Finding& f : findings) out.push_back({f.region.line, level_name(f.level)});
    return out;
}

}  // namespace galias::reports::testing
