#include "reports/checks/free_offset_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "reports/checks/argument_overlap.hpp"
#include "reports/checks/memory_objects.hpp"

namespace galias::reports {

namespace {

// "struct:pair" -> "struct pair".
std::string record_name(const std::string& record) {
    const std::size_t colon = record.find(':');
    return colon == std::string::npos ? record : record.substr(0, colon) + " " + record.substr(colon + 1);
}

std::string bytes_text(std::int64_t bytes) {
    const std::uint64_t n = static_cast<std::uint64_t>(std::llabs(bytes));
    return fmt::format("{} byte{} {}", n, n == 1 ? "" : "s", bytes > 0 ? "into" : "before");
}

}  // namespace

const RuleInfo& FreeOffsetCheck::info() const {
    static const RuleInfo kInfo{
        "free-offset",
        "FreeOffset",
        "Release of a pointer into the middle of a block",
        "A call to free, realloc or another release function is passed a pointer that points into a "
        "block but not to its start: the pointer was advanced, or it is the address of a member or "
        "element other than the first. Only the pointer an allocator returned may be released; "
        "anything else is undefined behaviour and corrupts the allocator's state (CWE-761). An error "
        "when the code fixes the distance from a block it allocated, a warning when a constant "
        "distance or a step of the pointer is seen on some path, a note when the distance is not known.",
        Level::Warning,
        "medium",
        {"security", "correctness", "reliability", "external/cwe/cwe-761"},
        "7.5",
    };
    return kInfo;
}

void FreeOffsetCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    const MemoryModel model(context.facts, context.options);
    for_each_call(
        context,
        [&](const facts::CallSite& call, std::vector<Finding>& found) {
            const std::optional<Release> release = model.release(call);
            if (!release || call.args[release->arg] == facts::kNoNode) return;
            const facts::ArgumentAddress* address = context.facts.argument(call.id, release->arg);
            if (address == nullptr || address->base_kind == facts::ArgumentAddress::Base::Unknown) return;
            const NodeId pointer = call.args[release->arg];
            // The blocks it may point into: heap objects of a family that releases them
            // (memory not on the heap is free-nonheap's).
            std::vector<NodeId> blocks;
            const std::vector<NodeId> objects = argument_objects(context, call, release->arg);
            for (NodeId object : objects) {
                const facts::Node* n = context.facts.node(object);
                if (n == nullptr || model.storage(*n) != Storage::Heap) continue;
                const Family family = model.family(*n);
                if (family.library == facts::MemoryFamily::Stack ||
                    family.library == facts::MemoryFamily::Library)
                    continue;
                blocks.push_back(object);
            }
            // A block the calling function allocated is the base: the distance is exact.
            const bool allocated =
                address->allocation && model.is_allocator(model.callee_of(*address->allocation));

            Level level = Level::None;
            const std::string label = pointer_label(context, pointer);
            const std::string formed_from = label == "the pointer" ? "" : " (formed from " + label + ")";
            std::string how;
            if (address->offset && *address->offset != 0) {
                const std::int64_t offset = *address->offset;
                const std::string member = address->record.empty() || address->lo == 0
                                               ? std::string()
                                               : fmt::format(" (the member at byte {} of `{}`)", address->lo,
                                                             record_name(address->record));
                if (allocated) {
                    level = Level::Error;
                    how = fmt::format("a pointer {} the block `{}` returned{}{}", bytes_text(offset),
                                      model.callee_of(*address->allocation), member, formed_from);
                } else if (offset > 0 && !blocks.empty()) {
                    level = objects.size() > kImpreciseSet ? context.options.summary_level : Level::Warning;
                    how = fmt::format("a pointer {} what {} points to{}", bytes_text(offset), label, member);
                }
            } else if (address->moved_line != 0 && (allocated || !blocks.empty())) {
                level = objects.size() > kImpreciseSet ? context.options.summary_level : Level::Warning;
                how = fmt::format("{}, which may have been advanced from the start of its block (at line {})",
                                  label, address->moved_line);
            } else if (!address->offset && allocated) {
                level = context.options.summary_level;
                how = fmt::format(
                    "a pointer into the block `{}` returned, at a distance the code does not fix{}",
                    model.callee_of(*address->allocation), formed_from);
            }
            if (level == Level::None) return;
            Finding finding = finding_at_call(context, info(), call, level,
                                              fmt::format("{}:{}", release->function, release->arg + 1));
            finding.message = fmt::format("`{}` releases {}: only the start of a block may be released",
                                          release->function, how);
            if (!blocks.empty()) attach_address_flow(context, model, blocks.front(), pointer, finding);
            found.push_back(std::move(finding));
        },
        out);
}

}  // namespace galias::reports
