#include "reports/checks/alias_evidence.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reports/node_names.hpp"

namespace galias::reports {

AliasEvidence gather_evidence(const CheckContext& context, std::span<const NodeId> a,
                              std::span<const NodeId> b) {
    AliasEvidence evidence;
    for (NodeId x : a) {
        for (NodeId y : b) {
            for (NodeId object : common_objects(context.oracle, x, y)) {
                evidence.objects.push_back(context.view.origin(object));
            }
        }
    }
    std::sort(evidence.objects.begin(), evidence.objects.end());
    evidence.objects.erase(std::unique(evidence.objects.begin(), evidence.objects.end()),
                           evidence.objects.end());
    evidence.witness = context.witness.find(a, b, context.options.max_witness_steps);
    return evidence;
}

SourceRegion node_region(const CheckContext& context, NodeId node) {
    const facts::Node* n = context.view.node(node);
    if (n == nullptr) return {};
    return SourceRegion::at(n->pos,
                            static_cast<std::uint32_t>(std::max<std::size_t>(1, base_name(*n).size())));
}

void locate_at_call(const facts::CallSite& call, Finding& finding) {
    finding.region = SourceRegion::between(call.begin, call.end);
    if (call.macro.file.empty() || call.macro.line == 0) return;
    finding.key += fmt::format("@{}:{}:{}", call.macro.file, call.macro.line, call.macro.column);
}

void link_macro_spelling(const facts::CallSite& call, Finding& finding) {
    if (call.macro.file.empty() || call.macro.line == 0) return;
    const std::string link =
        add_related(finding, SourceRegion::at(call.macro), "macro", "the call as the macro spells it");
    finding.message += " (the call is in a " + link + ")";
}

std::string add_related(Finding& finding, const SourceRegion& region, const std::string& text,
                        const std::string& message) {
    if (!region.known()) return "`" + text + "`";
    int id = static_cast<int>(finding.related.size()) + 1;
    finding.related.push_back(RelatedLocation{id, region, message});
    return fmt::format("[{}]({})", text, id);
}

std::string link_common_object(const CheckContext& context, const AliasEvidence& evidence, Finding& finding) {
    NodeId object = facts::kNoNode;
    if (!evidence.objects.empty()) {
        object = evidence.objects.front();
    } else if (evidence.witness) {
        object = context.view.origin(evidence.witness->source);
    }
    const facts::Node* n = context.view.node(object);
    if (n == nullptr) return {};
    std::string name = short_name(*n);
    if (n->kind == facts::NodeKind::AddrOf && name.size() > 1 && name[0] == '&') name.erase(0, 1);
    std::string what = n->kind == facts::NodeKind::Heap      ? "allocated here"
                       : n->kind == facts::NodeKind::Unknown ? "the caller's object `" + name + "` points to"
                                                             : "`" + name + "` is declared here";
    return add_related(finding, node_region(context, object), name, what);
}

std::string link_value_origin(const CheckContext& context, const AliasEvidence& evidence, bool side_b,
                              NodeId node, Finding& finding) {
    if (!evidence.witness) return {};
    const std::vector<WitnessEdge>& path = side_b ? evidence.witness->to_b : evidence.witness->to_a;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
        if (it->through_memory || it->pos.line == 0) continue;
        const facts::Node* n = context.view.node(node);
        std::string name = n != nullptr ? short_name(*n) : "the argument";
        std::string link = add_related(finding, SourceRegion::at(it->pos), "here",
                                       fmt::format("`{}` gets its value here", name));
        return fmt::format("`{}` gets its value {}", name, link);
    }
    return {};
}

void attach_witness(const CheckContext& context, const AliasEvidence& evidence, Finding& finding) {
    if (evidence.witness) finding.witness = context.witness.steps(*evidence.witness);
}

std::string argument_label(const CheckContext& context, NodeId node, std::size_t index) {
    const facts::Node* n = context.view.node(node);
    if (n != nullptr && n->kind != facts::NodeKind::Temp && !n->name.empty() &&
        n->kind != facts::NodeKind::Heap) {
        return fmt::format("argument {} (`{}`)", index + 1, short_name(*n));
    }
    return fmt::format("argument {}", index + 1);
}

}  // namespace galias::reports
