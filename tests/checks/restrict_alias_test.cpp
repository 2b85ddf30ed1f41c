#include <gtest/gtest.h>

#include "check_test_support.hpp"

namespace galias::reports {
namespace {

using namespace testing;

TEST(RestrictAlias, UserFunctionsAndLibrary) {
    FactsBuilder b;
    NodeId x = b.node("x", NodeKind::Global, "", 1);
    NodeId y = b.node("y", NodeKind::Global, "", 2);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 3);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 4);
    NodeId r = b.node("main::r", NodeKind::Local, "main", 5);
    NodeId fmt = b.node("\"%s\"", NodeKind::String, "", 10);
    using Base = facts::ArgumentAddress::Base;
    // q = p: the same value twice is a certain violation (error); a common object, a warning.
    const std::uint32_t add = b.call("add", {p, q}, 10, 5, 13, {true, true});
    b.argument(add, 0, Base::Value, "load(object:x+0)@");
    b.argument(add, 1, Base::Value, "load(object:x+0)@");
    b.call("add", {p, r}, 11, 5, 13, {true, true});     // no alias
    b.call("put", {p, r, q}, 12, 5, 16, {true, false, false});  // p/q may: warning (one restrict suffices)
    b.call("put", {p, q}, 13, 5, 13, {false, false});   // nothing restrict-qualified
    const std::uint32_t print = b.call("sprintf", {p, fmt, q}, 14, 5, 22);  // library table: output also an argument
    b.argument(print, 0, Base::Object, "object:line");
    b.argument(print, 2, Base::Object, "object:line");
    b.call("memcpy", {p, q, facts::kNoNode}, 15, 5, 20);  // left to overlapping-copy
    RelationAliasOracle oracle(b.facts, rows({{p, q}}), rows({{p, x}, {q, x}, {r, y}}));

    std::vector<Finding> found = run_one("restrict-alias", b.facts, oracle,
                                         CheckOptions{{"restrict-alias", "overlapping-copy"}, {}, false, 32});
    EXPECT_EQ(summarize(found), (std::vector<Summary>{{10, "error"}, {12, "warning"}, {14, "error"}}));
    ASSERT_EQ(found.size(), 3u);
    EXPECT_EQ(found[1].key, "put:1:3");
    EXPECT_NE(plain_message(found[0].message).find("argument 1 (`p`) and argument 2 (`q`) of `add` are the same pointer"),
              std::string::npos)
        << found[0].message;
    EXPECT_NE(plain_message(found[1].message).find("may alias: both may point to x"), std::string::npos)
        << found[1].message;
    EXPECT_NE(found[1].message.find("[x](1)"), std::string::npos) << found[1].message;
    EXPECT_EQ(found[1].related.at(0).region.line, 1u);

    // Without overlapping-copy, memcpy is reported here.
    std::vector<Finding> alone = run_one("restrict-alias", b.facts, oracle);
    EXPECT_EQ(summarize(alone), (std::vector<Summary>{{10, "error"}, {12, "warning"}, {14, "error"}, {15, "warning"}}));
}

TEST(RestrictAlias, MayAliasIsAWarningAndContextsMerge) {
    FactsBuilder b;
    NodeId x = b.node("x", NodeKind::Global, "", 1);
    NodeId y = b.node("y", NodeKind::Global, "", 2);
    NodeId a = b.node("wrap::a", NodeKind::Param, "wrap", 3);
    NodeId c = b.node("wrap::c", NodeKind::Param, "wrap", 3, 20);
    std::uint32_t k1 = b.context("main@prog.c:20:3");
    std::uint32_t k2 = b.context("main@prog.c:21:3");
    NodeId a1 = b.clone(a, k1), c1 = b.clone(c, k1), a2 = b.clone(a, k2), c2 = b.clone(c, k2);
    b.call("add", {a1, c1}, 8, 5, 15, {true, true}, k1, "wrap");
    b.call("add", {a2, c2}, 8, 5, 15, {true, true}, k2, "wrap");
    // Context 1: a -> x, c -> {x, y}: may. Context 2: a -> y, c -> y: may too; pointing to
    // one object each is no proof that they are one run-time object.
    RelationAliasOracle oracle(b.facts, {}, rows({{a1, x}, {c1, x}, {c1, y}, {a2, y}, {c2, y}}));
    std::vector<Finding> merged = run_one("restrict-alias", b.facts, oracle);
    EXPECT_EQ(summarize(merged), (std::vector<Summary>{{8, "warning"}}));  // one finding for both contexts
    EXPECT_TRUE(merged[0].context.empty());

    std::vector<Finding> split = run_one("restrict-alias", b.facts, oracle, CheckOptions{{}, {}, true, 32});
    ASSERT_EQ(summarize(split), (std::vector<Summary>{{8, "warning"}, {8, "warning"}}));
    EXPECT_EQ(split[0].context, "main@prog.c:20:3");
    EXPECT_EQ(split[1].context, "main@prog.c:21:3");
}

}  // namespace
}  // namespace galias::reports
