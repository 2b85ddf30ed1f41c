#include "reports/source_paths.hpp"

#include <gtest/gtest.h>

namespace galias::reports {
namespace {

TEST(SourcePaths, RelativeToRoot) {
    EXPECT_EQ(relative_to_root("/repo/src/a.c", "/repo"), "src/a.c");
    EXPECT_EQ(relative_to_root("/repo/src/../b.c", "/repo/"), "b.c");
    EXPECT_FALSE(relative_to_root("/elsewhere/a.c", "/repo"));
    EXPECT_FALSE(relative_to_root("/repo2/a.c", "/repo"));
    EXPECT_FALSE(relative_to_root("", "/repo"));
}

TEST(SourcePaths, Globs) {
    EXPECT_TRUE(glob_match("third_party/**", "third_party/zlib/inflate.c"));
    EXPECT_TRUE(glob_match("**/gen_*.c", "src/x/gen_tables.c"));
    EXPECT_TRUE(glob_match("**/gen_*.c", "gen_tables.c"));
    EXPECT_TRUE(glob_match("src/*.c", "src/a.c"));
    EXPECT_FALSE(glob_match("src/*.c", "src/sub/a.c"));
    EXPECT_TRUE(glob_match("gen/", "gen/a/b.c"));
    EXPECT_FALSE(glob_match("gen/", "src/gen/a.c"));
    EXPECT_TRUE(glob_match("a?c.c", "abc.c"));
    EXPECT_FALSE(glob_match("a?c.c", "a/c.c"));
}

TEST(SourcePaths, GlobProblems) {
    for (const char* good : {"third_party/**", "**/gen_*.c", "src/*.c", "gen/", "a?c.c", "**"})
        EXPECT_FALSE(glob_problem(good)) << good;
    EXPECT_EQ(glob_problem(""), "it is empty");
    EXPECT_EQ(glob_problem("/usr/**"), "paths are relative to the source root, so it can never match");
    EXPECT_TRUE(glob_problem("src/[ab].c"));
    EXPECT_TRUE(glob_problem("src/{a,b}.c"));
    EXPECT_TRUE(glob_problem("a\\b"));
    EXPECT_TRUE(glob_problem("../x"));
    EXPECT_EQ(glob_problem("src**"), "'**' must be a whole path segment ('**/x', 'a/**')");
    EXPECT_TRUE(glob_problem("***/x"));
}

TEST(SourcePaths, UriEncoding) {
    EXPECT_EQ(uri_encode_path("src/my file#1.c"), "src/my%20file%231.c");
    EXPECT_EQ(uri_encode_path("a-b_c.d~/e"), "a-b_c.d~/e");
}

}  // namespace
}  // namespace galias::reports
