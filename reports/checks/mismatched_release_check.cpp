#include "reports/checks/mismatched_release_check.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reports/checks/argument_overlap.hpp"
#include "reports/checks/memory_objects.hpp"

namespace galias::reports {

const RuleInfo& MismatchedReleaseCheck::info() const {
    static const RuleInfo kInfo{
        "mismatched-release",
        "MismatchedRelease",
        "Memory released by a function of another family than its allocator",
        "A block is released by a function that does not take back what its allocator hands out: "
        "free of a stream from fopen, fclose of a malloc block, free of getaddrinfo's list, or a "
        "release the configuration does not pair with the allocator. The allocator's state is "
        "corrupted, or the resource is never closed (CWE-762). An error when the code releases the "
        "block a call of the same function returned, a warning when the program's own assignments "
        "carry the block to the release, a note when only memory shared by many objects does.",
        Level::Warning,
        "medium",
        {"security", "correctness", "reliability", "external/cwe/cwe-762"},
        "6.5",
    };
    return kInfo;
}

void MismatchedReleaseCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    const MemoryModel model(context.facts, context.options);
    for_each_call(
        context,
        [&](const facts::CallSite& call, std::vector<Finding>& found) {
            const std::optional<Release> release = model.release(call);
            if (!release || release->families.empty() || call.args[release->arg] == facts::kNoNode) return;
            const NodeId pointer = call.args[release->arg];
            const facts::ArgumentAddress* address = context.facts.argument(call.id, release->arg);
            const std::vector<NodeId> objects = argument_objects(context, call, release->arg);
            const auto mismatched = [&](const facts::Node& object) {
                const Family family = model.family(object);
                if (!family.known() || family.library == facts::MemoryFamily::Stack ||
                    family.library == facts::MemoryFamily::Library)
                    return false;  // unknown, or not released at all (free-nonheap)
                return std::find(release->families.begin(), release->families.end(), family) ==
                       release->families.end();
            };
            std::vector<NodeId> wrong;
            for (NodeId object : objects) {
                const facts::Node* n = context.facts.node(object);
                if (n != nullptr && mismatched(*n)) wrong.push_back(object);
            }
            if (wrong.empty()) return;
            NodeId shown = wrong.front();
            Level level = context.options.summary_level;
            const facts::Node* allocated_here = nullptr;
            if (address != nullptr && address->allocation && address->offset) {
                // The released value is what one call of the function returned: its block.
                const std::string& callee = model.callee_of(*address->allocation);
                for (NodeId object : wrong) {
                    const facts::Node* n = context.facts.node(object);
                    if (model.allocator_family(callee) == model.family(*n) && !callee.empty())
                        allocated_here = n;
                }
            }
            if (allocated_here != nullptr) {
                level = Level::Error;
                shown = allocated_here->id;
            } else if (objects.size() <= kImpreciseSet) {
                for (NodeId object : wrong) {
                    if (flow_of(context, model, model.address_of(object), pointer,
                                context.options.max_witness_steps) == Flow::Direct) {
                        shown = object;
                        level = Level::Warning;
                        break;
                    }
                }
            }
            if (level == Level::None) return;
            const facts::Node& object = *context.facts.node(shown);
            const Family family = model.family(object);
            Finding finding = finding_at_call(context, info(), call, level,
                                              fmt::format("{}:{}", release->function, release->arg + 1));
            const std::string what = describe_object(context, model, shown, finding);
            const std::string hint = model.release_hint(family);
            const std::string allocator = MemoryModel::family_name(family);
            finding.message = fmt::format(
                "`{}` of {}, which {} {}{}: {}", release->function, pointer_label(context, pointer),
                level == Level::Error ? "points to" : "may point to", what,
                level < Level::Warning ? " (only through memory many objects share)" : "",
                hint.empty() ? fmt::format("`{}`'s memory is not released one block at a time", allocator)
                             : fmt::format("`{}`'s memory is released with `{}`", allocator, hint));
            attach_address_flow(context, model, shown, pointer, finding);
            found.push_back(std::move(finding));
        },
        out);
}

}  // namespace galias::reports
