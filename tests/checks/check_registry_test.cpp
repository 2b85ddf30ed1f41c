#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "reports/checks/check_registry.hpp"

namespace galias::reports {
namespace {

TEST(CheckRegistry, SortedKebabCaseWithDocs) {
    std::vector<std::string> ids = all_check_ids();
    ASSERT_EQ(ids.size(), 4u);
    EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
    EXPECT_EQ(std::adjacent_find(ids.begin(), ids.end()), ids.end());
    std::regex kebab("[a-z]+(-[a-z]+)*");
    for (const std::string& id : ids) {
        SCOPED_TRACE(id);
        EXPECT_TRUE(std::regex_match(id, kebab));
        auto check = make_check(id);
        ASSERT_TRUE(check);
        EXPECT_EQ(check->info().id, id);
        EXPECT_FALSE(check->info().short_description.empty());
        EXPECT_FALSE(check->info().full_description.empty());
        EXPECT_FALSE(check->info().name.empty());
        std::string_view help = check_help(id);
        EXPECT_EQ(help.substr(0, id.size() + 2), "# " + id);
        EXPECT_NE(help.find("**What it finds.**"), std::string_view::npos);
        EXPECT_NE(help.find("**Why it matters.**"), std::string_view::npos);
        EXPECT_NE(help.find("**Bad**"), std::string_view::npos);
        EXPECT_NE(help.find("**Good**"), std::string_view::npos);
    }
    EXPECT_EQ(make_check("no-such-check"), nullptr);
}

}  // namespace
}  // namespace galias::reports
