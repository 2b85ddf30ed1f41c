#include "reports/checks/restrict_alias_check.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "reports/checks/alias_evidence.hpp"
#include "reports/checks/c_library.hpp"

namespace galias::reports {

const RuleInfo& RestrictAliasCheck::info() const {
    static const RuleInfo kInfo{
        "restrict-alias",
        "RestrictAlias",
        "Aliased pointers passed to restrict-qualified parameters",
        "A call passes two pointers that may point to the same object where at least one of the "
        "parameters is restrict-qualified. Accessing the object through both is undefined behaviour "
        "(C11 6.7.3.1, SEI CERT EXP43-C). Reported as an error when the pointers must alias and as a "
        "warning when they may.",
        Level::Warning,
        "medium",
        {"correctness", "reliability", "external/cert/exp43-c"},
    };
    return kInfo;
}

void RestrictAliasCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    const bool copies_elsewhere = context.options.is_enabled("overlapping-copy");
    for_each_call(context, [&](const facts::CallSite& call, std::vector<Finding>& found) {
        std::string callee = normalize_callee(call.callee);
        const LibraryFunction* library = find_library_function(callee);
        if (library != nullptr && library->is_copy && copies_elsewhere) return;
        std::vector<bool> restricted = call.restrict_params;
        if (std::find(restricted.begin(), restricted.end(), true) == restricted.end() && library != nullptr) {
            restricted.assign(call.args.size(), false);
            for (unsigned index : library->restrict_params) {
                if (index < restricted.size()) restricted[index] = true;
            }
        }
        for (std::size_t i = 0; i < call.args.size(); ++i) {
            for (std::size_t j = i + 1; j < call.args.size(); ++j) {
                bool ri = i < restricted.size() && restricted[i];
                bool rj = j < restricted.size() && restricted[j];
                if (!ri && !rj) continue;
                NodeId a = call.args[i];
                NodeId b = call.args[j];
                if (a == facts::kNoNode || b == facts::kNoNode) continue;
                AliasKind kind = context.oracle.alias(a, b);
                if (kind == AliasKind::No) continue;

                Finding finding;
                finding.rule_id = std::string(info().id);
                finding.level = kind == AliasKind::Must ? Level::Error : Level::Warning;
                finding.region = SourceRegion::between(call.begin, call.end);
                finding.key = fmt::format("{}:{}:{}", callee, i + 1, j + 1);
                finding.context = context.context_label(call.context);
                std::array<NodeId, 1> sa{a};
                std::array<NodeId, 1> sb{b};
                AliasEvidence evidence = gather_evidence(context, sa, sb);
                std::string object = link_common_object(context, evidence, finding);
                std::string origin = link_value_origin(context, evidence, true, b, finding);
                std::string which = ri && rj ? fmt::format("parameters {} and {} are", i + 1, j + 1)
                                             : fmt::format("parameter {} is", ri ? i + 1 : j + 1);
                finding.message = fmt::format(
                    "{} and {} of `{}` {} alias{}{}, but {} restrict-qualified", argument_label(context, a, i),
                    argument_label(context, b, j), call.callee, kind == AliasKind::Must ? "must" : "may",
                    object.empty() ? "" : ": both may point to " + object, origin.empty() ? "" : " (" + origin + ")",
                    which);
                attach_witness(context, evidence, finding);
                found.push_back(std::move(finding));
            }
        }
    }, out);
}

}  // namespace galias::reports
