// Allocator hints: the functions findings name, counted and put in one sentence.
#include "reports/allocator_hints.hpp"

#include <gtest/gtest.h>

namespace galias::reports {
namespace {

Finding hinted(const std::string& function) {
    Finding finding;
    finding.allocator_hint = function;
    return finding;
}

TEST(AllocatorHints, CountsEachFunctionMostFindingsFirst) {
    const std::vector<Finding> findings{hinted("palloc"),     hinted("ngx_pnalloc"), Finding{},
                                        hinted("palloc"),     hinted("apr_palloc"),  hinted("palloc"),
                                        hinted("ngx_pnalloc")};
    const std::vector<AllocatorHint> hints = allocator_hints(findings);
    ASSERT_EQ(hints.size(), 3u);
    EXPECT_EQ(hints[0].function, "palloc");
    EXPECT_EQ(hints[0].findings, 3u);
    EXPECT_EQ(hints[1].function, "ngx_pnalloc");
    EXPECT_EQ(hints[1].findings, 2u);
    EXPECT_EQ(hints[2].function, "apr_palloc");
    EXPECT_EQ(hints[2].findings, 1u);
    EXPECT_EQ(allocator_hint_text(hints),
              "6 findings would not be reported if these functions returned memory no other object holds: "
              "palloc (3), ngx_pnalloc (2), apr_palloc (1); name those that do in `[analysis] allocators` "
              "(docs/CHECKS.md, \"Allocators\")");
}

TEST(AllocatorHints, NamesAFewAndCountsTheRest) {
    std::vector<Finding> findings;
    for (const char* name : {"a", "b", "c", "d"}) findings.push_back(hinted(name));
    const std::string text = allocator_hint_text(allocator_hints(findings), 2);
    EXPECT_NE(text.find("4 findings would not be reported if these functions"), std::string::npos) << text;
    EXPECT_NE(text.find(": a (1), b (1) and 2 more;"), std::string::npos) << text;
    EXPECT_EQ(allocator_hint_text(allocator_hints({hinted("x")}))
                  .rfind("1 finding would not be reported if this "
                         "function returned",
                         0),
              0u);
    EXPECT_TRUE(allocator_hints({Finding{}}).empty());
    EXPECT_EQ(allocator_hint_text({}), "");
}

}  // namespace
}  // namespace galias::reports
