#include <gtest/gtest.h>

#include "check_test_support.hpp"
#include "scenario.hpp"

namespace galias::reports {
namespace {

using namespace testing;

TEST(MustNotAlias, ReportsConfiguredPairsWithWitness) {
    auto dir = temp_dir("must-not-alias");
    Scenario s(dir);
    CheckOptions options;
    options.enabled = {"must-not-alias"};
    options.must_not_alias = {
        {"g_in", "g_out", "not in place", SourceLocation{".galias.toml", 2, 1}},
        {"main::q", "buf", "", SourceLocation{".galias.toml", 6, 1}},   // q never holds buf's *value*
        {"prog.c:9:r", "main::p", "", SourceLocation{".galias.toml", 9, 1}},
    };
    std::vector<Finding> found = run_one("must-not-alias", s.b.facts, *s.oracle, options);
    ASSERT_EQ(summarize(found), (std::vector<Summary>{{4, "error"}, {9, "error"}}));
    const Finding& g = found[0];
    EXPECT_NE(plain_message(g.message).find("`g_in` and g_out must alias (both may point to buf), but the "
                                            "configuration requires they never do (.galias.toml:2:1): not in place"),
              std::string::npos)
        << g.message;
    ASSERT_EQ(g.related.size(), 2u);
    EXPECT_EQ(g.related[0].region.line, 4u);  // g_out
    EXPECT_EQ(g.related[1].region.line, 2u);  // buf
    // Witness: p flows into g_in (line 14), q = p (8), q flows into g_out (15).
    std::vector<std::uint32_t> lines;
    for (const FlowStep& step : g.witness) lines.push_back(step.region.line);
    EXPECT_EQ(lines, (std::vector<std::uint32_t>{7, 14, 8, 15}));
    std::filesystem::remove_all(dir);
}

TEST(MustNotAlias, UnknownNameIsAConfigError) {
    auto dir = temp_dir("must-not-alias-unknown");
    Scenario s(dir);
    CheckOptions options;
    options.enabled = {"must-not-alias"};
    options.must_not_alias = {{"g_inn", "g_out", "", SourceLocation{".galias.toml", 3, 1}}};
    try {
        run_one("must-not-alias", s.b.facts, *s.oracle, options);
        FAIL();
    } catch (const DiagnosticError& e) {
        EXPECT_EQ(e.diagnostic().str(),
                  ".galias.toml:3:1: error: no variable 'g_inn' in the program; did you mean 'g_in'?");
    }
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace galias::reports
