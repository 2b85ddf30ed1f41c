#include "reports/node_resolver.hpp"

#include <gtest/gtest.h>

#include "scenario.hpp"

namespace galias::reports {
namespace {

using testing::NodeKind;

std::string error_of(const NodeResolver& resolver, const std::string& spec) {
    try {
        (void)resolver.resolve(spec);
    } catch (const DiagnosticError& e) {
        return e.diagnostic().str();
    }
    return "no error";
}

TEST(NodeResolver, NamesPositionsAndSuggestions) {
    auto dir = testing::temp_dir("resolver");
    testing::Scenario s(dir);
    NodeResolver resolver(s.b.facts, *s.view);
    EXPECT_EQ(resolver.resolve("main::p"), std::vector<NodeId>{s.p});
    EXPECT_EQ(resolver.resolve("g_in"), std::vector<NodeId>{s.g_in});
    EXPECT_EQ(resolver.resolve("q"), std::vector<NodeId>{s.q});            // unique in one function
    EXPECT_EQ(resolver.resolve("prog.c:8:q"), std::vector<NodeId>{s.q});   // declaration line
    EXPECT_EQ(resolver.resolve("prog.c:12:r"), std::vector<NodeId>{s.r});  // a use inside main
    EXPECT_EQ(resolver.resolve(s.b.file() + ":7:p"), std::vector<NodeId>{s.p});

    std::string missing = error_of(resolver, "main::qq");
    EXPECT_NE(missing.find("no variable 'main::qq'"), std::string::npos) << missing;
    EXPECT_NE(missing.find("did you mean 'main::q'"), std::string::npos) << missing;
    std::string typo = error_of(resolver, "g_inn");
    EXPECT_NE(typo.find("did you mean 'g_in'"), std::string::npos) << typo;
    std::string at_line = error_of(resolver, "prog.c:10:pp");
    EXPECT_NE(at_line.find("no variable 'pp' at prog.c:10"), std::string::npos) << at_line;
    EXPECT_NE(at_line.find(":7:p'"), std::string::npos) << at_line;
    EXPECT_NE(error_of(resolver, "prog.c:x:p").find("cannot parse"), std::string::npos);
    EXPECT_NE(error_of(resolver, "other.c:7:p").find("no variable 'p' at other.c:7"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(NodeResolver, AmbiguousShortName) {
    testing::FactsBuilder b;
    b.node("f::x", NodeKind::Local, "f", 1);
    b.node("g::x", NodeKind::Local, "g", 5);
    SourceView view(b.facts);
    NodeResolver resolver(b.facts, view);
    std::string message = error_of(resolver, "x");
    EXPECT_NE(message.find("ambiguous"), std::string::npos) << message;
    EXPECT_NE(message.find("f::x, g::x"), std::string::npos) << message;
}

TEST(EditDistance, Basics) {
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
    EXPECT_EQ(edit_distance("", "abc"), 3u);
    EXPECT_EQ(edit_distance("same", "same"), 0u);
    EXPECT_TRUE(path_matches("/src/a/prog.c", "prog.c"));
    EXPECT_TRUE(path_matches("/src/a/prog.c", "a/prog.c"));
    EXPECT_FALSE(path_matches("/src/a/xprog.c", "prog.c"));
}

}  // namespace
}  // namespace galias::reports
