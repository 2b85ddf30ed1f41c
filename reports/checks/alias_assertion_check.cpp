#include "reports/checks/alias_assertion_check.hpp"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <tuple>

#include "reports/checks/alias_evidence.hpp"
#include "reports/checks/argument_overlap.hpp"
#include "reports/node_names.hpp"

namespace galias::reports {

namespace {

enum class Expect { May, No, Must };

struct Assertion {
    Expect expect;
    bool expected_fail;
};

std::optional<Assertion> parse_assertion(std::string_view callee) {
    if (callee == "MAYALIAS" || callee == "PARTIALALIAS") return Assertion{Expect::May, false};
    if (callee == "NOALIAS") return Assertion{Expect::No, false};
    if (callee == "MUSTALIAS") return Assertion{Expect::Must, false};
    if (callee == "EXPECTEDFAIL_MAYALIAS") return Assertion{Expect::May, true};
    if (callee == "EXPECTEDFAIL_NOALIAS") return Assertion{Expect::No, true};
    return std::nullopt;
}

bool passes(Expect expect, AliasKind kind) {
    return expect == Expect::No ? kind == AliasKind::No : kind != AliasKind::No;
}

}  // namespace

const RuleInfo& AliasAssertionCheck::info() const {
    static const RuleInfo kInfo{
        "alias-assertion",
        "AliasAssertion",
        "A MAYALIAS/NOALIAS/MUSTALIAS assertion does not hold",
        "Pointer-analysis test programs state expected answers with calls such as NOALIAS(p, q) and "
        "MAYALIAS(p, q). This check evaluates every such call against the analysis and reports the "
        "assertions that fail: NOALIAS fails when the two arguments may alias, MAYALIAS and MUSTALIAS "
        "fail when they cannot.",
        Level::Error,
        "very-high",
        {"correctness", "testing"},
    };
    return kInfo;
}

void AliasAssertionCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    // One group per source call (per context with --per-context).
    using Key = std::tuple<std::string, std::uint32_t, std::uint32_t, std::string, std::uint32_t>;
    std::map<Key, std::vector<const facts::CallSite*>> groups;
    for (const facts::CallSite& call : context.facts.calls) {
        if (!parse_assertion(call.callee) || call.args.size() != 2) continue;
        std::uint32_t ctx = context.options.per_context ? call.context : 0;
        groups[Key{call.begin.file, call.begin.line, call.begin.column, call.callee, ctx}].push_back(&call);
    }
    for (const auto& [key, calls] : groups) {
        const facts::CallSite& first = *calls.front();
        Assertion assertion = *parse_assertion(first.callee);
        // Merge contexts: strongest answer for MAYALIAS/MUSTALIAS, any alias for NOALIAS.
        AliasKind merged = AliasKind::No;
        std::vector<NodeId> as;
        std::vector<NodeId> bs;
        for (const facts::CallSite* call : calls) {
            NodeId a = call->args[0];
            NodeId b = call->args[1];
            if (a == facts::kNoNode || b == facts::kNoNode) continue;
            // Pointers alias when the memory they lead to may overlap (a field is its own
            // bytes); they must when they are the same value.
            const OverlapVerdict verdict =
                relate_arguments(context, *call, 0, 1, AccessExtent::at_least(1), AccessExtent::at_least(1));
            const AliasKind kind = verdict.overlap == Overlap::Certain    ? AliasKind::Must
                                   : verdict.overlap == Overlap::Possible ? AliasKind::May
                                                                          : AliasKind::No;
            merged = std::max(merged, kind);
            as.push_back(a);
            bs.push_back(b);
        }
        bool ok = passes(assertion.expect, merged);
        if (assertion.expected_fail == !ok) continue;  // passes as required, or fails as expected

        const std::string a_name =
            first.args[0] != facts::kNoNode ? argument_label(context, first.args[0], 0) : "argument 1";
        const std::string b_name =
            first.args[1] != facts::kNoNode ? argument_label(context, first.args[1], 1) : "argument 2";
        Finding finding;
        finding.rule_id = std::string(info().id);
        finding.key = first.callee;
        locate_at_call(first, finding);
        finding.context = context.context_label(first.context);
        if (assertion.expected_fail) {
            finding.level = Level::Note;
            finding.message =
                fmt::format("`{}` is marked as an expected failure but now holds ({} and {}: {})",
                            first.callee, a_name, b_name, alias_kind_name(merged));
        } else if (merged == AliasKind::No) {
            finding.level = Level::Error;
            finding.message =
                fmt::format("assertion `{}` fails: {} and {} cannot alias", first.callee, a_name, b_name);
        } else {
            finding.level = Level::Error;
            AliasEvidence evidence = gather_evidence(context, as, bs);
            std::string object = link_common_object(context, evidence, finding);
            finding.message = fmt::format("assertion `{}` fails: {} and {} {} alias{}", first.callee, a_name,
                                          b_name, merged == AliasKind::Must ? "must" : "may",
                                          object.empty() ? "" : " (both may point to " + object + ")");
            attach_witness(context, evidence, finding);
        }
        link_macro_spelling(first, finding);
        out.push_back(std::move(finding));
    }
}

}  // namespace galias::reports
