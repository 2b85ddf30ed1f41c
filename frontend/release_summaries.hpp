#pragma once
// Release summaries: what each function of the program releases of its arguments, on every
// path or on some path, computed bottom-up over the call graph (a fixpoint, so recursion is
// handled) from the release functions of the C library and the configuration: a wrapper
// such as `my_free(p)` or `list_destroy(l)` then releases like free. A function releases
// parameter k when a release of a value that is parameter k on entry happens in its body, or
// the block whose pointer is stored at a byte offset of what parameter k points to (a list's
// head, an object's buffer), one level deep (docs/FACTS.md, "Released values").

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "facts/program_facts.hpp"
#include "frontend/call_graph.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

class ReleaseSummaries {
public:
    struct Released {
        std::uint32_t param = 0;
        std::int64_t field = -1;  // -1: the block the parameter points to
        bool always = false;
    };

    ReleaseSummaries(const ProgramIr& program, const CallTargets& targets,
                     const std::vector<std::string>& release_functions);

    // How `call` releases its argument `arg` (or, field >= 0, the block whose pointer is at
    // that offset of what it points to): a release function (Library), every target's
    // summary on every path (Summary) or on some (SummarySome); nullopt when it does not.
    [[nodiscard]] std::optional<facts::ReleasedUse::Via> releases(const CallSite& call, std::uint32_t arg,
                                                                  std::int64_t field) const;
    // Whether every target of the call is a function without a body in the program (the C
    // library or another external function).
    [[nodiscard]] bool external(const CallSite& call) const;

    [[nodiscard]] const std::unordered_map<EntityId, std::vector<Released>>& summaries() const {
        return summaries_;
    }

private:
    [[nodiscard]] bool release_function(EntityId target, std::uint32_t arg) const;

    const ProgramIr& program_;
    const CallTargets& targets_;
    std::unordered_set<std::string> release_functions_;
    std::unordered_map<EntityId, std::vector<Released>> summaries_;
};

}  // namespace galias::frontend
