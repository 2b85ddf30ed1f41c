#pragma once
// The rule sets the demand solve runs (pipeline/*.dl), compiled into the binary.
// They are the run driver's, not analyses of their own: each computes a part of CSPA
// (analyses/cspa_linear.dl) for the checks; `galias run pipeline/NAME.dl` runs one.

#include <string_view>

namespace galias::pipeline {

struct PipelineRuleSet {
    std::string_view file;  // "cspa_memory.dl", shown in diagnostics
    std::string_view text;
};

PipelineRuleSet cspa_memory_rule_set();       // cspa_memory.dl: MemoryAlias alone
PipelineRuleSet cspa_value_alias_rule_set();  // cspa_value_alias.dl: ValueAlias from a solved MemoryAlias

}  // namespace galias::pipeline
