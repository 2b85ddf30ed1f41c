#include <gtest/gtest.h>

#include "check_test_support.hpp"

namespace galias::reports {
namespace {

using namespace testing;

TEST(AliasAssertion, ScoringCustoms) {
    FactsBuilder b;
    NodeId x = b.node("x", NodeKind::Global, "", 1);
    NodeId y = b.node("y", NodeKind::Global, "", 2);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 3);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 4);
    NodeId r = b.node("main::r", NodeKind::Local, "main", 5);
    b.call("MAYALIAS", {p, q}, 10, 5, 18);    // holds
    b.call("MAYALIAS", {p, r}, 11, 5, 18);    // fails
    b.call("NOALIAS", {p, r}, 12, 5, 17);     // holds
    b.call("NOALIAS", {p, q}, 13, 5, 17);     // fails
    b.call("MUSTALIAS", {p, q}, 14, 5, 19);   // holds (may suffices)
    b.call("MUSTALIAS", {q, r}, 15, 5, 19);   // fails
    b.call("PARTIALALIAS", {p, q}, 16, 5, 22);  // holds
    b.call("EXPECTEDFAIL_NOALIAS", {p, q}, 17, 5, 30);  // fails as expected: silent
    b.call("EXPECTEDFAIL_NOALIAS", {p, r}, 18, 5, 30);  // unexpectedly holds: note
    b.call("NOALIAS", {p}, 19, 5, 14);        // wrong arity: ignored
    RelationAliasOracle oracle(b.facts, rows({{p, q}}), rows({{p, x}, {q, x}, {r, y}}));
    std::vector<Finding> found = run_one("alias-assertion", b.facts, oracle);
    EXPECT_EQ(summarize(found),
              (std::vector<Summary>{{11, "error"}, {13, "error"}, {15, "error"}, {18, "note"}}));
    EXPECT_NE(found[0].message.find("assertion `MAYALIAS` fails"), std::string::npos) << found[0].message;
    EXPECT_NE(found[0].message.find("cannot alias"), std::string::npos) << found[0].message;
    EXPECT_NE(plain_message(found[1].message).find("may alias (both may point to x)"), std::string::npos)
        << found[1].message;
}

TEST(AliasAssertion, ContextsMergedPerAssertion) {
    FactsBuilder b;
    NodeId x = b.node("x", NodeKind::Global, "", 1);
    NodeId y = b.node("y", NodeKind::Global, "", 2);
    NodeId a = b.node("f::a", NodeKind::Param, "f", 3);
    NodeId c = b.node("f::c", NodeKind::Param, "f", 3, 20);
    std::uint32_t k1 = b.context("main@prog.c:20:3");
    std::uint32_t k2 = b.context("main@prog.c:21:3");
    NodeId a1 = b.clone(a, k1), c1 = b.clone(c, k1), a2 = b.clone(a, k2), c2 = b.clone(c, k2);
    b.call("MAYALIAS", {a1, c1}, 5, 5, 18, {}, k1, "f");
    b.call("MAYALIAS", {a2, c2}, 5, 5, 18, {}, k2, "f");
    b.call("NOALIAS", {a1, c1}, 6, 5, 17, {}, k1, "f");
    b.call("NOALIAS", {a2, c2}, 6, 5, 17, {}, k2, "f");
    // Aliased in context 1 only.
    RelationAliasOracle oracle(b.facts, {}, rows({{a1, x}, {c1, x}, {a2, x}, {c2, y}}));
    EXPECT_EQ(summarize(run_one("alias-assertion", b.facts, oracle)), (std::vector<Summary>{{6, "error"}}));
    EXPECT_EQ(summarize(run_one("alias-assertion", b.facts, oracle, CheckOptions{{}, {}, true, 32})),
              (std::vector<Summary>{{5, "error"}, {6, "error"}}));
}

}  // namespace
}  // namespace galias::reports
