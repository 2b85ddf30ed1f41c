#include "reports/witness_path.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <utility>

#include "facts_builder.hpp"

namespace galias::reports {
namespace {

using testing::NodeKind;

using testing::FactsBuilder;

std::vector<std::uint32_t> lines(const std::vector<FlowStep>& steps) {
    std::vector<std::uint32_t> out;
    for (const FlowStep& step : steps) out.push_back(step.region.line);
    return out;
}

TEST(WitnessPath, ShortestCommonSource) {
    FactsBuilder b;
    NodeId x = b.node("&x", NodeKind::AddrOf, "", 2, 14);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 3);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 4);
    NodeId r = b.node("main::r", NodeKind::Local, "main", 5);
    NodeId s = b.node("main::s", NodeKind::Local, "main", 6);
    b.assign(x, p, 3);  // p = &x
    b.assign(p, q, 4);  // q = p
    b.assign(q, r, 5);  // r = q
    b.assign(x, s, 6);  // s = &x
    b.assign(p, r, 7);  // r = p (shorter route to r)
    WitnessFinder finder(b.facts);
    std::vector<NodeId> a{r};
    std::vector<NodeId> c{q};
    auto witness = finder.find(a, c);
    ASSERT_TRUE(witness);
    EXPECT_EQ(witness->source, q);  // r = q: one step beats going back to p
    ASSERT_EQ(witness->to_a.size(), 1u);
    EXPECT_EQ(witness->to_a[0].pos.line, 5u);
    EXPECT_TRUE(witness->to_b.empty());

    std::vector<NodeId> ss{s};
    auto via_x = finder.find(a, ss);
    ASSERT_TRUE(via_x);
    EXPECT_EQ(via_x->source, x);
    EXPECT_EQ(lines(finder.steps(*via_x)), (std::vector<std::uint32_t>{2, 3, 7, 6}));
    EXPECT_EQ(finder.steps(*via_x)[1].message, "`&x` flows into `p`");
}

// &x copied through ten locals into v9 (lines 2-11), and y = &x (line 20): the witness of
// v9 and y is eleven steps long. Returns {v9, y}.
std::pair<NodeId, NodeId> chain_of_ten_copies(FactsBuilder& b) {
    NodeId x = b.node("&x", NodeKind::AddrOf, "", 1);
    NodeId prev = x;
    for (std::uint32_t i = 0; i < 10; ++i) {
        NodeId n = b.node("main::v" + std::to_string(i), NodeKind::Local, "main", 2 + i);
        b.assign(prev, n, 2 + i);
        prev = n;
    }
    NodeId y = b.node("main::y", NodeKind::Local, "main", 20);
    b.assign(x, y, 20);
    return {prev, y};
}

TEST(WitnessPath, BoundedLength) {
    FactsBuilder b;
    const auto [prev, y] = chain_of_ten_copies(b);
    WitnessFinder finder(b.facts);
    std::vector<NodeId> a{prev};
    std::vector<NodeId> c{y};
    EXPECT_FALSE(finder.find(a, c, 5));
    auto witness = finder.find(a, c, 11);
    ASSERT_TRUE(witness);
    EXPECT_EQ(witness->length(), 11u);
    EXPECT_EQ(witness->end_a(), prev);
    EXPECT_EQ(witness->end_b(), y);
}

TEST(WitnessPath, BoundedEdges) {
    // The witness of the chain takes eleven edges to find; with fewer the search stops and
    // finds none, and a repeated search is not disturbed by the one that stopped.
    FactsBuilder b;
    const auto [prev, y] = chain_of_ten_copies(b);
    WitnessFinder finder(b.facts);
    std::vector<NodeId> a{prev};
    std::vector<NodeId> c{y};
    EXPECT_FALSE(finder.find(a, c, kDefaultMaxWitnessSteps, 5));
    auto bounded = finder.find(a, c, kDefaultMaxWitnessSteps, 11);
    ASSERT_TRUE(bounded);
    EXPECT_EQ(bounded->length(), 11u);
    auto unbounded = finder.find(a, c);
    ASSERT_TRUE(unbounded);
    EXPECT_EQ(unbounded->length(), 11u);
    EXPECT_EQ(unbounded->source, bounded->source);
}

TEST(WitnessPath, ThroughMemory) {
    // *p = &x; y = *q; with p and q aliasing: MemoryAlias(*p, *q).
    FactsBuilder b;
    NodeId x = b.node("&x", NodeKind::AddrOf, "", 1);
    NodeId star_p = b.node("*main::p", NodeKind::Deref, "main", 5, 6);
    NodeId star_q = b.node("*main::q", NodeKind::Deref, "main", 6, 10);
    NodeId y = b.node("main::y", NodeKind::Local, "main", 6);
    NodeId z = b.node("main::z", NodeKind::Local, "main", 7);
    b.assign(x, star_p, 5);
    b.assign(star_q, y, 6);
    b.assign(x, z, 7);
    std::vector<std::uint32_t> memory_alias = testing::rows({{star_p, star_q}, {star_p, star_p}});
    WitnessFinder finder(b.facts, memory_alias);
    std::vector<NodeId> a{y};
    std::vector<NodeId> c{z};
    auto witness = finder.find(a, c);
    ASSERT_TRUE(witness);
    EXPECT_EQ(witness->source, x);
    ASSERT_EQ(witness->to_a.size(), 3u);
    EXPECT_TRUE(witness->to_a[1].through_memory);
    EXPECT_EQ(lines(finder.steps(*witness)), (std::vector<std::uint32_t>{1, 5, 6, 6, 7}));

    WitnessFinder without(b.facts);
    EXPECT_FALSE(without.find(a, c));
}

// The definition, searched the plain way: breadth-first from each side over the whole
// graph up to max_steps, then the common ancestor with the least total distance (ties to
// the smaller id). Returns (source, length) or nothing.
std::optional<std::pair<NodeId, std::size_t>> reference_witness(
    std::size_t nodes, const std::vector<std::pair<NodeId, NodeId>>& edges, const std::vector<NodeId>& a,
    const std::vector<NodeId>& b, std::size_t max_steps) {
    auto distances = [&](const std::vector<NodeId>& targets) {
        std::vector<std::size_t> dist(nodes, max_steps + 1);
        for (NodeId t : targets) dist[t] = 0;
        for (std::size_t level = 0; level < max_steps; ++level) {
            for (auto [src, dst] : edges) {
                if (dist[dst] == level && dist[src] > level + 1) dist[src] = level + 1;
            }
        }
        return dist;
    };
    std::vector<std::size_t> da = distances(a);
    std::vector<std::size_t> db = distances(b);
    std::optional<std::pair<NodeId, std::size_t>> best;
    for (NodeId n = 0; n < nodes; ++n) {
        std::size_t length = da[n] + db[n];
        if (da[n] > max_steps || db[n] > max_steps || length > max_steps) continue;
        if (!best || length < best->second) best = std::pair{n, length};
    }
    return best;
}

// Locals main::v0 .. v(n-1) of main, node i declared on line i + 1.
void add_locals(FactsBuilder& builder, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        builder.node("main::v" + std::to_string(i), NodeKind::Local, "main",
                     1 + static_cast<std::uint32_t>(i));
}

TEST(WitnessPath, MatchesWholeGraphSearchOnRandomGraphs) {
    std::mt19937 random(20261123);
    for (int round = 0; round < 300; ++round) {
        FactsBuilder builder;
        const std::size_t nodes = 2 + random() % 40;
        add_locals(builder, nodes);
        std::vector<std::pair<NodeId, NodeId>> edges;
        std::vector<std::uint32_t> memory_alias;
        const std::size_t edge_count = random() % (3 * nodes);
        for (std::size_t e = 0; e < edge_count; ++e) {
            auto src = static_cast<NodeId>(random() % nodes);
            auto dst = static_cast<NodeId>(random() % nodes);
            if (src != dst) edges.emplace_back(src, dst);
            if (random() % 4 == 0) {
                memory_alias.insert(memory_alias.end(), {src, dst});
            } else {
                builder.assign(src, dst, 1);
            }
        }
        WitnessFinder finder(builder.facts, memory_alias);
        std::vector<NodeId> a{static_cast<NodeId>(random() % nodes)};
        std::vector<NodeId> b{static_cast<NodeId>(random() % nodes), static_cast<NodeId>(random() % nodes)};
        const std::size_t max_steps = 1 + random() % 8;
        auto expected = reference_witness(nodes, edges, a, b, max_steps);
        auto witness = finder.find(a, b, max_steps);
        ASSERT_EQ(witness.has_value(), expected.has_value()) << "round " << round;
        if (!witness) continue;
        EXPECT_EQ(witness->source, expected->first) << "round " << round;
        EXPECT_EQ(witness->length(), expected->second) << "round " << round;
        // Each side is a real path from the source to one of its targets.
        for (const auto* path : {&witness->to_a, &witness->to_b}) {
            NodeId at = witness->source;
            for (const WitnessEdge& edge : *path) {
                EXPECT_EQ(edge.src, at);
                at = edge.dst;
            }
        }
        EXPECT_NE(std::find(a.begin(), a.end(), witness->end_a()), a.end());
        EXPECT_NE(std::find(b.begin(), b.end(), witness->end_b()), b.end());
    }
}

// Each step as "line:column message".
std::vector<std::string> described(const std::vector<FlowStep>& steps) {
    std::vector<std::string> out;
    for (const FlowStep& step : steps) {
        out.push_back(std::to_string(step.region.line) + ":" + std::to_string(step.region.column) + " " +
                      step.message);
    }
    return out;
}

// The bit rows of long memory lists (memory_step_rows.hpp) give the same witnesses, step for
// step, as walking the lists: random graphs of up to 300 nodes whose memory steps join
// groups of nodes (some lists long enough for a row, some not), searched both ways.
TEST(WitnessPath, MemoryStepRowsGiveTheSameWitnesses) {
    std::mt19937 random(20261129);
    std::size_t through_memory = 0;
    for (int round = 0; round < 200; ++round) {
        FactsBuilder builder;
        const std::size_t nodes = 2 + random() % 300;
        add_locals(builder, nodes);
        for (std::size_t e = random() % (2 * nodes); e > 0; --e) {
            builder.assign(static_cast<NodeId>(random() % nodes), static_cast<NodeId>(random() % nodes),
                           1 + static_cast<std::uint32_t>(e));
        }
        // MemoryAlias within random groups (every pair of a group, both ways), sorted as the
        // engine's rows are.
        std::vector<std::pair<NodeId, NodeId>> pairs;
        for (std::size_t g = random() % 8; g > 0; --g) {
            std::vector<NodeId> group;
            for (std::size_t k = random() % (nodes / 2 + 2); k > 0; --k)
                group.push_back(static_cast<NodeId>(random() % nodes));
            for (NodeId x : group) {
                for (NodeId y : group) pairs.emplace_back(x, y);
            }
        }
        std::sort(pairs.begin(), pairs.end());
        pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
        std::vector<std::uint32_t> memory_alias;
        for (auto [x, y] : pairs) memory_alias.insert(memory_alias.end(), {x, y});

        WitnessFinder rows(builder.facts, memory_alias);
        WitnessFinder lists(builder.facts, memory_alias);
        lists.use_memory_step_rows(false);
        for (int query = 0; query < 10; ++query) {
            std::vector<NodeId> a{static_cast<NodeId>(random() % nodes)};
            std::vector<NodeId> b{static_cast<NodeId>(random() % nodes)};
            const std::size_t max_steps = 1 + random() % 12;
            const std::size_t max_edges = random() % 2 == 0 ? 0 : random() % (4 * nodes);
            const auto expected = lists.find(a, b, max_steps, max_edges);
            const auto witness = rows.find(a, b, max_steps, max_edges);
            ASSERT_EQ(witness.has_value(), expected.has_value()) << "round " << round;
            if (!witness) continue;
            EXPECT_EQ(witness->source, expected->source) << "round " << round;
            EXPECT_EQ(described(rows.steps(*witness)), described(lists.steps(*expected)))
                << "round " << round;
            for (const auto* path : {&witness->to_a, &witness->to_b}) {
                through_memory += static_cast<std::size_t>(std::count_if(
                    path->begin(), path->end(), [](const WitnessEdge& e) { return e.through_memory; }));
            }
        }
    }
    EXPECT_GT(through_memory, 200u);  // the witnesses do step through memory
}

}  // namespace
}  // namespace galias::reports
