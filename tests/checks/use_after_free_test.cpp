// use-after-free over hand-built released_uses.tsv rows: the level by how certain the release
// and the order are, the message, the linked release and the code flow.
#include <gtest/gtest.h>

#include "check_test_support.hpp"

namespace galias::reports {
namespace {

using namespace testing;
using Via = facts::ReleasedUse::Via;
using Kind = facts::ReleasedUse::Kind;

facts::ReleasedUse use(std::uint32_t release, Kind kind, Via via, bool always, std::uint32_t line,
                       std::uint32_t use_call = facts::kNoNode) {
    facts::ReleasedUse u;
    u.call = release;
    u.kind = kind;
    u.via = via;
    u.always = always;
    u.use_call = use_call;
    u.pos = {"prog.c", line, 5};
    return u;
}

TEST(UseAfterFree, LevelsByTheReleaseAndTheOrder) {
    FactsBuilder b;
    const NodeId block = b.node("heap@prog.c:2:15", NodeKind::Heap, "f", 2, 15);
    b.facts.nodes[block].allocator = "malloc";
    const NodeId p = b.node("f::p", NodeKind::Local, "f", 2);
    const std::uint32_t release = b.call("free", {p}, 3, 5, 11, {}, 0, "f");
    const std::uint32_t wrapper = b.call("drop", {p}, 4, 5, 11, {}, 0, "f");
    const std::uint32_t passed = b.call("keep", {p}, 9, 5, 11, {}, 0, "f");
    const std::uint32_t reads = b.call("strlen", {p}, 10, 5, 11, {}, 0, "f");
    b.facts.released_uses = {
        use(release, Kind::Deref, Via::Library, true, 5),            // every path: error
        use(release, Kind::Deref, Via::Library, false, 6),           // some path: warning
        use(wrapper, Kind::Deref, Via::Summary, true, 7),            // a callee releasing it always: error
        use(wrapper, Kind::Return, Via::SummarySome, true, 8),       // a callee releasing on some paths: note
        use(release, Kind::Pass, Via::Library, true, 9, passed),     // a function of the program: note
        use(release, Kind::Library, Via::Library, true, 10, reads),  // strlen reads it: error
        use(release, Kind::Release, Via::Library, true, 11, release),  // double-free's
    };
    RelationAliasOracle oracle(b.facts, {}, rows({{p, block}}));
    std::vector<Finding> found = run_one("use-after-free", b.facts, oracle);
    EXPECT_EQ(summarize(found),
              (std::vector<Summary>{
                  {5, "error"}, {6, "warning"}, {7, "error"}, {8, "note"}, {9, "note"}, {10, "error"}}));
    ASSERT_EQ(found.size(), 6u);
    EXPECT_EQ(plain_message(found[0].message), "the block `p` points to is used after `free` released it");
    EXPECT_EQ(found[0].related.at(0).region.line, 3u);  // the release, linked
    ASSERT_EQ(found[0].witness.size(), 3u);             // allocated, released, used
    EXPECT_EQ(found[0].witness[0].region.line, 2u);
    EXPECT_EQ(found[0].witness[1].region.line, 3u);
    EXPECT_EQ(found[0].witness[2].region.line, 5u);
    EXPECT_NE(plain_message(found[3].message).find("(which releases it on some paths)"), std::string::npos);
    EXPECT_NE(plain_message(found[5].message).find("is passed to `strlen`"), std::string::npos);

    CheckOptions quiet;
    quiet.summary_level = Level::None;
    EXPECT_EQ(summarize(run_one("use-after-free", b.facts, oracle, quiet)),
              (std::vector<Summary>{{5, "error"}, {6, "warning"}, {7, "error"}, {10, "error"}}));
}

TEST(DoubleFree, TheSecondReleaseIsTheFinding) {
    FactsBuilder b;
    const NodeId p = b.node("f::p", NodeKind::Local, "f", 2);
    const std::uint32_t first = b.call("free", {p}, 3, 5, 11, {}, 0, "f");
    const std::uint32_t second = b.call("free", {p}, 4, 5, 11, {}, 0, "f");
    const std::uint32_t wrapper = b.call("drop", {p}, 6, 5, 11, {}, 0, "f");
    facts::ReleasedUse again = use(first, Kind::Release, Via::Library, true, 4, second);
    facts::ReleasedUse loop = use(first, Kind::Release, Via::Library, false, 3, first);
    facts::ReleasedUse maybe = use(wrapper, Kind::Release, Via::SummarySome, true, 4, second);
    facts::ReleasedUse deref = use(first, Kind::Deref, Via::Library, true, 8);  // use-after-free's
    b.facts.released_uses = {again, loop, maybe, deref};
    RelationAliasOracle oracle(b.facts, {}, {});
    std::vector<Finding> found = run_one("double-free", b.facts, oracle);
    EXPECT_EQ(summarize(found), (std::vector<Summary>{{3, "warning"}, {4, "error"}, {4, "note"}}));
    ASSERT_EQ(found.size(), 3u);
    EXPECT_NE(plain_message(found[0].message).find("when the loop comes back to it"), std::string::npos);
    EXPECT_EQ(plain_message(found[1].message),
              "the block `p` points to is released again by `free` after `free` released it");
}

}  // namespace
}  // namespace galias::reports
