#include "reports/checks/release_order.hpp"

#include <fmt/format.h>

#include "reports/checks/alias_evidence.hpp"
#include "reports/checks/memory_objects.hpp"

namespace galias::reports {

ReleaseOrder::ReleaseOrder(const CheckContext& context) : context_(context) {
    for (const facts::CallSite& call : context.facts.calls) calls_.emplace(call.id, &call);
}

const facts::CallSite* ReleaseOrder::call(std::uint32_t id) const {
    const auto it = calls_.find(id);
    return it == calls_.end() ? nullptr : it->second;
}

std::string ReleaseOrder::value_label(const facts::ReleasedUse& use) const {
    const facts::CallSite* release = call(use.call);
    if (release == nullptr || use.arg >= release->args.size()) return "the block";
    const std::string label = pointer_label(context_, release->args[use.arg]);
    if (use.field < 0) return fmt::format("the block {} points to", label);
    return fmt::format("the block stored at byte {} of what {} points to", use.field, label);
}

std::string ReleaseOrder::release_label(const facts::ReleasedUse::Via via,
                                        const facts::CallSite& call) const {
    std::string name = call.callee.empty() ? "a call through a pointer" : "`" + call.callee + "`";
    if (via == facts::ReleasedUse::Via::SummarySome) name += " (which releases it on some paths)";
    return name;
}

Finding ReleaseOrder::finding(const RuleInfo& rule, const facts::ReleasedUse& use, Level level,
                              const std::string& message) const {
    Finding finding;
    finding.rule_id = std::string(rule.id);
    finding.level = level;
    finding.region = SourceRegion::at(use.pos);
    const facts::CallSite* release = call(use.call);
    // By the release's place, not its call id: the copies of one function in several
    // programs of a database (or contexts) are one finding.
    finding.key = release != nullptr ? fmt::format("{}:{}:{}:{}:{}", release->begin.file, release->begin.line,
                                                   release->begin.column, use.arg, use.field)
                                     : fmt::format("{}:{}:{}", use.call, use.arg, use.field);
    std::string text = message;
    if (release != nullptr) {
        const SourceRegion where = SourceRegion::between(release->begin, release->end);
        const std::string link = add_related(finding, where, "released", "the block is released here");
        const std::size_t at = text.find("{release}");
        if (at != std::string::npos) text.replace(at, 9, link);
        // The code flow: where the block was allocated (when one allocation site is known),
        // its release, then the use.
        if (use.field < 0 && use.arg < release->args.size() && release->args[use.arg] != facts::kNoNode) {
            const std::vector<NodeId> objects = context_.oracle.points_to(release->args[use.arg]);
            if (objects.size() == 1) {
                const facts::Node* block = context_.facts.node(objects.front());
                if (block != nullptr && block->kind == facts::NodeKind::Heap && block->pos.line != 0)
                    finding.witness.push_back(
                        FlowStep{SourceRegion::at(block->pos),
                                 fmt::format("allocated here (`{}`)", block->allocator)});
            }
        }
        finding.witness.push_back(FlowStep{where, "released here"});
    }
    finding.witness.push_back(FlowStep{finding.region, "used here"});
    finding.message = std::move(text);
    return finding;
}

}  // namespace galias::reports
