// The memory checks (free-nonheap, free-offset, mismatched-release, stack-address-escape)
// over hand-built facts: the levels by strength of evidence, guards, families, frame stores.
#include <gtest/gtest.h>

#include "check_test_support.hpp"

namespace galias::reports {
namespace {

using namespace testing;
using Base = facts::ArgumentAddress::Base;

// A heap node allocated by `allocator` at `line`.
NodeId heap(FactsBuilder& b, const std::string& allocator, std::uint32_t line,
            const std::string& function = "main") {
    const NodeId id = b.node("heap@prog.c:" + std::to_string(line) + ":5", NodeKind::Heap, function, line);
    b.facts.nodes[id].allocator = allocator;
    b.node("&heap@prog.c:" + std::to_string(line) + ":5", NodeKind::AddrOf, function, line);
    return id;
}

// The address node of a variable object (`&x`), as the frontend makes it.
NodeId address(FactsBuilder& b, NodeId object) {
    const facts::Node n = b.facts.nodes[object];
    return b.node("&" + n.name, NodeKind::AddrOf, n.function, n.pos.line, n.pos.column, n.context);
}

TEST(FreeNonheap, LevelsFollowTheEvidence) {
    FactsBuilder b;
    const NodeId buf = b.node("f::buf", NodeKind::Local, "f", 1);
    const NodeId buf_address = address(b, buf);
    const NodeId p = b.node("f::p", NodeKind::Local, "f", 2);
    const NodeId q = b.node("f::q", NodeKind::Local, "f", 3);
    const NodeId field = b.node("struct:holder.data", NodeKind::Field, "", 4);
    const NodeId block = heap(b, "malloc", 5);
    b.assign(buf_address, p, 2);      // p = buf
    b.assign(buf_address, field, 4);  // h->data = buf
    b.assign(field, q, 3);            // q = h->data
    const std::uint32_t fixed = b.call("free", {p}, 10, 5, 11, {}, 0, "f");
    b.argument(fixed, 0, Base::Object, "frame:buf");
    b.call("free", {p}, 11, 5, 11, {}, 0, "f");  // no address: the points-to analysis alone
    b.call("free", {q}, 12, 5, 11, {}, 0, "f");  // only through a field of every instance
    b.call("free", {block}, 13, 5, 11, {}, 0, "f");
    b.call("strlen", {p}, 14, 5, 11, {}, 0, "f");  // no release
    RelationAliasOracle oracle(b.facts, {}, rows({{p, buf}, {q, buf}, {block, block}}));

    std::vector<Finding> found = run_one("free-nonheap", b.facts, oracle);
    EXPECT_EQ(summarize(found), (std::vector<Summary>{{10, "error"}, {11, "warning"}, {12, "note"}}));
    ASSERT_EQ(found.size(), 3u);
    EXPECT_EQ(plain_message(found[0].message),
              "`free` of `p`, which points to buf (a local variable of `f`): memory not on the heap");
    EXPECT_EQ(found[0].related.at(0).region.line, 1u);  // the declaration of buf
    ASSERT_FALSE(found[1].witness.empty());             // from &buf to p
    EXPECT_EQ(found[1].witness.front().region.line, 1u);
    EXPECT_NE(plain_message(found[2].message).find("only through memory many objects share"),
              std::string::npos);

    CheckOptions quiet;
    quiet.summary_level = Level::None;
    EXPECT_EQ(summarize(run_one("free-nonheap", b.facts, oracle, quiet)),
              (std::vector<Summary>{{10, "error"}, {11, "warning"}}));
}

TEST(FreeNonheap, AGuardKeepsTheObjectOut) {
    FactsBuilder b;
    const NodeId small = b.node("f::small", NodeKind::Local, "f", 1);
    const NodeId small_address = address(b, small);
    const NodeId p = b.node("f::p", NodeKind::Local, "f", 2);
    const NodeId block = heap(b, "malloc", 3, "f");
    b.assign(small_address, p, 2);
    const std::uint32_t guarded = b.call("free", {p}, 10, 5, 11, {}, 0, "f");
    b.argument(guarded, 0, Base::Value, "phi:1:2").excluded = {small};
    b.call("free", {p}, 11, 5, 11, {}, 0, "f");
    RelationAliasOracle oracle(b.facts, {}, rows({{p, small}, {p, block}}));
    EXPECT_EQ(summarize(run_one("free-nonheap", b.facts, oracle)), (std::vector<Summary>{{11, "warning"}}));
}

TEST(FreeNonheap, LibraryOwnedAndAllocaMemory) {
    FactsBuilder b;
    const NodeId env = heap(b, "getenv", 1);
    const NodeId stack = heap(b, "alloca", 2, "f");
    const NodeId p = b.node("f::p", NodeKind::Local, "f", 3);
    const NodeId a = b.node("f::a", NodeKind::Local, "f", 4);
    b.assign(env + 1, p, 3);
    b.assign(stack + 1, a, 4);
    const std::uint32_t alloca_call = b.call("alloca", {facts::kNoNode}, 4, 9, 18, {}, 0, "f");
    b.call("free", {p}, 10, 5, 11, {}, 0, "f");
    const std::uint32_t release = b.call("free", {a}, 11, 5, 11, {}, 0, "f");
    b.argument(release, 0, Base::Value, "call:0").allocation = alloca_call;
    RelationAliasOracle oracle(b.facts, {}, rows({{p, env}, {a, stack}}));
    std::vector<Finding> found = run_one("free-nonheap", b.facts, oracle);
    EXPECT_EQ(summarize(found), (std::vector<Summary>{{10, "warning"}, {11, "error"}}));
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(
        plain_message(found[0].message),
        "`free` of `p`, which may point to what `getenv` returns, which the C library owns: memory `free` "
        "must not release");
}

TEST(MismatchedRelease, LibraryConfiguredAndWrapperFamilies) {
    FactsBuilder b;
    const NodeId stream = heap(b, "fopen", 1);
    const NodeId glib = heap(b, "g_malloc", 2);
    const NodeId pooled = heap(b, "apr_palloc", 3);
    const NodeId wrapped = heap(b, "xfopen", 4);
    const NodeId unknown = heap(b, "lookup", 5);
    facts::Allocator wrapper;
    wrapper.function = "xfopen";
    wrapper.kind = "wrapper";
    wrapper.allocates = "fopen";
    b.facts.allocators.push_back(wrapper);
    std::vector<NodeId> pointers;
    for (std::uint32_t line = 0; line < 8; ++line)
        pointers.push_back(b.node("main::p" + std::to_string(line), NodeKind::Local, "main", 20 + line));
    const auto flow = [&](NodeId object, NodeId pointer) {
        b.assign(object + 1, pointer, b.facts.nodes[pointer].pos.line);
    };
    flow(stream, pointers[0]);
    flow(glib, pointers[1]);
    flow(glib, pointers[2]);
    flow(pooled, pointers[3]);
    flow(wrapped, pointers[4]);
    flow(unknown, pointers[5]);
    flow(stream, pointers[6]);
    b.call("free", {pointers[0]}, 30, 5, 11);         // fopen's stream: fclose
    b.call("free", {pointers[1]}, 31, 5, 11);         // g_malloc's block: g_free
    b.call("g_free", {pointers[2]}, 32, 5, 11);       // the matching release
    b.call("free", {pointers[3]}, 33, 5, 11);         // a pool's block: released with its pool
    b.call("free", {pointers[4]}, 34, 5, 11);         // a wrapper of fopen
    b.call("free", {pointers[5]}, 35, 5, 11);         // an allocator galias knows nothing of
    b.call("fclose", {pointers[6]}, 36, 5, 11);       // the matching release
    b.call("free|fclose", {pointers[6]}, 37, 5, 11);  // targets that release different families
    RelationAliasOracle oracle(b.facts, {},
                               rows({{pointers[0], stream},
                                     {pointers[1], glib},
                                     {pointers[2], glib},
                                     {pointers[3], pooled},
                                     {pointers[4], wrapped},
                                     {pointers[5], unknown},
                                     {pointers[6], stream}}));
    CheckOptions options;
    options.allocator_releases = {{"g_malloc", {"g_free"}}, {"apr_palloc", {}}};
    std::vector<Finding> found = run_one("mismatched-release", b.facts, oracle, options);
    EXPECT_EQ(summarize(found),
              (std::vector<Summary>{{30, "warning"}, {31, "warning"}, {33, "warning"}, {34, "warning"}}));
    ASSERT_EQ(found.size(), 4u);
    EXPECT_NE(plain_message(found[0].message).find("`fopen`'s memory is released with `fclose`"),
              std::string::npos);
    EXPECT_NE(plain_message(found[1].message).find("`g_malloc`'s memory is released with `g_free`"),
              std::string::npos);
    EXPECT_NE(
        plain_message(found[2].message).find("`apr_palloc`'s memory is not released one block at a time"),
        std::string::npos);
    EXPECT_NE(plain_message(found[3].message).find("memory `xfopen` allocated"), std::string::npos);
}

TEST(FreeOffset, DistancesFromTheBlockStart) {
    FactsBuilder b;
    const NodeId block = heap(b, "malloc", 1);
    const NodeId p = b.node("main::p", NodeKind::Local, "main", 2);
    b.assign(block + 1, p, 2);
    const std::uint32_t alloc = b.call("malloc", {facts::kNoNode}, 1, 9, 18);
    const auto release = [&](std::uint32_t line) { return b.call("free", {p}, line, 5, 11); };
    b.argument(release(10), 0, Base::Value, "call:0", 2).allocation = alloc;  // the block + 2: error
    b.argument(release(11), 0, Base::Value, "param#0", 8);                    // a parameter + 8: warning
    b.argument(release(12), 0, Base::Value, "param#0", -16);                  // a header before it: fine
    b.argument(release(13), 0, Base::Value, "phi:1:2", 0).moved_line = 7;     // stepped in a loop: warning
    b.argument(release(14), 0, Base::Value, "call:0", std::nullopt).allocation =
        alloc;                                                                // distance unknown: note
    b.argument(release(15), 0, Base::Value, "call:0", 0).allocation = alloc;  // the start: fine
    RelationAliasOracle oracle(b.facts, {}, rows({{p, block}}));
    std::vector<Finding> found = run_one("free-offset", b.facts, oracle);
    EXPECT_EQ(summarize(found),
              (std::vector<Summary>{{10, "error"}, {11, "warning"}, {13, "warning"}, {14, "note"}}));
    ASSERT_EQ(found.size(), 4u);
    EXPECT_EQ(plain_message(found[0].message),
              "`free` releases a pointer 2 bytes into the block `malloc` returned (formed from `p`): only "
              "the start "
              "of a block may be released");
    EXPECT_NE(plain_message(found[2].message)
                  .find("may have been advanced from the start of its block (at line 7)"),
              std::string::npos);
}

TEST(StackAddressEscape, FrameStoresByWhatHoldsTheAddress) {
    FactsBuilder b;
    const NodeId x = b.node("f::x", NodeKind::Local, "f", 1);
    const NodeId g = b.node("g", NodeKind::Global, "", 2);
    const NodeId out = b.node("f::out", NodeKind::Param, "f", 3);
    const NodeId slot = b.node("main::slot", NodeKind::Local, "main", 4);
    const NodeId cell = heap(b, "malloc", 5);
    const NodeId own = b.node("f::own", NodeKind::Local, "f", 6);
    const NodeId mixed = b.node("f::mixed", NodeKind::Param, "f", 7);
    const NodeId y = b.node("main::y", NodeKind::Local, "main", 8);
    // A variable of `h`, which never calls `f`: not alive below f's frame.
    const NodeId unrelated = b.node("h::list", NodeKind::Local, "h", 9);
    const NodeId linked = b.node("f::linked", NodeKind::Param, "f", 9);
    b.call("f", {facts::kNoNode}, 30, 5, 9);  // main calls f
    b.call("g2", {}, 31, 5, 9, {}, 0, "h");
    using Target = facts::FrameStore::Target;
    using Overwritten = facts::FrameStore::Overwritten;
    const auto store = [&](std::string function, Target target, NodeId object, NodeId variable,
                           NodeId pointer, Overwritten overwritten, std::uint32_t line) {
        facts::FrameStore s;
        s.function = std::move(function);
        s.target = target;
        s.object = object;
        s.variable = variable;
        s.pointer = pointer;
        s.overwritten = overwritten;
        s.pos = {"prog.c", line, 5};
        b.facts.frame_stores.push_back(s);
    };
    store("f", Target::Return, x, facts::kNoNode, facts::kNoNode, Overwritten::None, 10);
    store("f", Target::Variable, x, g, facts::kNoNode, Overwritten::None, 11);
    store("f", Target::Variable, x, g, facts::kNoNode, Overwritten::Some, 12);
    store("f", Target::Variable, x, g, facts::kNoNode, Overwritten::All, 13);
    store("f", Target::Pointer, x, facts::kNoNode, out, Overwritten::None, 14);  // into main's slot
    store("f", Target::Pointer, x, facts::kNoNode, mixed, Overwritten::None,
          15);  // a heap block (a summary) or f's own
    store("f", Target::Pointer, x, facts::kNoNode, own, Overwritten::None, 16);     // f's own variable only
    store("main", Target::Variable, y, g, facts::kNoNode, Overwritten::None, 17);   // main's frame lasts
    store("f", Target::Pointer, x, facts::kNoNode, linked, Overwritten::None, 18);  // h's variable only
    RelationAliasOracle oracle(b.facts, {},
                               rows({{out, slot}, {mixed, cell}, {mixed, x}, {own, x}, {linked, unrelated}}));
    std::vector<Finding> found = run_one("stack-address-escape", b.facts, oracle);
    EXPECT_EQ(
        summarize(found),
        (std::vector<Summary>{{10, "error"}, {11, "error"}, {12, "warning"}, {14, "error"}, {15, "note"}}));
    ASSERT_EQ(found.size(), 5u);
    EXPECT_EQ(plain_message(found[1].message),
              "`f` stores the address of x (a local variable of `f`) into the global variable g, which still "
              "holds it when `f` returns");
    ASSERT_EQ(found[0].witness.size(), 2u);  // the declaration, then the return
    EXPECT_EQ(found[0].witness[0].region.line, 1u);
    EXPECT_EQ(found[0].witness[1].region.line, 10u);
}

TEST(StackAddressEscape, ReturnsThePointsToAnalysisShows) {
    FactsBuilder b;
    const NodeId n = b.node("f::n", NodeKind::Local, "f", 1);
    const NodeId n_address = address(b, n);
    const NodeId tmp = b.node("f::$call@3:12", NodeKind::Temp, "f", 3);
    const NodeId result = b.node("f::return", NodeKind::Return, "f", 2);
    b.assign(n_address, tmp, 3);
    b.assign(tmp, result, 3, 5);
    RelationAliasOracle oracle(b.facts, {}, rows({{tmp, n}, {result, n}}));
    EXPECT_EQ(summarize(run_one("stack-address-escape", b.facts, oracle)),
              (std::vector<Summary>{{3, "warning"}}));
}

}  // namespace
}  // namespace galias::reports
