#pragma once
// A check: one class per file in reports/checks/, registered under a stable kebab-case id
// (the SARIF ruleId) in check_registry.cpp. Each has docs/checks/<id>.md, which is compiled
// in as the rule's help text.

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "facts/diagnostic.hpp"
#include "facts/program_facts.hpp"
#include "reports/alias_oracle.hpp"
#include "reports/field_contents.hpp"
#include "reports/finding.hpp"
#include "reports/witness_path.hpp"

namespace galias::reports {

struct RuleInfo {
    std::string_view id;                 // "restrict-alias"
    std::string_view name;               // "RestrictAlias"
    std::string_view short_description;  // one line
    std::string_view full_description;   // a paragraph
    Level default_level = Level::Warning;
    std::string_view precision;          // SARIF/CodeQL: very-high, high, medium, low
    std::vector<std::string_view> tags;  // "correctness", "external/cwe/cwe-475", ...
    // GitHub code scanning's `security-severity` (a CVSS-like score, "7.5"), for the rules
    // that find security weaknesses; empty for the others.
    std::string_view security_severity = {};
};

// A pair of variables that must never alias, from the configuration file.
struct MustNotAliasPair {
    std::string a;
    std::string b;
    std::string reason;
    SourceLocation where;  // the entry in the configuration file
};

struct CheckOptions {
    std::vector<std::string> enabled;  // ids of the checks that run
    std::vector<MustNotAliasPair> must_not_alias;
    bool per_context = false;  // report each calling context separately
    std::size_t max_witness_steps = kDefaultMaxWitnessSteps;
    unsigned threads = 0;  // threads for the per-call-site work; 0 = all cores
    // The level of a possible overlap whose only evidence is an object of the points-to
    // analysis that stands for many run-time objects (an allocation site, a field of every
    // instance): read against the source of real projects such findings were almost never
    // true (docs/PRECISION.md). Level::None drops them.
    Level summary_level = Level::Note;
    // The allocators the configuration names with their release functions ([analysis]
    // allocators, `{ name = "g_malloc", release = ["g_free"] }`; an empty list: none releases
    // its blocks one by one, as a pool allocator's): the memory checks' families.
    std::map<std::string, std::vector<std::string>> allocator_releases;

    [[nodiscard]] bool is_enabled(std::string_view id) const;
};

struct CheckContext {
    const facts::ProgramFacts& facts;
    const AliasOracle& oracle;
    const SourceView& view;
    const WitnessFinder& witness;
    const CheckOptions& options;
    // Whose field a field read holds (field_contents.hpp); null: the field node's set.
    const FieldContents* fields = nullptr;

    // The calling context's call string for findings ("" unless per_context).
    [[nodiscard]] std::string context_label(std::uint32_t context) const;
};

// Runs visit(call, findings) for every call site, spread over options.threads threads
// (call sites are independent, and witness searches dominate the checks on large
// programs); the findings come back in call-site order, as a plain loop gives them.
using CallVisitor = std::function<void(const facts::CallSite&, std::vector<Finding>&)>;
void for_each_call(const CheckContext& context, const CallVisitor& visit, std::vector<Finding>& out);

class Check {
public:
    virtual ~Check() = default;
    [[nodiscard]] virtual const RuleInfo& info() const = 0;
    // Appends findings; may report the same source location once per calling context
    // (run_checks merges them unless options.per_context).
    virtual void run(const CheckContext& context, std::vector<Finding>& out) const = 0;
};

}  // namespace galias::reports
