#include <gtest/gtest.h>

#include <fstream>

#include "reports/config.hpp"
#include "scenario.hpp"

namespace galias::reports {
namespace {

Diagnostic error_of(const std::string& text) {
    try {
        parse_config(text, ".galias.toml");
    } catch (const DiagnosticError& e) {
        return e.diagnostic();
    }
    ADD_FAILURE() << "no error for:\n" << text;
    return {};
}

TEST(Config, DefaultsEnableEveryCheck) {
    ReportConfig config = parse_config("", "x.toml");
    EXPECT_EQ(config.enabled_checks,
              (std::vector<std::string>{"alias-assertion", "must-not-alias", "overlapping-copy", "restrict-alias"}));
    EXPECT_FALSE(config.context_k);
}

TEST(Config, ReadsEverySection) {
    ReportConfig config = parse_config(R"(
[checks]
enable = ["restrict-alias", "overlapping-copy", "must-not-alias"]
disable = ["must-not-alias"]

[analysis]
context-k = 2
allocators = ["xmalloc", "pool_alloc"]
max-witness-steps = 12

[[must-not-alias]]
a = "g_in"
b = "filter::out"
reason = "in place is not supported"

[[must-not-alias]]
a = "x.c:3:p"
b = "q"

[paths]
exclude = ["third_party/**", "gen/"]
)",
                                       "cfg.toml");
    EXPECT_EQ(config.enabled_checks, (std::vector<std::string>{"overlapping-copy", "restrict-alias"}));
    EXPECT_EQ(config.context_k, 2u);
    EXPECT_EQ(config.allocators, (std::vector<std::string>{"xmalloc", "pool_alloc"}));
    EXPECT_EQ(config.max_witness_steps, 12u);
    ASSERT_EQ(config.must_not_alias.size(), 2u);
    EXPECT_EQ(config.must_not_alias[0].a, "g_in");
    EXPECT_EQ(config.must_not_alias[0].b, "filter::out");
    EXPECT_EQ(config.must_not_alias[0].reason, "in place is not supported");
    EXPECT_EQ(config.must_not_alias[0].where.str(), "cfg.toml:11:1");
    EXPECT_EQ(config.must_not_alias[1].a, "x.c:3:p");
    EXPECT_EQ(config.exclude, (std::vector<std::string>{"third_party/**", "gen/"}));
}

TEST(Config, UnknownCheckNameIsLocatedWithSuggestion) {
    Diagnostic d = error_of("[checks]\nenable = [\"restrict-alias\",\n  \"overlaping-copy\"]\n");
    EXPECT_EQ(d.location.str(), ".galias.toml:3:3");
    EXPECT_NE(d.message.find("unknown check 'overlaping-copy'"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("did you mean 'overlapping-copy'"), std::string::npos) << d.message;
    EXPECT_EQ(error_of("[checks]\ndisable = [\"nope\"]\n").location.str(), ".galias.toml:2:12");
}

TEST(Config, MalformedTomlHasLineAndColumn) {
    Diagnostic d = error_of("[checks]\nenable = [\"restrict-alias\"\n[paths]\n");
    EXPECT_EQ(d.location.file, ".galias.toml");
    EXPECT_EQ(d.location.line, 3u);
    EXPECT_NE(d.location.column, 0u);
    EXPECT_FALSE(d.message.empty());
    EXPECT_EQ(error_of("a = = 1\n").location.line, 1u);
}

TEST(Config, UnknownKeysAndWrongTypes) {
    Diagnostic key = error_of("[analysis]\ncontext_k = 1\n");
    EXPECT_EQ(key.location.str(), ".galias.toml:2:1");
    EXPECT_NE(key.message.find("did you mean 'context-k'"), std::string::npos) << key.message;
    EXPECT_EQ(error_of("[analysis]\ncontext-k = \"one\"\n").location.str(), ".galias.toml:2:13");
    EXPECT_EQ(error_of("[analysis]\ncontext-k = 99\n").location.line, 2u);
    EXPECT_EQ(error_of("[checks]\nenable = \"restrict-alias\"\n").location.line, 2u);
    EXPECT_EQ(error_of("[[must-not-alias]]\na = \"x\"\n").location.line, 1u);  // missing b
    EXPECT_EQ(error_of("[typo]\n").location.line, 1u);
}

TEST(Config, FoundInParentDirectories) {
    auto dir = testing::temp_dir("config");
    std::filesystem::create_directories(dir / "src" / "deep");
    std::ofstream(dir / ".galias.toml") << "[checks]\nenable = [\"restrict-alias\"]\n";
    auto found = find_config(dir / "src" / "deep");
    ASSERT_TRUE(found);
    EXPECT_EQ(std::filesystem::canonical(*found), std::filesystem::canonical(dir / ".galias.toml"));
    EXPECT_EQ(load_config(*found).enabled_checks, std::vector<std::string>{"restrict-alias"});
    EXPECT_THROW(load_config(dir / "missing.toml"), DiagnosticError);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace galias::reports
