#include "reports/alias_oracle.hpp"

#include <gtest/gtest.h>

#include "facts_builder.hpp"

namespace galias::reports {
namespace {

using testing::NodeKind;

using testing::FactsBuilder;
using testing::rows;

TEST(AliasOracle, AnswersFromValueAliasAndPointsTo) {
    FactsBuilder b;
    NodeId x = b.node("x", NodeKind::Global, "", 1);
    NodeId h = b.node("heap@prog.c:3:5", NodeKind::Heap, "", 3);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 4);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 5);
    NodeId s = b.node("main::s", NodeKind::Local, "main", 6);
    NodeId t = b.node("main::t", NodeKind::Local, "main", 7);
    NodeId u = b.node("main::u", NodeKind::Local, "main", 8);
    RelationAliasOracle oracle(b.facts, rows({{p, q}}),
                               rows({{p, x}, {q, x}, {s, h}, {t, h}, {u, x}, {u, h}}));

    EXPECT_EQ(oracle.alias(p, q), AliasKind::Must);  // both point only to x
    EXPECT_EQ(oracle.alias(q, p), AliasKind::Must);
    EXPECT_EQ(oracle.alias(s, t), AliasKind::May);  // one heap site may be many objects
    EXPECT_EQ(oracle.alias(p, u), AliasKind::May);  // u may point elsewhere
    EXPECT_EQ(oracle.alias(p, s), AliasKind::No);
    EXPECT_EQ(oracle.alias(p, p), AliasKind::Must);
    EXPECT_EQ(oracle.alias(p, facts::kNoNode), AliasKind::No);
    EXPECT_EQ(oracle.points_to(u), (std::vector<NodeId>{x, h}));
    EXPECT_TRUE(oracle.points_to(x).empty());
    EXPECT_EQ(common_objects(oracle, p, u), std::vector<NodeId>{x});
}

TEST(AliasOracle, ValueAliasAloneIsMayAlias) {
    FactsBuilder b;
    NodeId p = b.node("main::p", NodeKind::Local, "main", 1);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 2);
    NodeId r = b.node("main::r", NodeKind::Local, "main", 3);
    RelationAliasOracle oracle(b.facts, rows({{p, q}}), {});
    EXPECT_EQ(oracle.alias(p, q), AliasKind::May);
    EXPECT_EQ(oracle.alias(q, p), AliasKind::May);  // symmetric even when only one order is given
    EXPECT_EQ(oracle.alias(p, r), AliasKind::No);
}

TEST(SourceView, MergesContextsConservatively) {
    FactsBuilder b;
    NodeId x = b.node("x", NodeKind::Global, "", 1);
    NodeId y = b.node("y", NodeKind::Global, "", 2);
    NodeId a = b.node("f::a", NodeKind::Param, "f", 3);
    NodeId c = b.node("f::c", NodeKind::Param, "f", 3, 20);
    std::uint32_t k1 = b.context("main@prog.c:10:3");
    std::uint32_t k2 = b.context("main@prog.c:11:3");
    NodeId a1 = b.clone(a, k1);
    NodeId c1 = b.clone(c, k1);
    NodeId a2 = b.clone(a, k2);
    NodeId c2 = b.clone(c, k2);
    // Context 1: both point to x (must). Context 2: a -> x, c -> y (no alias).
    RelationAliasOracle oracle(b.facts, rows({{a1, c1}}), rows({{a1, x}, {c1, x}, {a2, x}, {c2, y}}));
    SourceView view(b.facts);

    EXPECT_EQ(view.origin(a2), a);
    EXPECT_EQ(view.clones(a).size(), 3u);
    EXPECT_EQ(view.alias(oracle, a, c), AliasKind::May);    // must in one context only
    EXPECT_EQ(view.alias(oracle, a2, c2), AliasKind::May);  // asked via clones: same answer
    EXPECT_EQ(view.points_to(oracle, c), (std::vector<NodeId>{x, y}));

    // Must in every context -> must.
    RelationAliasOracle both(b.facts, {}, rows({{a1, x}, {c1, x}, {a2, y}, {c2, y}, {a, x}, {c, x}}));
    EXPECT_EQ(view.alias(both, a, c), AliasKind::May);  // context 0 copy vs context 2 copy differ
    RelationAliasOracle all(b.facts, {}, rows({{a1, x}, {c1, x}, {a2, x}, {c2, x}, {a, x}, {c, x}}));
    EXPECT_EQ(view.alias(all, a, c), AliasKind::Must);
    RelationAliasOracle none(b.facts, {}, rows({{a1, x}, {c1, y}}));
    EXPECT_EQ(view.alias(none, a, c), AliasKind::No);
}

}  // namespace
}  // namespace galias::reports
