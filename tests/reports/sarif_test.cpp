// Builds SARIF logs from the scenario and checks their structure; the logs are written to
// $GALIAS_SARIF_OUT_DIR so the schema/GitHub validation test (validate_sarif.py) checks them too.
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>

#include "facts/output_file.hpp"
#include "reports/checks/check_registry.hpp"
#include "reports/run_checks.hpp"
#include "reports/sarif/baseline.hpp"
#include "reports/sarif/fingerprint.hpp"
#include "reports/sarif/sarif_writer.hpp"
#include "scenario.hpp"

namespace galias::reports {
namespace {

using nlohmann::json;

std::filesystem::path out_dir() {
    const char* dir = std::getenv("GALIAS_SARIF_OUT_DIR");
    std::filesystem::path path =
        dir != nullptr ? dir : std::filesystem::temp_directory_path() / "galias-sarif";
    std::filesystem::create_directories(path);
    return path;
}

struct Built {
    std::vector<Finding> findings;
    std::vector<std::unique_ptr<Check>> checks;
    std::vector<const RuleInfo*> rules;
};

Built build(const testing::Scenario& s, const std::filesystem::path& root) {
    Built built;
    RunOptions run;
    run.source_root = root;
    built.findings = run_checks(s.context(), run);
    SourceLines lines;
    assign_fingerprints(built.findings, lines);
    for (const std::string& id : s.options.enabled) {
        built.checks.push_back(make_check(id));
        built.rules.push_back(&built.checks.back()->info());
    }
    return built;
}

TEST(Sarif, GithubShapedLog) {
    auto dir = testing::temp_dir("sarif");
    testing::Scenario s(dir / "src");
    Built built = build(s, dir);
    ASSERT_FALSE(built.findings.empty());
    SarifOptions options;
    options.source_root = dir;
    options.automation_id = "galias/unit/";
    options.tool_version = "0.1.0";
    json log = make_sarif(built.findings, built.rules, options);
    write_json_file(out_dir() / "unit-scenario.sarif", log);

    EXPECT_EQ(log["version"], "2.1.0");
    const json& run = log["runs"][0];
    EXPECT_EQ(run["automationDetails"]["id"], "galias/unit/");
    EXPECT_EQ(run["tool"]["driver"]["name"], "galias");
    ASSERT_EQ(run["tool"]["driver"]["rules"].size(), 4u);
    for (const json& rule : run["tool"]["driver"]["rules"]) {
        EXPECT_NE(rule["help"]["text"].get<std::string>().find("**Bad**"), std::string::npos) << rule["id"];
        EXPECT_TRUE(rule["properties"].contains("precision"));
    }
    EXPECT_EQ(run["originalUriBaseIds"]["%SRCROOT%"]["uri"].get<std::string>().rfind("file:///", 0), 0u);
    ASSERT_EQ(run["results"].size(), built.findings.size());
    std::regex link(R"(\[[^\]]+\]\((\d+)\))");
    bool saw_flow = false;
    for (const json& result : run["results"]) {
        const json& rule = run["tool"]["driver"]["rules"][result["ruleIndex"].get<std::size_t>()];
        EXPECT_EQ(rule["id"], result["ruleId"]);
        const json& physical = result["locations"][0]["physicalLocation"];
        EXPECT_EQ(physical["artifactLocation"]["uri"], "src/prog.c");
        EXPECT_EQ(physical["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        EXPECT_GE(physical["region"]["endColumn"].get<int>(), physical["region"]["startColumn"].get<int>());
        EXPECT_TRUE(result["partialFingerprints"]["primaryLocationLineHash"].is_string());
        std::string message = result["message"]["text"];
        std::set<int> linked;
        for (std::sregex_iterator it(message.begin(), message.end(), link), end; it != end; ++it) {
            linked.insert(std::stoi((*it)[1]));
        }
        std::set<int> ids;
        for (const json& related : result.value("relatedLocations", json::array()))
            ids.insert(related["id"].get<int>());
        EXPECT_EQ(linked, ids) << message;
        if (result.contains("codeFlows")) saw_flow = true;
    }
    EXPECT_TRUE(saw_flow);
    std::filesystem::remove_all(dir);
}

TEST(Sarif, FindingsOfTheScenario) {
    auto dir = testing::temp_dir("sarif-findings");
    testing::Scenario s(dir);
    Built built = build(s, dir);
    std::vector<std::tuple<std::string, std::uint32_t, std::string>> got;
    for (const Finding& f : built.findings) got.emplace_back(f.rule_id, f.region.line, level_name(f.level));
    std::vector<std::tuple<std::string, std::uint32_t, std::string>> want{
        {"must-not-alias", 4, "error"},       // g_in / g_out both get buf
        {"overlapping-copy", 10, "error"},    // memcpy(p, q): both only buf
        {"overlapping-copy", 11, "warning"},  // strcpy(other, r): r may be other
        {"restrict-alias", 12, "warning"},    // scale(p, r)
        {"alias-assertion", 13, "error"},     // NOALIAS(p, q)
    };
    EXPECT_EQ(got, want);
    std::filesystem::remove_all(dir);
}

TEST(Sarif, FingerprintsSurviveMovedLinesAndBaselineSuppresses) {
    auto dir = testing::temp_dir("sarif-baseline");
    testing::Scenario s(dir);
    Built first = build(s, dir);
    SarifOptions options;
    options.source_root = dir;
    json log = make_sarif(first.findings, first.rules, options);
    write_json_file(out_dir() / "unit-baseline.sarif", log);
    Baseline baseline = Baseline::parse(log.dump(), "old.sarif");
    EXPECT_EQ(baseline.size(), first.findings.size());

    // Insert two lines at the top: every finding moves, fingerprints stay.
    testing::Scenario moved(dir / "moved");
    for (auto& n : moved.b.facts.nodes) n.pos.line += 2;
    for (auto& a : moved.b.facts.assign_sites) a.pos.line += 2;
    for (auto& c : moved.b.facts.calls) {
        c.begin.line += 2;
        c.end.line += 2;
    }
    std::ofstream(moved.b.file()) << "/* new */\n/* lines */\n" << testing::kScenarioSource;
    Built second = build(moved, dir / "moved");
    ASSERT_EQ(second.findings.size(), first.findings.size());
    for (std::size_t i = 0; i < first.findings.size(); ++i) {
        EXPECT_EQ(second.findings[i].region.line, first.findings[i].region.line + 2);
        EXPECT_EQ(second.findings[i].fingerprint, first.findings[i].fingerprint);
        EXPECT_TRUE(baseline.contains(second.findings[i].rule_id,
                                      artifact_uri(second.findings[i].region.file, dir / "moved"),
                                      second.findings[i].fingerprint));
    }
    // A different rule or file is not suppressed.
    EXPECT_FALSE(baseline.contains("restrict-alias", "prog.c", first.findings[0].fingerprint));
    std::filesystem::remove_all(dir);
}

TEST(Sarif, BadBaselineAndUnwritableOutput) {
    try {
        Baseline::parse("{\n  \"runs\": [1,\n", "old.sarif");
        FAIL();
    } catch (const DiagnosticError& e) {
        EXPECT_EQ(e.diagnostic().location.file, "old.sarif");
        EXPECT_EQ(e.diagnostic().location.line, 3u);
    }
    EXPECT_THROW(Baseline::parse("{\"version\": \"2.1.0\"}", "x.sarif"), DiagnosticError);
    EXPECT_THROW(Baseline::load("/nonexistent/old.sarif"), DiagnosticError);
    try {
        write_json_file("/nonexistent-dir/out.sarif", json::object());
        FAIL();
    } catch (const facts::OutputError& e) {
        EXPECT_STREQ(e.what(), "cannot write /nonexistent-dir/out.sarif: No such file or directory");
    }
}

TEST(Sarif, MalformedBaselineResultsAreCountedNotFatal) {
    // A non-string ruleId or fingerprint used to end the run with json type_error.302.
    const Baseline baseline = Baseline::parse(R"({"runs": [
        {"results": [
            {"ruleId": 7, "partialFingerprints": {"primaryLocationLineHash": "h1"}},
            {"ruleId": "restrict-alias", "partialFingerprints": {"primaryLocationLineHash": ["h2"]}},
            {"ruleId": "restrict-alias", "partialFingerprints": {"primaryLocationLineHash": "h3"},
             "locations": [{"physicalLocation": {"artifactLocation": {"uri": 5}}}]},
            "not an object",
            {"ruleId": "overlapping-copy", "partialFingerprints": {"primaryLocationLineHash": "h4"},
             "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a.c"}}}]}
        ]},
        {"results": {"not": "an array"}},
        3
    ]})",
                                              "old.sarif");
    EXPECT_EQ(baseline.size(), 2u);
    EXPECT_TRUE(baseline.contains("overlapping-copy", "a.c", "h4"));
    EXPECT_TRUE(baseline.contains("restrict-alias", "", "h3"));  // an unusable uri is no uri
    ASSERT_EQ(baseline.warnings().size(), 1u);
    EXPECT_EQ(baseline.warnings()[0].str(),
              "old.sarif: warning: 5 baseline results ignored (they suppress nothing): the first, "
              "runs[0].results[0]: no string \"ruleId\"");
    EXPECT_TRUE(Baseline::parse(R"({"runs": [{"results": []}]})", "x").warnings().empty());
    // nlohmann throws out_of_range, not parse_error, for a number too large (found by tests/fuzz).
    try {
        Baseline::parse(R"({"runs": [1e99999]})", "big.sarif");
        FAIL();
    } catch (const DiagnosticError& e) {
        EXPECT_EQ(e.diagnostic().str(),
                  "big.sarif: error: baseline is not valid JSON: a number is out of range");
    }
}

TEST(Sarif, IncompleteRunsSayWhy) {
    SarifOptions options;
    options.source_root = "/repo";
    options.notifications.push_back(
        {"translation-unit-not-analysed", "error", "src/b.c: not analysed: x", "/repo/src/b.c"});
    json log = make_sarif({}, {}, options);
    const json& invocation = log["runs"][0]["invocations"][0];
    EXPECT_EQ(invocation["executionSuccessful"], false);
    ASSERT_EQ(invocation["toolExecutionNotifications"].size(), 1u);
    const json& note = invocation["toolExecutionNotifications"][0];
    EXPECT_EQ(note["descriptor"]["id"], "translation-unit-not-analysed");
    EXPECT_EQ(note["level"], "error");
    EXPECT_EQ(note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "src/b.c");
    EXPECT_EQ(make_sarif({}, {}, SarifOptions{})["runs"][0]["invocations"][0]["executionSuccessful"], true);
    // A warning (the GPU fallback of --backend auto) is shown but the run was complete.
    SarifOptions fallback;
    fallback.notifications.push_back({"backend-fallback", "warning", "cspa: the GPU ran out of memory", ""});
    const json warned = make_sarif({}, {}, fallback)["runs"][0]["invocations"][0];
    EXPECT_EQ(warned["executionSuccessful"], true);
    EXPECT_EQ(warned["toolExecutionNotifications"][0]["level"], "warning");
    EXPECT_FALSE(warned["toolExecutionNotifications"][0].contains("locations"));
    write_json_file(out_dir() / "unit-incomplete.sarif", log);
}

TEST(Sarif, FilesOutsideTheRootKeepAbsoluteUris) {
    json inside = artifact_location("/repo/src/a b.c", "/repo");
    EXPECT_EQ(inside["uri"], "src/a%20b.c");
    EXPECT_EQ(inside["uriBaseId"], "%SRCROOT%");
    json outside = artifact_location("/usr/include/string.h", "/repo");
    EXPECT_EQ(outside["uri"], "file:///usr/include/string.h");
    EXPECT_FALSE(outside.contains("uriBaseId"));
}

}  // namespace
}  // namespace galias::reports
