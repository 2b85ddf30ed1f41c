#include "reports/checks/check_registry.hpp"

#include "reports/checks/alias_assertion_check.hpp"
#include "reports/checks/double_free_check.hpp"
#include "reports/checks/free_nonheap_check.hpp"
#include "reports/checks/free_offset_check.hpp"
#include "reports/checks/mismatched_release_check.hpp"
#include "reports/checks/must_not_alias_check.hpp"
#include "reports/checks/overlapping_copy_check.hpp"
#include "reports/checks/restrict_alias_check.hpp"
#include "reports/checks/stack_address_escape_check.hpp"
#include "reports/checks/use_after_free_check.hpp"

namespace galias::reports {

namespace {

template <typename T>
std::unique_ptr<Check> make() {
    return std::make_unique<T>();
}

// Keep sorted by id (tests/reports/check_registry_test.cpp enforces it).
const CheckEntry kChecks[] = {
    {"alias-assertion", &make<AliasAssertionCheck>},
    {"double-free", &make<DoubleFreeCheck>},
    {"free-nonheap", &make<FreeNonheapCheck>},
    {"free-offset", &make<FreeOffsetCheck>},
    {"mismatched-release", &make<MismatchedReleaseCheck>},
    {"must-not-alias", &make<MustNotAliasCheck>},
    {"overlapping-copy", &make<OverlappingCopyCheck>},
    {"restrict-alias", &make<RestrictAliasCheck>},
    {"stack-address-escape", &make<StackAddressEscapeCheck>},
    {"use-after-free", &make<UseAfterFreeCheck>},
};

}  // namespace

std::span<const CheckEntry> all_checks() {
    return kChecks;
}

std::unique_ptr<Check> make_check(std::string_view id) {
    for (const CheckEntry& entry : kChecks) {
        if (entry.id == id) return entry.make();
    }
    return nullptr;
}

std::vector<std::string> all_check_ids() {
    std::vector<std::string> ids;
    for (const CheckEntry& entry : kChecks) ids.emplace_back(entry.id);
    return ids;
}

}  // namespace galias::reports
