#include "reports/field_contents.hpp"

#include <algorithm>

namespace galias::reports {

namespace {

bool meet(const std::vector<NodeId>& a, const std::vector<NodeId>& b) {
    auto i = a.begin();
    auto j = b.begin();
    while (i != a.end() && j != b.end()) {
        if (*i == *j) return true;
        if (*i < *j) ++i; else ++j;
    }
    return false;
}

}  // namespace

FieldContents::FieldContents(const facts::ProgramFacts& facts, const AliasOracle& oracle,
                             std::span<const std::uint32_t> andersen_stores)
    : facts_(facts), oracle_(oracle) {
    for (const facts::FieldStore& s : facts.field_stores) direct_[s.field].push_back(Store{s.pointer, s.value});
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

std::vector<NodeId> FieldContents::points_to(NodeId pointer, NodeId field) const {
    const std::vector<NodeId> owners = oracle_.points_to(pointer);
    for (NodeId target : facts_.bulk_writes) {
        if (meet(oracle_.points_to(target), owners)) return oracle_.points_to(field);  // any field of the type
    }
    std::vector<NodeId> out;
    const auto add = [&](const std::vector<Store>& stores) {
        for (const Store& s : stores) {
            if (!meet(oracle_.points_to(s.pointer), owners)) continue;
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
