#pragma once
// free-nonheap: a release (free, realloc, a configured release function) of a pointer that
// may point to memory no allocator handed out: a local or a parameter's variable, a global or
// static variable, a string literal, a function, alloca memory, what getenv returns (CWE-590;
// undefined behaviour, in practice a corrupted heap).
//
//   char buf[16];
//   char *p = buf;
//   free(p);          // error: p points to buf
//
// docs/checks/free-nonheap.md.

#include "reports/checks/check.hpp"

namespace galias::reports {

class FreeNonheapCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
