#include "reports/checks/overlapping_copy_check.hpp"

#include <array>

#include <fmt/format.h>

#include "reports/checks/alias_evidence.hpp"
#include "reports/checks/c_library.hpp"

namespace galias::reports {

const RuleInfo& OverlappingCopyCheck::info() const {
    static const RuleInfo kInfo{
        "overlapping-copy",
        "OverlappingCopy",
        "Source and destination of a copy may overlap",
        "memcpy, strcpy, strncpy, strcat and the other C library copy functions have undefined "
        "behaviour when the source and destination overlap (CWE-475). Reported as an error when the "
        "two pointers must point into the same object and as a warning when they may; use memmove "
        "for overlapping copies.",
        Level::Error,
        "high",
        {"correctness", "security", "external/cwe/cwe-475"},
    };
    return kInfo;
}

void OverlappingCopyCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    for_each_call(context, [&](const facts::CallSite& call, std::vector<Finding>& found) {
        std::string callee = normalize_callee(call.callee);
        const LibraryFunction* library = find_library_function(callee);
        if (library == nullptr || !library->is_copy || call.args.size() < 2) return;
        NodeId dst = call.args[0];
        NodeId src = call.args[1];
        if (dst == facts::kNoNode || src == facts::kNoNode) return;
        AliasKind kind = context.oracle.alias(dst, src);
        if (kind == AliasKind::No) return;

        Finding finding;
        finding.rule_id = std::string(info().id);
        finding.level = kind == AliasKind::Must ? Level::Error : Level::Warning;
        finding.region = SourceRegion::between(call.begin, call.end);
        finding.key = callee;
        finding.context = context.context_label(call.context);
        std::array<NodeId, 1> sa{dst};
        std::array<NodeId, 1> sb{src};
        AliasEvidence evidence = gather_evidence(context, sa, sb);
        std::string object = link_common_object(context, evidence, finding);
        std::string origin = link_value_origin(context, evidence, true, src, finding);
        finding.message = fmt::format(
            "source and destination of `{}` {} overlap{}{}; use memmove or separate buffers", call.callee,
            kind == AliasKind::Must ? "must" : "may", object.empty() ? "" : ": both point into " + object,
            origin.empty() ? "" : " (" + origin + ")");
        attach_witness(context, evidence, finding);
        found.push_back(std::move(finding));
    }, out);
}

}  // namespace galias::reports
