#pragma once
// restrict-alias: arguments that may alias passed where one of them is a restrict-qualified
// parameter (SEI CERT EXP43-C). Covers user functions (restrict flags from the frontend) and
// the C library's (memcpy, strcpy, sprintf, snprintf, fread, ...).
//
//   void add(int *restrict out, const int *restrict in);
//   add(a, a);            // warning: arguments 1 and 2 may alias (error when they must)
//
// The copy family (memcpy, strcpy, ...) is left to overlapping-copy when that check is
// enabled, so one mistake is reported once.

#include "reports/checks/check.hpp"

namespace galias::reports {

class RestrictAliasCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
