#pragma once
// free-offset: a release of a pointer into a block that does not point to its start: the
// pointer was advanced (`p++`, `p += n`), or it is the address of a member other than the
// first or of an element other than the first (CWE-761; undefined behaviour).
//
//   char *s = strdup(text);
//   while (*s == ' ') s++;
//   free(s);          // warning: s may have been advanced
//
// docs/checks/free-offset.md.

#include "reports/checks/check.hpp"

namespace galias::reports {

class FreeOffsetCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
