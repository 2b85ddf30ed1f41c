#pragma once
// double-free: A block released twice.
//
// docs/checks/double-free.md says what it finds and at which level.

#include "reports/checks/check.hpp"

namespace galias::reports {

class DoubleFreeCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
