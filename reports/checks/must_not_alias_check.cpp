#include "reports/checks/must_not_alias_check.hpp"

#include <fmt/format.h>

#include "reports/checks/alias_evidence.hpp"
#include "reports/node_names.hpp"
#include "reports/node_resolver.hpp"

namespace galias::reports {

const RuleInfo& MustNotAliasCheck::info() const {
    static const RuleInfo kInfo{
        "must-not-alias",
        "MustNotAlias",
        "Variables declared never to alias may alias",
        "The configuration file lists pairs of variables (globals, parameters, locals) that the "
        "program's design says never point to the same memory. This check reports each pair the "
        "analysis finds may alias, with the chain of assignments that makes them alias.",
        Level::Error,
        "medium",
        {"correctness", "maintainability"},
    };
    return kInfo;
}

void MustNotAliasCheck::run(const CheckContext& context, std::vector<Finding>& out) const {
    NodeResolver resolver(context.facts, context.view);
    for (const MustNotAliasPair& pair : context.options.must_not_alias) {
        std::vector<NodeId> a_nodes = resolver.resolve(pair.a, pair.where);
        std::vector<NodeId> b_nodes = resolver.resolve(pair.b, pair.where);
        for (NodeId a : a_nodes) {
            for (NodeId b : b_nodes) {
                AliasKind kind = context.view.alias(context.oracle, a, b);
                if (kind == AliasKind::No) continue;
                const facts::Node& na = *context.view.node(a);
                const facts::Node& nb = *context.view.node(b);
                Finding finding;
                finding.rule_id = std::string(info().id);
                finding.level = Level::Error;
                finding.region = node_region(context, a);
                finding.key = fmt::format("{}|{}", na.name, nb.name);
                std::span<const NodeId> ca = context.view.clones(a);
                std::span<const NodeId> cb = context.view.clones(b);
                AliasEvidence evidence = gather_evidence(context, ca, cb);
                std::string other = add_related(finding, node_region(context, b), short_name(nb),
                                                fmt::format("`{}` is declared here", short_name(nb)));
                std::string object = link_common_object(context, evidence, finding);
                std::string where = pair.where.known() ? fmt::format(" ({})", pair.where.str()) : "";
                finding.message =
                    fmt::format("`{}` and {} {} alias{}, but the configuration requires they never do{}{}",
                                short_name(na), other, kind == AliasKind::Must ? "must" : "may",
                                object.empty() ? "" : " (both may point to " + object + ")", where,
                                pair.reason.empty() ? "" : ": " + pair.reason);
                attach_witness(context, evidence, finding);
                out.push_back(std::move(finding));
            }
        }
    }
}

}  // namespace galias::reports
