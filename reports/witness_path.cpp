#include "reports/witness_path.hpp"

#include <deque>

#include <fmt/format.h>

#include "reports/node_names.hpp"

namespace galias::reports {

WitnessFinder::WitnessFinder(const facts::ProgramFacts& facts,
                             std::span<const std::uint32_t> memory_alias)
    : facts_(facts) {
    for (const facts::AssignSite& site : facts.assign_sites) {
        if (site.src == site.dst) continue;
        edges_.push_back(WitnessEdge{site.src, site.dst, site.pos, false});
    }
    for (std::size_t i = 0; i + 1 < memory_alias.size(); i += 2) {
        if (memory_alias[i] == memory_alias[i + 1]) continue;
        edges_.push_back(WitnessEdge{memory_alias[i], memory_alias[i + 1], {}, true});
    }
    for (std::size_t i = 0; i < edges_.size(); ++i) incoming_[edges_[i].dst].push_back(i);
}

WitnessFinder::Distances WitnessFinder::backward(std::span<const NodeId> targets,
                                                 std::size_t max_steps) const {
    Distances d;
    std::deque<NodeId> queue;
    for (NodeId t : targets) {
        if (d.dist.emplace(t, 0).second) queue.push_back(t);
    }
    while (!queue.empty()) {
        NodeId n = queue.front();
        queue.pop_front();
        std::size_t here = d.dist[n];
        if (here >= max_steps) continue;
        auto it = incoming_.find(n);
        if (it == incoming_.end()) continue;
        // Assignments before memory steps, so plain chains are preferred at equal length.
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t e : it->second) {
                if (edges_[e].through_memory != (pass == 1)) continue;
                NodeId m = edges_[e].src;
                if (d.dist.emplace(m, here + 1).second) {
                    d.next.emplace(m, e);
                    queue.push_back(m);
                }
            }
        }
    }
    return d;
}

std::vector<WitnessEdge> WitnessFinder::walk(NodeId from, const Distances& d) const {
    std::vector<WitnessEdge> path;
    NodeId n = from;
    for (auto it = d.next.find(n); it != d.next.end(); it = d.next.find(n)) {
        path.push_back(edges_[it->second]);
        n = edges_[it->second].dst;
    }
    return path;
}

std::optional<Witness> WitnessFinder::find(std::span<const NodeId> a, std::span<const NodeId> b,
                                           std::size_t max_steps) const {
    Distances da = backward(a, max_steps);
    Distances db = backward(b, max_steps);
    NodeId best = facts::kNoNode;
    std::size_t best_length = max_steps + 1;
    for (const auto& [node, dist_a] : da.dist) {
        auto it = db.dist.find(node);
        if (it == db.dist.end()) continue;
        std::size_t length = dist_a + it->second;
        if (length < best_length || (length == best_length && node < best)) {
            best = node;
            best_length = length;
        }
    }
    if (best == facts::kNoNode) return std::nullopt;
    return Witness{best, walk(best, da), walk(best, db)};
}

std::vector<FlowStep> WitnessFinder::steps(const Witness& witness) const {
    auto name = [&](NodeId id) {
        return id < facts_.nodes.size() ? short_name(facts_.nodes[id]) : fmt::format("node {}", id);
    };
    auto pos_of = [&](NodeId id) {
        return id < facts_.nodes.size() ? facts_.nodes[id].pos : facts::SourcePos{};
    };
    std::vector<FlowStep> out;
    const std::string source = name(witness.source);
    facts::NodeKind kind = witness.source < facts_.nodes.size() ? facts_.nodes[witness.source].kind
                                                                  : facts::NodeKind::Temp;
    std::string what = kind == facts::NodeKind::Heap ? fmt::format("memory allocated here ({})", source)
                                                     : fmt::format("the value `{}`", source);
    out.push_back(FlowStep{SourceRegion::at(pos_of(witness.source)), "source: " + what});
    auto add = [&](const std::vector<WitnessEdge>& path) {
        for (const WitnessEdge& edge : path) {
            if (edge.through_memory) {
                out.push_back(FlowStep{SourceRegion::at(pos_of(edge.dst)),
                                       fmt::format("`{}` may read the memory written through `{}`",
                                                   name(edge.dst), name(edge.src))});
            } else {
                out.push_back(FlowStep{SourceRegion::at(edge.pos),
                                       fmt::format("`{}` flows into `{}`", name(edge.src), name(edge.dst))});
            }
        }
    };
    add(witness.to_a);
    add(witness.to_b);
    return out;
}

}  // namespace galias::reports
