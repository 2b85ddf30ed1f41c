#include "reports/config.hpp"

#include <gtest/gtest.h>

#include <fstream>

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
              (std::vector<std::string>{"alias-assertion", "double-free", "free-nonheap", "free-offset",
                                        "mismatched-release", "must-not-alias", "overlapping-copy",
                                        "restrict-alias", "stack-address-escape", "use-after-free"}));
    EXPECT_FALSE(config.context_k);
}

TEST(Config, ReadsEverySection) {
    ReportConfig config = parse_config(R"(
[checks]
# every check but these two
disable = ["alias-assertion", "must-not-alias"]

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
    EXPECT_EQ(config.enabled_checks,
              (std::vector<std::string>{"double-free", "free-nonheap", "free-offset", "mismatched-release",
                                        "overlapping-copy", "restrict-alias", "stack-address-escape",
                                        "use-after-free"}));
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

TEST(Config, DeepNestingIsRefusedBeforeParsing) {
    // toml++ recurses once per segment: tens of thousands of them overflowed the stack.
    std::string dotted;
    for (int i = 0; i < 31000; ++i) dotted += i == 0 ? "a" : ".a";
    Diagnostic key = error_of(dotted + " = 1\n");
    EXPECT_EQ(key.location.str(), ".galias.toml:1:1");
    EXPECT_NE(key.message.find("nest more than 64 levels"), std::string::npos) << key.message;
    EXPECT_EQ(error_of("[paths]\n[" + dotted + "]\n").location.str(), ".galias.toml:2:2");
    EXPECT_EQ(error_of("[[" + dotted + "]]\n").location.line, 1u);
    EXPECT_EQ(error_of("x = " + std::string(100, '[') + "\n").location.line, 1u);
    EXPECT_EQ(error_of("x = {" + dotted.substr(0, 200) + " = 1}\n").location.line, 1u);
    // Quoted keys count as one segment whatever they hold; ordinary configurations pass.
    EXPECT_NO_THROW(parse_config("[paths]\nexclude = [\"" + dotted.substr(0, 300) + "\"]\n", "x.toml"));
    EXPECT_EQ(error_of("\"" + dotted.substr(0, 300) + "\" = 1\n").message,
              "unknown key '" + dotted.substr(0, 300) + "' in the configuration");
}

TEST(Config, ContradictionsAndBadGlobsAreErrors) {
    Diagnostic both = error_of("[checks]\nenable = [\"restrict-alias\"]\ndisable = [\"restrict-alias\"]\n");
    EXPECT_EQ(both.location.str(), ".galias.toml:3:12");
    EXPECT_EQ(both.message, "check 'restrict-alias' is both enabled and disabled");
    for (const char* glob : {"", "/abs/**", "src/[ab].c", "a**", "x/***/y", "../up/*", "{a,b}/c", "a\\\\b"}) {
        Diagnostic d = error_of(std::string("[paths]\nexclude = [\"ok/**\", \"") + glob + "\"]\n");
        EXPECT_EQ(d.location.str(), ".galias.toml:2:21") << glob;
        EXPECT_NE(d.message.find("is not a valid path glob"), std::string::npos) << d.message;
    }
    EXPECT_NO_THROW(
        parse_config("[paths]\nexclude = [\"**/gen/*.c\", \"third_party/\", \"a/**\", \"?x\"]\n", "x.toml"));
}

TEST(Config, AllowPartial) {
    EXPECT_FALSE(parse_config("", "x.toml").allow_partial);
    EXPECT_EQ(parse_config("[analysis]\nallow-partial = true\n", "x.toml").allow_partial, true);
    EXPECT_EQ(error_of("[analysis]\nallow-partial = 1\n").location.str(), ".galias.toml:2:17");
}

TEST(Config, SummaryLevel) {
    EXPECT_FALSE(parse_config("", "x.toml").summary_level.has_value());
    EXPECT_EQ(parse_config("[checks]\nsummary-level = \"warning\"\n", "x.toml").summary_level,
              Level::Warning);
    EXPECT_EQ(parse_config("[checks]\nsummary-level = \"none\"\n", "x.toml").summary_level, Level::None);
    // An error level would make a summary object a proof, which it never is.
    EXPECT_EQ(error_of("[checks]\nsummary-level = \"error\"\n").location.str(), ".galias.toml:2:17");
    EXPECT_EQ(error_of("[checks]\nsummary-level = 2\n").location.str(), ".galias.toml:2:17");
}

TEST(Config, ADirectoryIsNoConfiguration) {
    auto dir = testing::temp_dir("config-dir");
    try {
        load_config(dir);
        FAIL();
    } catch (const DiagnosticError& e) {
        EXPECT_EQ(e.diagnostic().message, "cannot read the configuration file: it is a directory");
    }
    std::filesystem::remove_all(dir);
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
