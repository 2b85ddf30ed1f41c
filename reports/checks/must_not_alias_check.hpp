#pragma once
// must-not-alias: pairs of variables the configuration file says must never alias
// (`[[must-not-alias]]` in .galias.toml), e.g. two globals or two parameters of one
// function. A pair that may alias is a finding (error) at the first variable's declaration,
// with the second and the common object as related locations and the witness path as the
// code flow.
//
//   [[must-not-alias]]
//   a = "g_input"
//   b = "g_output"
//   reason = "the filter runs in place only through filter_inplace()"

#include "reports/checks/check.hpp"

namespace galias::reports {

class MustNotAliasCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
