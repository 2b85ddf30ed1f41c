#pragma once
// use-after-free: A block used after a call released it.
//
// docs/checks/use-after-free.md says what it finds and at which level.

#include "reports/checks/check.hpp"

namespace galias::reports {

class UseAfterFreeCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
