#include "reports/checks/use_after_free_check.hpp"

#include <fmt/format.h>

#include "reports/checks/release_order.hpp"

namespace galias::reports {

const RuleInfo& UseAfterFreeCheck::info() const {
    static const RuleInfo kInfo{
        "use-after-free",
        "UseAfterFree",
        "A block used after a call released it",
        "A pointer is dereferenced, returned or passed on after a call released the block it points to, "
        "with nothing between that changes the pointer: free, a configured release function, or a "
        "function of the program whose release summary says it releases that argument (or a block one "
        "of its fields points to). Reading or writing released memory is undefined behaviour; an "
        "attacker who controls what is allocated there next controls what the program reads (CWE-416). "
        "An error when the release comes before the use on every path and the use follows it on every "
        "path, a warning when it does on some path, a note when the release happens only on some paths "
        "of a callee or the use is a call to a function of the program that may not touch it.",
        Level::Warning,
        "medium",
        {"security", "correctness", "reliability", "external/cwe/cwe-416"},
        "8.8",
    };
    return kInfo;
}

void UseAfterFreeCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    using Kind = facts::ReleasedUse::Kind;
    using Via = facts::ReleasedUse::Via;
    const ReleaseOrder order(context);
    for (const facts::ReleasedUse& use : context.facts.released_uses) {
        if (use.kind == Kind::Release) continue;  // double-free's
        const facts::CallSite* release = order.call(use.call);
        if (release == nullptr) continue;
        Level level = use.always ? Level::Error : Level::Warning;
        if (use.via == Via::SummarySome || use.kind == Kind::Pass) level = context.options.summary_level;
        if (level == Level::None) continue;
        const std::string value = order.value_label(use);
        const std::string by = order.release_label(use.via, *release);
        std::string how;
        switch (use.kind) {
            case Kind::Deref:
                how = "is used";
                break;
            case Kind::Return:
                how = "is returned";
                break;
            case Kind::Library: {
                const facts::CallSite* user = order.call(use.use_call);
                how = fmt::format("is passed to `{}`",
                                  user != nullptr ? user->callee : std::string("a function"));
                break;
            }
            case Kind::Pass: {
                const facts::CallSite* user = order.call(use.use_call);
                how = fmt::format(
                    "is passed to `{}`, which may use it",
                    user != nullptr && !user->callee.empty() ? user->callee : std::string("a function"));
                break;
            }
            case Kind::Release:
                break;
        }
        out.push_back(order.finding(info(), use, level,
                                    fmt::format("{} {} after {} {} it{}", value, how, by, "{release}",
                                                use.always ? "" : " (on some paths)")));
    }
}

}  // namespace galias::reports
