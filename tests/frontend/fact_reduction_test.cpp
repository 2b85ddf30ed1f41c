// Copy reduction (frontend/fact_reduction.hpp) on random fact graphs: CSPA and Andersen,
// run by the reference evaluator on the facts before and after, give every node the same
// answers once a value class member is asked through its representative.
#include "frontend/fact_reduction.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "analyses/builtin_programs.hpp"
#include "tests/engine/reference_evaluator.hpp"

namespace galias::frontend {
namespace {

using facts::NodeId;
using facts::NodeKind;
using test::TupleSet;

// A graph as the frontend emits it: objects whose address is taken (each with an AddrOf
// node: dereference and addressOf), pointers, dereferences of some pointers (dereference and
// load), and assignments between them, Andersen's assign and store facts derived from
// CSPA's as reduce_copies derives them.
ExtractResult random_facts(std::mt19937& rng) {
    ExtractResult facts;
    auto node = [&](NodeKind kind) {
        const auto id = static_cast<NodeId>(facts.program.nodes.size());
        facts::Node n;
        n.id = id;
        n.origin = id;
        n.kind = kind;
        n.name = "n" + std::to_string(id);
        facts.program.nodes.push_back(n);
        return id;
    };
    auto draw = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    std::vector<NodeId> sources;  // what may be assigned from
    std::vector<NodeId> targets;  // what may be assigned to
    std::map<NodeId, NodeId> pointer_of;
    for (int i = draw(1, 3); i > 0; --i) {
        const NodeId object = node(NodeKind::Local);
        const NodeId address = node(NodeKind::AddrOf);
        facts.cspa_dereference.add(address, object);
        facts.andersen_address_of.add(address, object);
        sources.push_back(address);
        sources.push_back(object);
        targets.push_back(object);
    }
    std::vector<NodeId> pointers;
    for (int i = draw(2, 9); i > 0; --i) {
        const NodeId pointer = node(NodeKind::Temp);
        pointers.push_back(pointer);
        sources.push_back(pointer);
        targets.push_back(pointer);
    }
    for (NodeId pointer : pointers) {
        if (draw(0, 2) != 0) continue;
        const NodeId deref = node(NodeKind::Deref);
        facts.cspa_dereference.add(pointer, deref);
        facts.andersen_load.add(deref, pointer);
        pointer_of[deref] = pointer;
        sources.push_back(deref);
        targets.push_back(deref);
    }
    std::set<std::pair<NodeId, NodeId>> edges;
    for (int i = draw(1, 3 * static_cast<int>(targets.size())); i > 0; --i) {
        const NodeId src = sources[draw(0, static_cast<int>(sources.size()) - 1)];
        const NodeId dst = targets[draw(0, static_cast<int>(targets.size()) - 1)];
        if (src != dst) edges.emplace(src, dst);
    }
    for (const auto& [src, dst] : edges) {
        facts.cspa_assign.add(src, dst);
        if (pointer_of.count(dst) != 0)
            facts.andersen_store.add(pointer_of.at(dst), src);
        else
            facts.andersen_assign.add(dst, src);
    }
    return facts;
}

TupleSet rows(const FactRelation& relation) {
    TupleSet out;
    for (std::size_t i = 0; i < relation.size(); ++i)
        out.insert({relation.cells[2 * i], relation.cells[2 * i + 1]});
    return out;
}

std::map<std::string, TupleSet> evaluate(const char* analysis,
                                         const std::vector<const FactRelation*>& inputs) {
    std::map<std::string, TupleSet> relations;
    for (const FactRelation* relation : inputs) relations[relation->name] = rows(*relation);
    facts::StringInterner symbols;
    return test::reference_evaluate(std::string(analyses::find_builtin_program(analysis)->text), relations,
                                    symbols);
}

std::set<NodeId> points_to(const TupleSet& relation, NodeId pointer) {
    std::set<NodeId> out;
    for (const auto& row : relation)
        if (row[0] == pointer) out.insert(row[1]);
    return out;
}

TEST(CopyReduction, KeepsEveryAnswerOnRandomGraphs) {
    std::mt19937 rng(4242);
    std::size_t members = 0;
    std::size_t equal_sources = 0;
    for (int round = 0; round < 1000; ++round) {
        ExtractResult original = random_facts(rng);
        ExtractResult reduced = original;
        const ReductionStats stats = reduce_copies(reduced);
        members += stats.class_members;
        equal_sources += stats.equal_sources;
        const facts::ProgramFacts& p = reduced.program;
        const auto before_cspa = evaluate("cspa", original.cspa());
        const auto after_cspa = evaluate("cspa", reduced.cspa());
        const auto before_andersen = evaluate("andersen", original.andersen());
        const auto after_andersen = evaluate("andersen", reduced.andersen());
        const TupleSet& value_alias = before_cspa.at("ValueAlias");
        const TupleSet& value_alias_after = after_cspa.at("ValueAlias");
        const TupleSet& memory_alias = before_cspa.at("MemoryAlias");
        const TupleSet& memory_alias_after = after_cspa.at("MemoryAlias");
        const std::size_t nodes = original.program.nodes.size();
        for (NodeId a = 0; a < nodes; ++a) {
            const NodeId ra = p.value_representative(a);
            const std::string label = "round " + std::to_string(round) + ", node " + std::to_string(a);
            EXPECT_EQ(points_to(before_andersen.at("PointsTo"), a),
                      points_to(after_andersen.at("PointsTo"), ra))
                << label;
            for (NodeId b = 0; b < nodes; ++b) {
                if (a == b) continue;
                const NodeId rb = p.value_representative(b);
                const bool alias_after = ra == rb || value_alias_after.count({ra, rb}) != 0;
                EXPECT_EQ(value_alias.count({a, b}) != 0, alias_after)
                    << label << " and " << b << ": ValueAlias";
                if (ra == a && rb == b) {
                    EXPECT_EQ(memory_alias.count({a, b}), memory_alias_after.count({a, b}))
                        << label << " and " << b << ": MemoryAlias";
                }
            }
        }
        if (HasFailure()) return;
    }
    // The rewrites ran: copies and equal sources were merged on these graphs.
    EXPECT_GT(members, 100u);
    EXPECT_GT(equal_sources, 20u);
}

}  // namespace
}  // namespace galias::frontend
