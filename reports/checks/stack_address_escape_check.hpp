#pragma once
// stack-address-escape: the address of a function's own frame storage (a local or a
// parameter's variable, a compound literal, alloca memory) returned, or stored where it
// outlives the frame (a global or static variable, a heap block, something a parameter
// points to) and still there when the function returns (CWE-562).
//
//   int *g;
//   void set(void) { int x = 0; g = &x; }   // error: g holds &x after set returns
//
// docs/checks/stack-address-escape.md.

#include "reports/checks/check.hpp"

namespace galias::reports {

class StackAddressEscapeCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
