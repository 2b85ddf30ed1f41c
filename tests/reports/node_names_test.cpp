#include "reports/node_names.hpp"

#include <gtest/gtest.h>

#include "facts_builder.hpp"

namespace galias::reports {
namespace {

using testing::NodeKind;

TEST(NodeNames, ShortAndBaseNames) {
    testing::FactsBuilder b;
    auto name = [&](const std::string& n, NodeKind kind, const std::string& function) {
        return b.facts.nodes[b.node(n, kind, function, 1)];
    };
    EXPECT_EQ(short_name(name("main::p", NodeKind::Local, "main")), "p");
    EXPECT_EQ(short_name(name("*main::p", NodeKind::Deref, "main")), "*p");
    EXPECT_EQ(short_name(name("&prog.c::buf", NodeKind::AddrOf, "")), "&buf");
    EXPECT_EQ(short_name(name("main::s.f", NodeKind::Field, "main")), "s.f");
    EXPECT_EQ(short_name(name("g", NodeKind::Global, "")), "g");
    EXPECT_EQ(short_name(name("heap@prog.c:12:7", NodeKind::Heap, "")), "heap@prog.c:12:7");
    EXPECT_EQ(short_name(name("main::p@12:5", NodeKind::Local, "main")), "p");
    EXPECT_EQ(short_name(name("*main::p@phi:14:9", NodeKind::Deref, "main")), "*p");
    EXPECT_EQ(short_name(name("main::$call@6:15", NodeKind::Temp, "main")), "$call@6:15");
    EXPECT_EQ(base_name(name("*main::p", NodeKind::Deref, "main")), "p");
    EXPECT_EQ(base_name(name("prog.c::buf", NodeKind::Static, "")), "buf");
    EXPECT_TRUE(is_variable(name("prog.c::buf", NodeKind::Static, "")));
    EXPECT_FALSE(is_variable(name("*main::p", NodeKind::Deref, "main")));
}

}  // namespace
}  // namespace galias::reports
