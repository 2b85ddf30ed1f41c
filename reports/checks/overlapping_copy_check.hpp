#pragma once
// overlapping-copy: memcpy, strcpy, strncpy, strcat and the rest of the copy family called
// with a source and destination that may overlap (CWE-475; undefined behaviour).
//
//   char buf[16];
//   memcpy(buf + 1, buf, 8);   // error: source and destination must overlap
//   memmove(buf + 1, buf, 8);  // fine
//
// Must-alias is an error, may-alias a warning.

#include "reports/checks/check.hpp"

namespace galias::reports {

class OverlappingCopyCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
