#include "reports/checks/check_registry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

namespace galias::reports {
namespace {

TEST(CheckRegistry, SortedKebabCaseWithDocs) {
    std::vector<std::string> ids = all_check_ids();
    ASSERT_EQ(ids.size(), 10u);
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

// The rules for security weaknesses carry their CWE as a tag and GitHub's security-severity,
// which code scanning uses to rank alerts.
TEST(CheckRegistry, MemoryChecksNameTheirWeakness) {
    const std::vector<std::pair<std::string, std::string>> weaknesses = {
        {"free-nonheap", "external/cwe/cwe-590"},       {"free-offset", "external/cwe/cwe-761"},
        {"mismatched-release", "external/cwe/cwe-762"}, {"stack-address-escape", "external/cwe/cwe-562"},
        {"use-after-free", "external/cwe/cwe-416"},     {"double-free", "external/cwe/cwe-415"},
    };
    for (const auto& [id, cwe] : weaknesses) {
        SCOPED_TRACE(id);
        auto check = make_check(id);
        ASSERT_TRUE(check);
        const RuleInfo& info = check->info();
        EXPECT_NE(std::find(info.tags.begin(), info.tags.end(), cwe), info.tags.end());
        EXPECT_NE(std::find(info.tags.begin(), info.tags.end(), "security"), info.tags.end());
        ASSERT_FALSE(info.security_severity.empty());
        const double severity = std::stod(std::string(info.security_severity));
        EXPECT_GT(severity, 0.0);
        EXPECT_LE(severity, 10.0);
    }
}

}  // namespace
}  // namespace galias::reports
