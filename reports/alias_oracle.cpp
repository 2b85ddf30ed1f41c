#include "reports/alias_oracle.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace galias::reports {

const char* alias_kind_name(AliasKind kind) {
    switch (kind) {
        case AliasKind::No:
            return "no-alias";
        case AliasKind::May:
            return "may-alias";
        case AliasKind::Must:
            return "must-alias";
    }
    return "no-alias";
}

AliasKind AliasOracle::alias(NodeId a, NodeId b) const {
    if (must_alias(a, b)) return AliasKind::Must;
    if (may_alias(a, b)) return AliasKind::May;
    return AliasKind::No;
}

namespace {

std::uint64_t pair_key(NodeId a, NodeId b) {
    return (std::uint64_t{a} << 32) | b;
}

}  // namespace

bool is_one_buffer(const facts::Node& object) {
    // A function has no bytes to copy: a data pointer that may point to one got there
    // through a slot that holds both kinds of pointer.
    return !object.compound && object.kind != facts::NodeKind::Function && is_one_object(object);
}

bool is_one_object(const facts::Node& object) {
    switch (object.kind) {
        case facts::NodeKind::Local:
        case facts::NodeKind::Param:
        case facts::NodeKind::Global:
        case facts::NodeKind::Static:
        case facts::NodeKind::Return:
        case facts::NodeKind::Function:
            return true;
        // A field path inside a variable (`main::s.a`) is part of that variable; a field of a
        // struct or union type (`struct:node.next`) is the field of every instance.
        case facts::NodeKind::Field:
            return !object.name.starts_with("struct:") && !object.name.starts_with("union:");
        case facts::NodeKind::Deref:
        case facts::NodeKind::AddrOf:
        case facts::NodeKind::Heap:
        case facts::NodeKind::String:
        case facts::NodeKind::Temp:
        case facts::NodeKind::Unknown:
            return false;
    }
    return false;
}

bool sorted_sets_meet(std::span<const NodeId> x, std::span<const NodeId> y) {
    auto i = x.begin();
    auto j = y.begin();
    while (i != x.end() && j != y.end()) {
        if (*i == *j) return true;
        if (*i < *j)
            ++i;
        else
            ++j;
    }
    return false;
}

SortedPairs::SortedPairs(std::vector<std::uint32_t> rows) : rows_(std::move(rows)) {
    rows_.resize(rows_.size() / 2 * 2);
    const std::size_t count = rows_.size() / 2;
    bool sorted = true;
    for (std::size_t i = 1; i < count && sorted; ++i)
        sorted = pair_key(rows_[2 * i - 2], rows_[2 * i - 1]) < pair_key(rows_[2 * i], rows_[2 * i + 1]);
    if (sorted) return;
    // Rows built by hand (tests, other producers): sort and deduplicate once.
    std::vector<std::uint64_t> keys(count);
    for (std::size_t i = 0; i < count; ++i) keys[i] = pair_key(rows_[2 * i], rows_[2 * i + 1]);
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    rows_.resize(2 * keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        rows_[2 * i] = static_cast<std::uint32_t>(keys[i] >> 32);
        rows_[2 * i + 1] = static_cast<std::uint32_t>(keys[i]);
    }
}

bool SortedPairs::contains(NodeId a, NodeId b) const {
    const std::uint64_t key = pair_key(a, b);
    std::size_t lo = 0, hi = rows_.size() / 2;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        const std::uint64_t at = pair_key(rows_[2 * mid], rows_[2 * mid + 1]);
        if (at == key) return true;
        if (at < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

PointsToSets::PointsToSets(std::span<const std::uint32_t> rows) {
    for (std::size_t i = 0; i + 1 < rows.size(); i += 2) sets_[rows[i]].push_back(rows[i + 1]);
    for (auto& [pointer, objects] : sets_) {
        std::sort(objects.begin(), objects.end());
        objects.erase(std::unique(objects.begin(), objects.end()), objects.end());
    }
}

std::span<const NodeId> PointsToSets::of(NodeId p) const {
    auto it = sets_.find(p);
    if (it == sets_.end()) return {};
    return it->second;
}

RelationAliasOracle::RelationAliasOracle(const facts::ProgramFacts& facts,
                                         std::vector<std::uint32_t> value_alias,
                                         std::span<const std::uint32_t> points_to)
    : RelationLookupOracle(facts), value_alias_(std::move(value_alias)), points_to_(points_to) {}

bool RelationAliasOracle::has_value_alias(NodeId a, NodeId b) const {
    return value_alias_.contains(a, b);
}

std::span<const NodeId> RelationAliasOracle::points_to_set(NodeId p) const {
    return points_to_.of(p);
}

bool RelationLookupOracle::may_alias(NodeId a, NodeId b) const {
    if (a == facts::kNoNode || b == facts::kNoNode) return false;
    a = facts_.value_representative(a);
    b = facts_.value_representative(b);
    if (a == b) return true;
    if (has_value_alias(a, b) || has_value_alias(b, a)) return true;
    return sorted_sets_meet(points_to_set(a), points_to_set(b));
}

bool RelationLookupOracle::must_alias(NodeId a, NodeId b) const {
    if (a == facts::kNoNode || b == facts::kNoNode) return false;
    if (a == b) return true;
    const std::span<const NodeId> pa = points_to_set(facts_.value_representative(a));
    const std::span<const NodeId> pb = points_to_set(facts_.value_representative(b));
    if (pa.size() != 1 || pb.size() != 1 || pa.front() != pb.front()) return false;
    NodeId object = pa.front();
    if (object >= facts_.nodes.size()) return false;
    return is_one_object(facts_.nodes[object]);
}

std::vector<NodeId> RelationLookupOracle::points_to(NodeId p) const {
    const std::span<const NodeId> objects = points_to_set(facts_.value_representative(p));
    return {objects.begin(), objects.end()};
}

std::vector<NodeId> common_objects(const AliasOracle& oracle, NodeId a, NodeId b) {
    std::vector<NodeId> x = oracle.points_to(a);
    std::vector<NodeId> y = oracle.points_to(b);
    std::vector<NodeId> out;
    std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
    return out;
}

SourceView::SourceView(const facts::ProgramFacts& facts) : facts_(facts) {
    for (const facts::Node& node : facts.nodes) clones_[origin(node.id)].push_back(node.id);
}

const facts::Node* SourceView::node(NodeId id) const {
    return id < facts_.nodes.size() ? &facts_.nodes[id] : nullptr;
}

NodeId SourceView::origin(NodeId id) const {
    const facts::Node* n = node(id);
    if (n == nullptr) return id;
    return n->origin == facts::kNoNode || n->origin >= facts_.nodes.size() ? id : n->origin;
}

std::span<const NodeId> SourceView::clones(NodeId origin_id) const {
    auto it = clones_.find(origin_id);
    if (it == clones_.end()) return {};
    return it->second;
}

AliasKind SourceView::alias(const AliasOracle& oracle, NodeId a, NodeId b) const {
    bool any = false;
    bool all_must = true;
    bool any_pair = false;
    for (NodeId ca : clones(origin(a))) {
        for (NodeId cb : clones(origin(b))) {
            std::uint32_t xa = node(ca)->context;
            std::uint32_t xb = node(cb)->context;
            bool same_context = xa == xb || xa == 0 || xb == 0;
            AliasKind kind = oracle.alias(ca, cb);
            if (same_context) {
                any_pair = true;
                if (kind != AliasKind::Must) all_must = false;
            }
            if (kind != AliasKind::No) any = true;
        }
    }
    if (!any) return AliasKind::No;
    return any_pair && all_must ? AliasKind::Must : AliasKind::May;
}

std::vector<NodeId> SourceView::points_to(const AliasOracle& oracle, NodeId p) const {
    std::vector<NodeId> out;
    for (NodeId clone : clones(origin(p))) {
        for (NodeId object : oracle.points_to(clone)) out.push_back(origin(object));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace galias::reports
