#include "reports/changed_lines.hpp"

#include <gtest/gtest.h>

#include "facts/diagnostic.hpp"

namespace galias::reports {
namespace {

const char* kDiff =
    "diff --git a/src/a.c b/src/a.c\n"
    "--- a/src/a.c\n"
    "+++ b/src/a.c\n"
    "@@ -10,0 +11,2 @@ void f(void) {\n"
    "+    char *p = buf;\n"
    "+    free(p);\n"
    "@@ -20 +22 @@\n"
    "-    old();\n"
    "+    new();\n"
    "@@ -30,2 +31,0 @@\n"
    "-    gone();\n"
    "-    gone();\n"
    "diff --git a/src/old.c b/src/old.c\n"
    "--- a/src/old.c\n"
    "+++ /dev/null\n"
    "@@ -1,3 +0,0 @@\n"
    "-int x;\n"
    "--- src/b.c\t2026-01-01 00:00:00\n"
    "+++ src/b.c\t2026-01-02 00:00:00\n"
    "@@ -5,3 +5,4 @@\n"
    " keep\n"
    "+added\n";

TEST(ChangedLines, AddedLinesAndBothSidesOfADeletion) {
    const ChangedLines changed = ChangedLines::from_diff(kDiff, "/repo", "pr.diff");
    EXPECT_EQ(changed.files(), 2u);
    for (std::uint32_t line : {11u, 12u, 22u, 31u, 32u})
        EXPECT_TRUE(changed.touches("/repo/src/a.c", line)) << line;
    for (std::uint32_t line : {10u, 13u, 21u, 23u, 30u, 33u})
        EXPECT_FALSE(changed.touches("/repo/src/a.c", line)) << line;
    EXPECT_TRUE(changed.touches("/repo/src/./b.c", 5));
    EXPECT_TRUE(changed.touches("/repo/src/b.c", 8));
    EXPECT_FALSE(changed.touches("/repo/src/b.c", 9));
    EXPECT_FALSE(changed.touches("/repo/src/old.c", 1));
    EXPECT_EQ(changed.lines(), 5u + 4u);
}

TEST(ChangedLines, AFindingTouchesThroughItsCodeFlow) {
    const ChangedLines changed = ChangedLines::from_diff(kDiff, "/repo", "pr.diff");
    Finding far;
    far.region = {"/repo/src/a.c", 40, 5, 40, 12};
    EXPECT_FALSE(changed.touches(far));
    Finding flowing = far;
    flowing.witness.push_back(FlowStep{{"/repo/src/a.c", 11, 5, 11, 20}, "`buf` flows into `p`"});
    EXPECT_TRUE(changed.touches(flowing));
    Finding related = far;
    related.related.push_back(RelatedLocation{1, {"/repo/src/b.c", 8, 1, 8, 1}, "declared here"});
    EXPECT_TRUE(changed.touches(related));
    Finding spanning = far;
    spanning.region = {"/repo/src/a.c", 20, 1, 22, 3};
    EXPECT_TRUE(changed.touches(spanning));
}

TEST(ChangedLines, MalformedHunksNameTheirLine) {
    try {
        (void)ChangedLines::from_diff("+++ b/a.c\n@@ -1 +x @@\n", "/repo", "pr.diff");
        ADD_FAILURE() << "no error";
    } catch (const DiagnosticError& e) {
        EXPECT_NE(e.diagnostic().str().find("pr.diff:2:1: error: cannot read the hunk header"),
                  std::string::npos)
            << e.diagnostic().str();
    }
    try {
        (void)ChangedLines::from_diff("@@ -1 +1 @@\n", "/repo", "pr.diff");
        ADD_FAILURE() << "no error";
    } catch (const DiagnosticError& e) {
        EXPECT_NE(e.diagnostic().str().find("pr.diff:1:1: error: a hunk before any"), std::string::npos);
    }
    EXPECT_EQ(ChangedLines::from_diff("", "/repo", "empty").files(), 0u);
}

}  // namespace
}  // namespace galias::reports
