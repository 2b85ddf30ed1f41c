#pragma once
// alias-assertion: the MAYALIAS/NOALIAS/MUSTALIAS convention of pointer-analysis test
// suites. A call `NOALIAS(p, q)` states what the analysis must answer for its two
// arguments; a failed assertion is a finding (error).
//
//   MAYALIAS(p, q)   passes on may- or must-alias      (also PARTIALALIAS)
//   NOALIAS(p, q)    passes only on no-alias
//   MUSTALIAS(p, q)  passes on may- or must-alias (may-analyses do not prove must)
//   EXPECTEDFAIL_MAYALIAS / EXPECTEDFAIL_NOALIAS: known imprecision; a note when such an
//   assertion unexpectedly passes, nothing when it fails.
//
// Calls are matched by name, so headers that define the functions work too. The calling
// contexts of one assertion are merged (it holds if it holds in some context for MAYALIAS,
// in every context for NOALIAS) unless --per-context.

#include "reports/checks/check.hpp"

namespace galias::reports {

class AliasAssertionCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
