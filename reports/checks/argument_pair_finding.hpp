#pragma once
// The finding the argument checks (`overlapping-copy`, `restrict-alias`) make of a pair of a
// call's arguments that the overlap verdict does not keep apart: placed at the call, with
// the pair's evidence (the objects the verdict rests on first), a clause naming the common
// object, and the witness path.

#include <string>
#include <vector>

#include "reports/checks/alias_evidence.hpp"
#include "reports/checks/argument_overlap.hpp"

namespace galias::reports {

class ArgumentPairFinding {
public:
    // Arguments `a` and `b` of `call` (their value nodes), for `rule` at `level`.
    ArgumentPairFinding(const CheckContext& context, const facts::CallSite& call, const RuleInfo& rule,
                        Level level, std::string key, NodeId a, NodeId b, const OverlapVerdict& verdict);

    // ": both may point PREPOSITION OBJECT, REMARK (ORIGIN)", linking the common object and
    // where `b` gets its value; the parts not known are left out.
    std::string common_object_clause(const char* preposition);

    // Sets the message, links a macro's spelling and the witness, and adds the finding to `out`.
    void emit(std::string message, std::vector<Finding>& out);

private:
    const CheckContext& context_;
    const facts::CallSite& call_;
    const OverlapVerdict& verdict_;
    NodeId b_;
    Finding finding_;
    AliasEvidence evidence_;
};

}  // namespace galias::reports
