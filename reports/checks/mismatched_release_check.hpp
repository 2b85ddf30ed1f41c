#pragma once
// mismatched-release: a block released by a function of another family than the one that
// made it: free of a FILE * from fopen, fclose of a malloc block, free of getaddrinfo's list,
// and the pairs the configuration names (`{ name = "g_malloc", release = ["g_free"] }`)
// (CWE-762; undefined behaviour, or a resource left open).
//
//   FILE *f = fopen(path, "r");
//   free(f);          // error: fopen's stream is released with fclose
//
// docs/checks/mismatched-release.md.

#include "reports/checks/check.hpp"

namespace galias::reports {

class MismatchedReleaseCheck final : public Check {
public:
    [[nodiscard]] const RuleInfo& info() const override;
    void run(const CheckContext& context, std::vector<Finding>& out) const override;
};

}  // namespace galias::reports
