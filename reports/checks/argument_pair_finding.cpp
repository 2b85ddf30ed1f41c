#include "reports/checks/argument_pair_finding.hpp"

#include <fmt/format.h>

#include <array>
#include <utility>

namespace galias::reports {

ArgumentPairFinding::ArgumentPairFinding(const CheckContext& context, const facts::CallSite& call,
                                         const RuleInfo& rule, Level level, std::string key, NodeId a,
                                         NodeId b, const OverlapVerdict& verdict)
    : context_(context), call_(call), verdict_(verdict), b_(b) {
    finding_.rule_id = std::string(rule.id);
    finding_.level = level;
    finding_.key = std::move(key);
    locate_at_call(call, finding_);
    finding_.context = context.context_label(call.context);
    const std::array<NodeId, 1> side_a{a};
    const std::array<NodeId, 1> side_b{b};
    evidence_ = gather_evidence(context, side_a, side_b);
    name_verdict_objects(context, verdict, evidence_);
}

std::string ArgumentPairFinding::common_object_clause(const char* preposition) {
    const std::string object = link_common_object(context_, evidence_, finding_);
    const std::string origin = link_value_origin(context_, evidence_, true, b_, finding_);
    std::string clause;
    if (!object.empty())
        clause = std::string(": both may point ") + preposition + " " + object + evidence_remark(verdict_);
    if (!origin.empty()) clause += " (" + origin + ")";
    return clause;
}

void ArgumentPairFinding::emit(std::string message, std::vector<Finding>& out) {
    finding_.message = std::move(message);
    if (!verdict_.allocation_candidate.empty()) {
        // What the user can tell galias that would settle it, the function's name linked to the
        // call that returned the block (allocation_candidates.tsv).
        finding_.allocator_hint = verdict_.allocation_candidate;
        std::string function = "`" + verdict_.allocation_candidate + "`";
        for (std::uint32_t arg = 0; arg < call_.args.size(); ++arg) {
            const facts::AllocationCandidate* c = context_.facts.allocation_candidate(call_.id, arg);
            if (c == nullptr || c->function != verdict_.allocation_candidate || c->pos.line == 0) continue;
            function = add_related(finding_, SourceRegion::at(c->pos), function,
                                   fmt::format("the block comes from this call of `{}`", c->function));
            break;
        }
        finding_.message += fmt::format(
            "; if {} returns memory no other object holds, name it in `[analysis] allocators`", function);
    }
    link_macro_spelling(call_, finding_);
    attach_witness(context_, evidence_, finding_);
    out.push_back(std::move(finding_));
}

}  // namespace galias::reports
