#include "reports/witness_path.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <utility>

#include "reports/node_names.hpp"

namespace galias::reports {

namespace {

// MemoryEdges from flat MemoryAlias rows: compressed rows by the second column, each
// node's sources in row order (a stable counting sort); rows (n, n) are left out.
class RowMemoryEdges final : public MemoryEdges {
public:
    explicit RowMemoryEdges(std::span<const std::uint32_t> rows) {
        std::size_t nodes = 0;
        for (std::size_t i = 0; i + 1 < rows.size(); i += 2)
            nodes = std::max<std::size_t>(nodes, std::size_t{rows[i + 1]} + 1);
        begin_.assign(nodes + 1, 0);
        for (std::size_t i = 0; i + 1 < rows.size(); i += 2) {
            if (rows[i] != rows[i + 1]) ++begin_[rows[i + 1] + 1];
        }
        for (std::size_t n = 0; n < nodes; ++n) begin_[n + 1] += begin_[n];
        sources_.resize(begin_.back());
        std::vector<std::size_t> fill(begin_.begin(), begin_.end() - 1);
        for (std::size_t i = 0; i + 1 < rows.size(); i += 2) {
            if (rows[i] != rows[i + 1]) sources_[fill[rows[i + 1]]++] = rows[i];
        }
    }

    [[nodiscard]] std::span<const NodeId> sources_into(NodeId n) const override {
        if (std::size_t{n} + 1 >= begin_.size()) return {};
        return std::span<const NodeId>(sources_).subspan(begin_[n], begin_[n + 1] - begin_[n]);
    }

private:
    std::vector<std::size_t> begin_;
    std::vector<NodeId> sources_;
};

}  // namespace

WitnessFinder::WitnessFinder(const facts::ProgramFacts& facts, std::span<const std::uint32_t> memory_alias)
    : WitnessFinder(facts, std::make_unique<RowMemoryEdges>(memory_alias)) {}

WitnessFinder::WitnessFinder(const facts::ProgramFacts& facts, const MemoryEdges& memory)
    : facts_(facts), memory_(&memory) {
    for (const facts::AssignSite& site : facts.assign_sites) {
        if (site.src == site.dst) continue;
        edges_.push_back(WitnessEdge{site.src, site.dst, site.pos, false});
    }
    // Counting sort of the edge indexes by destination; stable, so each node's incoming
    // edges stay in edges_ order (which decides ties between equally short witnesses).
    std::size_t nodes = 0;
    for (const WitnessEdge& edge : edges_) nodes = std::max<std::size_t>(nodes, std::size_t{edge.dst} + 1);
    incoming_begin_.assign(nodes + 1, 0);
    for (const WitnessEdge& edge : edges_) ++incoming_begin_[edge.dst + 1];
    for (std::size_t n = 0; n < nodes; ++n) incoming_begin_[n + 1] += incoming_begin_[n];
    incoming_edges_.resize(edges_.size());
    std::vector<std::size_t> fill(incoming_begin_.begin(), incoming_begin_.end() - 1);
    for (std::size_t e = 0; e < edges_.size(); ++e) incoming_edges_[fill[edges_[e].dst]++] = e;
}

WitnessFinder::WitnessFinder(const facts::ProgramFacts& facts, std::unique_ptr<MemoryEdges> memory)
    : WitnessFinder(facts, *memory) {
    own_memory_ = std::move(memory);
}

void WitnessFinder::Visits::begin(const MemoryStepRows& rows) {
    if (++number == 0) {  // wrapped: old stamps could read as this search's
        std::fill(stamp.begin(), stamp.end(), 0);
        number = 1;
    }
    row_bits.assign(rows.words(), 0);
    bit_of = rows.bit_of();
}

bool WitnessFinder::Visits::visit(NodeId n, std::uint32_t depth, Step step) {
    if (n == facts::kNoNode) return false;
    if (n >= stamp.size()) {
        const std::size_t size = std::max<std::size_t>(std::size_t{n} + 1, 2 * stamp.size());
        stamp.resize(size, 0);
        dist.resize(size);
        next.resize(size);
    }
    if (stamp[n] == number) return false;
    stamp[n] = number;
    dist[n] = depth;
    next[n] = step;
    if (n < bit_of.size() && bit_of[n] != MemoryStepRows::kNone)
        row_bits[bit_of[n] / 64] |= std::uint64_t{1} << (bit_of[n] % 64);
    return true;
}

WitnessFinder::Search WitnessFinder::start(std::span<const NodeId> targets, Visits& visits) const {
    Search search;
    search.visits = &visits;
    visits.begin(rows());
    for (NodeId t : targets) {
        if (visits.visit(t, 0, Step{})) search.frontier.push_back(t);
    }
    return search;
}

bool WitnessFinder::expand(Search& search, std::size_t& edges_left) const {
    std::vector<NodeId> reached;
    const std::size_t depth = search.depth + 1;
    const auto level = static_cast<std::uint32_t>(depth);
    Visits& visits = *search.visits;
    const MemoryStepRows& memory_rows = rows();
    bool complete = true;
    for (NodeId n : search.frontier) {
        // Assignments before memory steps, so plain chains are preferred at equal length.
        std::span<const std::size_t> assignments;
        if (std::size_t{n} + 1 < incoming_begin_.size())
            assignments = std::span<const std::size_t>(incoming_edges_)
                              .subspan(incoming_begin_[n], incoming_begin_[n + 1] - incoming_begin_[n]);
        const std::span<const NodeId> memory = memory_->sources_into(n);
        if (assignments.size() + memory.size() > edges_left) {
            complete = false;
            break;
        }
        edges_left -= assignments.size() + memory.size();
        for (std::size_t e : assignments) {
            const NodeId m = edges_[e].src;
            if (visits.visit(m, level, Step{n, e})) reached.push_back(m);
        }
        if (const std::uint64_t* row = memory_rows.row(n)) {
            // The row's nodes not visited yet, ascending: those the list would visit.
            for (std::size_t w = 0; w < memory_rows.words(); ++w) {
                for (std::uint64_t fresh = row[w] & ~visits.row_bits[w]; fresh != 0; fresh &= fresh - 1) {
                    const NodeId m = memory_rows.node_of_bit(w * 64 + std::countr_zero(fresh));
                    visits.visit(m, level, Step{n, kMemoryStep});
                    reached.push_back(m);
                }
            }
            continue;
        }
        for (NodeId m : memory) {
            if (visits.visit(m, level, Step{n, kMemoryStep})) reached.push_back(m);
        }
    }
    search.frontier = std::move(reached);
    search.depth = depth;
    return complete;
}

const MemoryStepRows& WitnessFinder::rows() const {
    std::call_once(rows_->built, [&] {
        if (use_rows_)
            rows_->rows = MemoryStepRows(*memory_, std::max(facts_.nodes.size(), incoming_begin_.size()));
    });
    return rows_->rows;
}

std::vector<WitnessEdge> WitnessFinder::walk(NodeId from, const Search& search) const {
    std::vector<WitnessEdge> path;
    const Visits& visits = *search.visits;
    NodeId n = from;
    while (visits.visited(n) && visits.next[n].dst != facts::kNoNode) {
        const Step step = visits.next[n];
        path.push_back(step.edge == kMemoryStep ? WitnessEdge{n, step.dst, {}, true} : edges_[step.edge]);
        n = step.dst;
    }
    return path;
}

// The witness is the common ancestor s of a node of `a` and a node of `b` with the least
// dist_a(s) + dist_b(s), ties to the smaller id. Both searches grow one level at a time and
// stop once no unvisited node can tie the best found: a node not yet visited on a side lies
// at least one level beyond that side's depth, so the sum is at least the smaller of the two
// "next level" depths. Breadth-first order is the same as a full search's, so the result is
// that of searching both sides to max_steps, without visiting what lies beyond the answer.
std::optional<Witness> WitnessFinder::find(std::span<const NodeId> a, std::span<const NodeId> b,
                                           std::size_t max_steps, std::size_t max_edges) const {
    std::size_t edges_left = max_edges == 0 ? static_cast<std::size_t>(-1) : max_edges;
    thread_local Visits visits_a;
    thread_local Visits visits_b;
    Search sa = start(a, visits_a);
    Search sb = start(b, visits_b);
    NodeId best = facts::kNoNode;
    std::size_t best_length = max_steps + 1;
    auto meet = [&](NodeId node, std::size_t length) {
        if (length > max_steps) return;
        if (length < best_length || (length == best_length && node < best)) {
            best = node;
            best_length = length;
        }
    };
    for (NodeId n : sa.frontier) {
        if (visits_b.visited(n)) meet(n, 0);
    }
    constexpr std::size_t kClosed = static_cast<std::size_t>(-1);
    auto next_level = [&](const Search& s) {
        return s.frontier.empty() || s.depth >= max_steps ? kClosed : s.depth + 1;
    };
    for (;;) {
        std::size_t level_a = next_level(sa);
        std::size_t level_b = next_level(sb);
        if (std::min(level_a, level_b) > best_length) break;
        bool grow_a = level_a < level_b || (level_a == level_b && sa.frontier.size() <= sb.frontier.size());
        Search& grown = grow_a ? sa : sb;
        const Search& other = grow_a ? sb : sa;
        const bool complete = expand(grown, edges_left);
        for (NodeId n : grown.frontier) {
            if (other.visits->visited(n)) meet(n, grown.depth + other.visits->dist[n]);
        }
        if (!complete) break;  // out of edges: the best witness found so far, if any
    }
    if (best == facts::kNoNode) return std::nullopt;
    return Witness{best, walk(best, sa), walk(best, sb)};
}

bool WitnessFinder::flows_within(NodeId from, NodeId to, std::size_t max_steps,
                                 const std::function<bool(NodeId)>& passable,
                                 const std::function<bool(const WitnessEdge&)>& usable) const {
    if (from == to) return true;
    std::unordered_map<NodeId, bool> seen{{to, true}};
    std::vector<NodeId> frontier{to};
    for (std::size_t depth = 0; depth < max_steps && !frontier.empty(); ++depth) {
        std::vector<NodeId> next;
        for (NodeId n : frontier) {
            if (std::size_t{n} + 1 >= incoming_begin_.size()) continue;
            for (std::size_t k = incoming_begin_[n]; k < incoming_begin_[n + 1]; ++k) {
                const WitnessEdge& edge = edges_[incoming_edges_[k]];
                if (!usable(edge)) continue;
                const NodeId m = edge.src;
                if (m == from) return true;
                if (seen.emplace(m, true).second && passable(m)) next.push_back(m);
            }
        }
        frontier = std::move(next);
    }
    return false;
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
    facts::NodeKind kind =
        witness.source < facts_.nodes.size() ? facts_.nodes[witness.source].kind : facts::NodeKind::Temp;
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
