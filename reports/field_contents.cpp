#include "reports/field_contents.hpp"

#include <algorithm>

namespace galias::reports {

FieldContents::FieldContents(const facts::ProgramFacts& facts, const AliasOracle& oracle,
                             std::span<const std::uint32_t> andersen_stores)
    : oracle_(oracle) {
    for (const facts::FieldStore& s : facts.field_stores) {
        direct_[s.field].push_back(Store{s.pointer, s.value});
        // The value of `p->a = p->b` is b's field node, read through the same pointer node.
        if (s.value_pointer == s.pointer && s.value != s.field) links_.emplace_back(s.field, s.value);
    }
    std::sort(links_.begin(), links_.end());
    links_.erase(std::unique(links_.begin(), links_.end()), links_.end());
    for (NodeId target : facts.bulk_writes) {
        const std::vector<NodeId> objects = oracle.points_to(target);
        bulk_written_.insert(bulk_written_.end(), objects.begin(), objects.end());
    }
    std::sort(bulk_written_.begin(), bulk_written_.end());
    bulk_written_.erase(std::unique(bulk_written_.begin(), bulk_written_.end()), bulk_written_.end());
    // A store through a pointer that may point to a field node writes that field of the
    // other objects the pointer may point to (`&p->f` points to both, docs/FACTS.md).
    for (std::size_t i = 0; i + 1 < andersen_stores.size(); i += 2) {
        const NodeId pointer = andersen_stores[i];
        for (NodeId object : oracle.points_to(pointer)) {
            const facts::Node* n = facts.node(object);
            if (n != nullptr && n->kind == facts::NodeKind::Field) {
                indirect_[object].push_back(Store{pointer, andersen_stores[i + 1]});
            }
        }
    }
}

bool FieldContents::linked(NodeId field_a, NodeId field_b) const {
    return std::binary_search(links_.begin(), links_.end(), std::make_pair(field_a, field_b)) ||
           std::binary_search(links_.begin(), links_.end(), std::make_pair(field_b, field_a));
}

std::vector<NodeId> FieldContents::points_to(NodeId pointer, NodeId field) const {
    const std::vector<NodeId> owners = oracle_.points_to(pointer);
    if (sorted_sets_meet(bulk_written_, owners)) return oracle_.points_to(field);  // any field of the type
    std::vector<NodeId> out;
    const auto add = [&](const std::vector<Store>& stores) {
        for (const Store& s : stores) {
            if (!sorted_sets_meet(oracle_.points_to(s.pointer), owners)) continue;
            const std::vector<NodeId> values = oracle_.points_to(s.value);
            out.insert(out.end(), values.begin(), values.end());
        }
    };
    if (auto it = direct_.find(field); it != direct_.end()) add(it->second);
    if (auto it = indirect_.find(field); it != indirect_.end()) add(it->second);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace galias::reports
