#include "reports/checks/double_free_check.hpp"

#include <fmt/format.h>

#include "reports/checks/release_order.hpp"

namespace galias::reports {

const RuleInfo& DoubleFreeCheck::info() const {
    static const RuleInfo kInfo{
        "double-free",
        "DoubleFree",
        "A block released twice",
        "A pointer is released again after a call released the block it points to, with nothing "
        "between that changes the pointer (free, a configured release function, or a function of the "
        "program whose release summary says it releases that argument), also around a loop. Releasing a "
        "block twice is undefined behaviour and corrupts the allocator's state (CWE-415). An error when "
        "both releases are certain and the second follows the first on every path, a warning when it "
        "does on some path, a note when a release happens only on some paths of a callee.",
        Level::Warning,
        "medium",
        {"security", "correctness", "reliability", "external/cwe/cwe-415"},
        "8.8",
    };
    return kInfo;
}

void DoubleFreeCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    using Via = facts::ReleasedUse::Via;
    const ReleaseOrder order(context);
    for (const facts::ReleasedUse& use : context.facts.released_uses) {
        if (use.kind != facts::ReleasedUse::Kind::Release) continue;
        const facts::CallSite* release = order.call(use.call);
        const facts::CallSite* again = order.call(use.use_call);
        if (release == nullptr || again == nullptr) continue;
        Level level = use.always ? Level::Error : Level::Warning;
        if (use.via == Via::SummarySome || use.again == Via::SummarySome)
            level = context.options.summary_level;
        if (level == Level::None) continue;
        const bool loop = use.call == use.use_call;
        Finding finding = order.finding(
            info(), use, level,
            loop ? fmt::format("{} is released again by {} when the loop comes back to it: {} {} it before",
                               order.value_label(use), order.release_label(use.again, *again),
                               order.release_label(use.via, *release), "{release}")
                 : fmt::format("{} is released again by {} after {} {} it{}", order.value_label(use),
                               order.release_label(use.again, *again), order.release_label(use.via, *release),
                               "{release}", use.always ? "" : " (on some paths)"));
        finding.region = SourceRegion::between(again->begin, again->end);
        finding.witness.back().region = finding.region;
        out.push_back(std::move(finding));
    }
}

}  // namespace galias::reports
