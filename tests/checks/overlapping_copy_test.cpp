#include <gtest/gtest.h>

#include "check_test_support.hpp"
#include "reports/checks/argument_overlap.hpp"
#include "reports/checks/c_library.hpp"

namespace galias::reports {
namespace {

using namespace testing;

// Error only where the argument facts prove the overlap; a warning where the points-to
// analysis finds a common object that is one run-time object (a variable), a note where the
// only common object is a summary (an allocation site); nothing where a fact keeps the two
// apart.
TEST(OverlappingCopy, ProvenIsErrorPossibleIsWarningSummaryIsNote) {
    FactsBuilder b;
    NodeId buf = b.node("buf", NodeKind::Global, "", 1, 6);
    NodeId other = b.node("other", NodeKind::Global, "", 2, 6);
    NodeId heap = b.node("heap@prog.c:3:15", NodeKind::Heap, "", 3, 15);
    NodeId addr = b.node("&buf", NodeKind::AddrOf, "", 5, 12);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 4);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 5);
    NodeId h1 = b.node("main::h1", NodeKind::Local, "main", 6);
    NodeId h2 = b.node("main::h2", NodeKind::Local, "main", 7);
    NodeId o = b.node("main::o", NodeKind::Local, "main", 8);
    b.assign(addr, p, 4);
    b.assign(p, q, 5);
    const std::uint32_t same = b.call("memcpy", {p, q, facts::kNoNode}, 10, 5, 20);  // proven: error
    b.argument(same, 0, facts::ArgumentAddress::Base::Object, "object:buf", 0);
    b.argument(same, 1, facts::ArgumentAddress::Base::Object, "object:buf", 4);
    b.constant(same, 2, 16);
    b.call("__builtin___strcpy_chk", {h1, h2, facts::kNoNode}, 11, 5, 40);  // heap only: note
    b.call("strcat", {p, o}, 12, 5, 18);                                 // o -> {buf, other}: may
    b.call("strncpy", {o, heap, facts::kNoNode}, 13, 5, 25);             // no alias
    b.call("memmove", {p, q, facts::kNoNode}, 14, 5, 21);                // allowed
    // Same buffer, 8 bytes apart, 8 bytes copied: the ranges do not meet.
    const std::uint32_t apart = b.call("memcpy", {p, q, facts::kNoNode}, 15, 5, 20);
    b.argument(apart, 0, facts::ArgumentAddress::Base::Object, "object:buf", 8);
    b.argument(apart, 1, facts::ArgumentAddress::Base::Object, "object:buf", 0);
    b.constant(apart, 2, 8);
    // Two fields of one struct type.
    const std::uint32_t fields = b.call("memcpy", {p, q, facts::kNoNode}, 16, 5, 20);
    b.argument(fields, 0, facts::ArgumentAddress::Base::Value, "param#0", std::nullopt).record = "struct:two";
    auto& second = b.argument(fields, 1, facts::ArgumentAddress::Base::Value, "param#1", std::nullopt);
    second.record = "struct:two";
    second.lo = 8;
    second.hi = 16;
    b.facts.arguments[b.facts.arguments.size() - 2].hi = 8;
    // A block allocated just before, which the source cannot point into.
    const std::uint32_t fresh = b.call("memcpy", {h1, h2, facts::kNoNode}, 17, 5, 20);
    b.argument(fresh, 0, facts::ArgumentAddress::Base::Value, "call:3").fresh_apart = {1};
    RelationAliasOracle oracle(b.facts, rows({{p, q}}),
                               rows({{p, buf}, {q, buf}, {h1, heap}, {h2, heap}, {o, buf}, {o, other}}));
    std::vector<Finding> found = run_one("overlapping-copy", b.facts, oracle);
    EXPECT_EQ(summarize(found), (std::vector<Summary>{{10, "error"}, {11, "note"}, {12, "warning"}}));
    EXPECT_NE(found[1].message.find("which stands for many objects or parts"), std::string::npos) << found[1].message;
    EXPECT_EQ(found[2].message.find("stands for many"), std::string::npos) << found[2].message;
    EXPECT_EQ(found[0].region.column, 5u);
    EXPECT_EQ(found[0].region.end_column, 20u);
    EXPECT_NE(found[0].message.find("point 4 bytes apart into one buffer and 16 bytes are copied: they overlap on every call"),
              std::string::npos)
        << found[0].message;
    EXPECT_NE(found[2].message.find("may overlap"), std::string::npos);
    EXPECT_NE(found[1].message.find("`__builtin___strcpy_chk`"), std::string::npos);
    // Witness: &buf flows into p, p flows into q.
    ASSERT_FALSE(found[0].witness.empty());
    std::vector<std::uint32_t> lines;
    for (const FlowStep& step : found[0].witness) lines.push_back(step.region.line);
    EXPECT_EQ(lines, (std::vector<std::uint32_t>{4, 5}));  // source p (declared line 4), then q = p

    // summary-level: the level of the heap-only pair, or none to drop it.
    CheckOptions as_warning;
    as_warning.summary_level = Level::Warning;
    EXPECT_EQ(summarize(run_one("overlapping-copy", b.facts, oracle, as_warning)),
              (std::vector<Summary>{{10, "error"}, {11, "warning"}, {12, "warning"}}));
    CheckOptions dropped;
    dropped.summary_level = Level::None;
    EXPECT_EQ(summarize(run_one("overlapping-copy", b.facts, oracle, dropped)),
              (std::vector<Summary>{{10, "error"}, {12, "warning"}}));
}

// Objects that are no evidence of one buffer: a table of records (compound) and a function
// (a data pointer reaches one only through a slot that mixes kinds of pointers).
TEST(OverlappingCopy, CompoundObjectsAndFunctionsAreWeakEvidence) {
    FactsBuilder b;
    NodeId table = b.node("table", NodeKind::Global, "", 1, 6);
    b.facts.nodes[table].compound = true;
    NodeId hook = b.node("hook", NodeKind::Function, "", 2, 6);
    NodeId line = b.node("line", NodeKind::Global, "", 3, 6);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 4);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 5);
    NodeId r = b.node("main::r", NodeKind::Local, "main", 6);
    NodeId s = b.node("main::s", NodeKind::Local, "main", 7);
    b.call("memcpy", {p, q, facts::kNoNode}, 10, 5, 20);  // {table, hook} in common: note
    b.call("memcpy", {r, s, facts::kNoNode}, 11, 5, 20);  // {table, line}: line is one buffer
    RelationAliasOracle oracle(b.facts, rows({}),
                               rows({{p, table}, {p, hook}, {q, table}, {q, hook}, {r, table}, {r, line},
                                     {s, table}, {s, line}}));
    EXPECT_EQ(summarize(run_one("overlapping-copy", b.facts, oracle)),
              (std::vector<Summary>{{10, "note"}, {11, "warning"}}));
    // A compound variable is still one object for must-alias: both point to it and nothing else.
    NodeId t = b.node("main::t", NodeKind::Local, "main", 8);
    NodeId u = b.node("main::u", NodeKind::Local, "main", 9);
    RelationAliasOracle single(b.facts, rows({}), rows({{t, table}, {u, table}}));
    EXPECT_TRUE(single.must_alias(t, u));
}

// A variable that every access through either pointer covers whole: two accesses that meet
// in it start at its first byte, a copy onto itself, weak evidence. One byte is covered by
// any access; a larger variable by accesses of at least its size; one of unknown size, or a
// second common variable that an access may cover in part, keeps the warning.
TEST(OverlappingCopy, VariablesCoveredWholeAreWeakEvidence) {
    FactsBuilder b;
    NodeId byte = b.node("reader::byte", NodeKind::Local, "reader", 1, 6);
    b.facts.nodes[byte].bytes = 1;
    NodeId value = b.node("value", NodeKind::Global, "", 2, 6);
    b.facts.nodes[value].bytes = 8;
    NodeId unsized = b.node("unsized", NodeKind::Global, "", 3, 6);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 4);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 5);
    NodeId r = b.node("main::r", NodeKind::Local, "main", 6);
    NodeId s = b.node("main::s", NodeKind::Local, "main", 7);
    NodeId t = b.node("main::t", NodeKind::Local, "main", 8);
    NodeId u = b.node("main::u", NodeKind::Local, "main", 9);
    b.call("memcpy", {p, q, facts::kNoNode}, 10, 5, 20);  // {byte}, any length: note
    const std::uint32_t whole = b.call("memcpy", {r, s, facts::kNoNode}, 11, 5, 20);
    b.constant(whole, 2, 8);                                // {value}, 8 bytes: note
    const std::uint32_t part = b.call("memcpy", {r, s, facts::kNoNode}, 12, 5, 20);
    b.constant(part, 2, 4);                                 // {value}, 4 of its 8 bytes: warning
    b.call("memcpy", {r, s, facts::kNoNode}, 13, 5, 20);   // {value}, length unknown: warning
    b.call("memcpy", {t, u, facts::kNoNode}, 14, 5, 20);   // {byte, unsized}: warning
    RelationAliasOracle oracle(b.facts, rows({}),
                               rows({{p, byte}, {q, byte}, {r, value}, {s, value}, {t, byte}, {t, unsized},
                                     {u, byte}, {u, unsized}}));
    const std::vector<Finding> found = run_one("overlapping-copy", b.facts, oracle);
    EXPECT_EQ(summarize(found), (std::vector<Summary>{
                                    {10, "note"}, {11, "note"}, {12, "warning"}, {13, "warning"}, {14, "warning"}}));
    ASSERT_EQ(found.size(), 5u);
    EXPECT_NE(found[0].message.find("1 byte that each access covers whole, so they can meet only as one address"),
              std::string::npos)
        << found[0].message;
    EXPECT_NE(found[1].message.find("8 bytes that each access covers whole"), std::string::npos) << found[1].message;
    EXPECT_EQ(found[2].message.find("covers whole"), std::string::npos) << found[2].message;
}

// A destination in the block a function returned that galias does not know to allocate: the
// finding stays, and names the function whose answer would settle it.
TEST(OverlappingCopy, NamesTheFunctionThatWouldKeepAFreshBlockApart) {
    FactsBuilder b;
    NodeId arena = b.node("arena", NodeKind::Global, "", 1, 6);
    NodeId d = b.node("copy_name::copy", NodeKind::Local, "copy_name", 2);
    NodeId s = b.node("copy_name::name", NodeKind::Param, "copy_name", 3);
    const std::uint32_t pooled = b.call("memcpy", {d, s, facts::kNoNode}, 10, 5, 20);
    b.argument(pooled, 0, facts::ArgumentAddress::Base::Value, "call:0");
    const std::uint32_t other = b.call("memcpy", {d, s, facts::kNoNode}, 11, 5, 20);
    b.argument(other, 0, facts::ArgumentAddress::Base::Value, "call:1");
    b.facts.allocation_candidates.push_back(facts::AllocationCandidate{pooled, 0, "pool_take", {1}});
    b.facts.allocation_candidates.back().pos = {"a.c", 8, 16};  // the call of pool_take
    // The source was taken from that block: naming the function would not help.
    b.facts.allocation_candidates.push_back(facts::AllocationCandidate{other, 0, "pool_take", {}});
    RelationAliasOracle oracle(b.facts, rows({}), rows({{d, arena}, {s, arena}}));
    const std::vector<Finding> found = run_one("overlapping-copy", b.facts, oracle);
    EXPECT_EQ(summarize(found), (std::vector<Summary>{{10, "warning"}, {11, "warning"}}));
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0].allocator_hint, "pool_take");
    EXPECT_NE(plain_message(found[0].message).find("; if `pool_take` returns memory no other object holds, name it in "
                                    "`[analysis] allocators`"),
              std::string::npos)
        << found[0].message;
    // The function's name links the call that returned the block.
    ASSERT_FALSE(found[0].related.empty());
    EXPECT_EQ(found[0].related.back().region.line, 8u);
    EXPECT_EQ(found[0].related.back().message, "the block comes from this call of `pool_take`");
    EXPECT_EQ(found[1].allocator_hint, "");
    EXPECT_EQ(found[1].message.find("pool_take"), std::string::npos) << found[1].message;
}

// A pointer that may point to more objects than kImpreciseSet is one the analysis lost
// track of: one variable in common with it is weak evidence.
TEST(OverlappingCopy, ImprecisePointersAreWeakEvidence) {
    FactsBuilder b;
    NodeId line = b.node("line", NodeKind::Global, "", 1, 6);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 4);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 5);
    NodeId r = b.node("main::r", NodeKind::Local, "main", 6);
    std::vector<std::pair<NodeId, NodeId>> points_to{{p, line}, {q, line}, {r, line}};
    for (std::size_t i = 0; i < kImpreciseSet; ++i) {
        NodeId other = b.node("other" + std::to_string(i), NodeKind::Global, "", 10 + static_cast<std::uint32_t>(i), 6);
        points_to.emplace_back(r, other);
    }
    b.call("memcpy", {p, q, facts::kNoNode}, 40, 5, 20);  // {line}: warning
    b.call("memcpy", {p, r, facts::kNoNode}, 41, 5, 20);  // r may point to 17 objects: note
    RelationAliasOracle oracle(b.facts, rows({}), rows(points_to));
    const std::vector<Finding> found = run_one("overlapping-copy", b.facts, oracle);
    EXPECT_EQ(summarize(found), (std::vector<Summary>{{40, "warning"}, {41, "note"}}));
    ASSERT_EQ(found.size(), 2u);
    EXPECT_NE(found[1].message.find("one of more than 16 objects"), std::string::npos) << found[1].message;
}

// Offsets and a length that are linear forms in the call's values: the distance decides.
TEST(OverlappingCopy, LinearFormsDecideWithoutConstants) {
    FactsBuilder b;
    NodeId buf = b.node("buf", NodeKind::Global, "", 1, 6);
    NodeId p = b.node("main::p", NodeKind::Local, "main", 4);
    NodeId q = b.node("main::q", NodeKind::Local, "main", 5);
    const auto form = [](std::int64_t constant, std::vector<facts::LinearTerm> terms) {
        return facts::LinearForm{constant, std::move(terms)};
    };
    const auto at = [&](std::uint32_t call, std::uint32_t arg, facts::LinearForm offset) {
        b.argument(call, arg, facts::ArgumentAddress::Base::Value, "param#0", std::nullopt).linear = offset;
    };
    const auto length = [&](std::uint32_t call, facts::LinearForm bytes) {
        b.argument(call, 2, facts::ArgumentAddress::Base::Unknown, "", std::nullopt).linear = bytes;
    };
    // memcpy(b + i + 6, b + i + 4, 10): two bytes apart, whatever i is: error.
    const std::uint32_t shift = b.call("memcpy", {p, q, facts::kNoNode}, 10, 5, 20);
    at(shift, 0, form(6, {{0, 1, true}}));
    at(shift, 1, form(4, {{0, 1, true}}));
    b.constant(shift, 2, 10);
    // memcpy(w, w + k, k - m) with m unsigned: [0, k - m) ends where [k, ...) starts.
    const std::uint32_t slide = b.call("memcpy", {p, q, facts::kNoNode}, 11, 5, 20);
    at(slide, 0, form(0, {}));
    at(slide, 1, form(0, {{0, 1, true}}));
    length(slide, form(0, {{0, 1, true}, {1, -1, true}}));
    // memcpy(w, w + n, t - n): the ranges meet when t > 2n: warning.
    const std::uint32_t prefix = b.call("memcpy", {p, q, facts::kNoNode}, 12, 5, 20);
    at(prefix, 0, form(0, {}));
    at(prefix, 1, form(0, {{0, 1, true}}));
    length(prefix, form(0, {{0, -1, true}, {1, 1, true}}));
    // memcpy(&a[i], &a[j], 24) for 24-byte elements: one address or apart: note.
    const std::uint32_t element = b.call("memcpy", {p, q, facts::kNoNode}, 13, 5, 20);
    at(element, 0, form(0, {{0, 24, true}}));
    at(element, 1, form(0, {{1, 24, true}}));
    b.constant(element, 2, 24);
    // The same with 25 bytes copied: they may overlap partly: warning.
    const std::uint32_t longer = b.call("memcpy", {p, q, facts::kNoNode}, 14, 5, 20);
    at(longer, 0, form(0, {{0, 24, true}}));
    at(longer, 1, form(0, {{1, 24, true}}));
    b.constant(longer, 2, 25);
    // memcpy(p, p - n, n) with n signed: adjacent ranges, apart whatever n is.
    const std::uint32_t adjacent = b.call("memcpy", {p, q, facts::kNoNode}, 15, 5, 20);
    at(adjacent, 0, form(0, {}));
    at(adjacent, 1, form(0, {{0, -1, false}}));
    length(adjacent, form(0, {{0, 1, false}}));
    // memcpy(&m->a[2 + n], &m->a[1], n * 4) into a trailing array member `u32 a[1]`: the
    // member bounds each access to 4 bytes, which does not decide it; the length's form does.
    const std::uint32_t trailing = b.call("memcpy", {p, q, facts::kNoNode}, 16, 5, 20);
    const auto member = [](facts::ArgumentAddress& address) -> facts::ArgumentAddress& {
        address.record = "struct:m";
        address.lo = 0;
        address.hi = 4;
        return address;
    };
    member(b.argument(trailing, 0, facts::ArgumentAddress::Base::Value, "param#0", std::nullopt)).linear =
        form(8, {{0, 4, false}});
    member(b.argument(trailing, 1, facts::ArgumentAddress::Base::Value, "param#0", 4));
    length(trailing, form(0, {{0, 4, false}}));
    // memcpy(w, w + k, n): they meet where n > k, which nothing relates (the length reads
    // another value than the distance): note.
    const std::uint32_t window = b.call("memcpy", {p, q, facts::kNoNode}, 17, 5, 20);
    at(window, 0, form(0, {}));
    at(window, 1, form(0, {{0, 1, true}}));
    length(window, form(0, {{1, 1, true}}));
    RelationAliasOracle oracle(b.facts, rows({}), rows({{p, buf}, {q, buf}}));
    const std::vector<Finding> found = run_one("overlapping-copy", b.facts, oracle);
    EXPECT_EQ(summarize(found),
              (std::vector<Summary>{{10, "error"}, {12, "warning"}, {13, "note"}, {14, "warning"}, {17, "note"}}));
    ASSERT_EQ(found.size(), 5u);
    EXPECT_NE(found[4].message.find("only where the length exceeds their distance"), std::string::npos)
        << found[4].message;
    EXPECT_NE(found[0].message.find("point 2 bytes apart into one buffer and 10 bytes are copied"), std::string::npos)
        << found[0].message;
    EXPECT_NE(found[2].message.find("at the same address or at least 24 bytes apart"), std::string::npos)
        << found[2].message;
}

// A variable of the running call of a function and a parameter's value on entry: the
// variable did not exist when the parameter got its value.
TEST(OverlappingCopy, ParametersCannotPointIntoTheirOwnFrame) {
    FactsBuilder b;
    NodeId buffer = b.node("read::buffer", NodeKind::Local, "read", 1, 6);
    NodeId p = b.node("read::dst", NodeKind::Local, "read", 4);
    NodeId q = b.node("read::header", NodeKind::Param, "read", 5);
    const std::uint32_t own = b.call("memcpy", {p, q, facts::kNoNode}, 10, 5, 20);
    b.argument(own, 0, facts::ArgumentAddress::Base::Object, "frame:tu:local:read:buffer@1:6", 0);
    b.argument(own, 1, facts::ArgumentAddress::Base::Value, "param#0", 0);
    // The same variable reached through a value loaded from memory: may be this frame's.
    const std::uint32_t loaded = b.call("memcpy", {p, q, facts::kNoNode}, 11, 5, 20);
    b.argument(loaded, 0, facts::ArgumentAddress::Base::Object, "frame:tu:local:read:buffer@1:6", 0);
    b.argument(loaded, 1, facts::ArgumentAddress::Base::Value, "load(param#0+8)@", 0);
    RelationAliasOracle oracle(b.facts, rows({}), rows({{p, buffer}, {q, buffer}}));
    EXPECT_EQ(summarize(run_one("overlapping-copy", b.facts, oracle)), (std::vector<Summary>{{11, "warning"}}));
}

TEST(CLibrary, NormalizesFortifiedNames) {
    EXPECT_EQ(normalize_callee("__builtin___memcpy_chk"), "memcpy");
    EXPECT_EQ(normalize_callee("__builtin_strcpy"), "strcpy");
    EXPECT_EQ(normalize_callee("__strcat_chk"), "strcat");
    EXPECT_EQ(normalize_callee("memmove"), "memmove");
    ASSERT_NE(find_library_function("memcpy"), nullptr);
    EXPECT_TRUE(find_library_function("memcpy")->is_copy);
    EXPECT_EQ(find_library_function("memmove"), nullptr);
    EXPECT_FALSE(find_library_function("snprintf")->is_copy);
}

}  // namespace
}  // namespace galias::reports
