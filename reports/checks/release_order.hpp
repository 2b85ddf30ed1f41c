#pragma once
// What use-after-free and double-free share: the rows of released_uses.tsv (a use of a value
// after a call that releases it, docs/FACTS.md "Released values") turned into findings: the
// place of the use, the release linked from the message, and the code flow from the block's
// allocation to the release to the use.

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "reports/checks/check.hpp"

namespace galias::reports {

class ReleaseOrder {
public:
    explicit ReleaseOrder(const CheckContext& context);

    // The call site (its first row in calls.tsv), or nullptr.
    [[nodiscard]] const facts::CallSite* call(std::uint32_t id) const;
    // "the block `p` points to", "the block stored at byte 8 of what `s` points to": the
    // released block as the messages name it.
    [[nodiscard]] std::string value_label(const facts::ReleasedUse& use) const;
    // "`free`", or "`list_destroy` (which releases it on some path)".
    [[nodiscard]] std::string release_label(const facts::ReleasedUse::Via via,
                                            const facts::CallSite& call) const;

    // A finding of `rule` at the use, linking the release as [released](1) in the text the
    // caller puts into `message` with "{release}", and with the code flow.
    Finding finding(const RuleInfo& rule, const facts::ReleasedUse& use, Level level,
                    const std::string& message) const;

private:
    const CheckContext& context_;
    std::unordered_map<std::uint32_t, const facts::CallSite*> calls_;
};

}  // namespace galias::reports
