// The HTML report's library (reports/html): escaping, the SARIF reader, message markup,
// source snippets, the code-flow graph, the layout, the pages and the site as a whole.
// What a browser makes of the pages is browser_test.py's part.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "facts/diagnostic.hpp"
#include "facts/output_file.hpp"
#include "reports/html/escape.hpp"
#include "reports/html/finding_page.hpp"
#include "reports/html/flow_graph.hpp"
#include "reports/html/graph_layout.hpp"
#include "reports/html/html_site.hpp"
#include "reports/html/index_page.hpp"
#include "reports/html/message_markup.hpp"
#include "reports/html/page_parts.hpp"
#include "reports/html/sarif_log.hpp"
#include "reports/html/source_files.hpp"

namespace galias::reports::html {
namespace {

namespace fs = std::filesystem;

// A fresh directory for one test, removed at its end.
class TempDir {
public:
    TempDir() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = fs::temp_directory_path() / (std::string("galias-html-") + info->test_suite_name() + "-" +
                                             info->name() + "-" + std::to_string(::getpid()));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    [[nodiscard]] const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_file(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t count = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
        ++count;
    return count;
}

// The source of the logs below (tests' line numbers refer to it).
constexpr const char* kSource =
    "#include <stdlib.h>\n"                  // 1
    "void f(void) {\n"                       // 2
    "    char *p = malloc(8);\n"             // 3
    "    char *q = p;\n"                     // 4
    "    free(p);\n"                         // 5
    "    q[0] = 1;\n"                        // 6
    "}\n"                                    // 7
    "void g(char *b, int n) {\n"             // 8
    "    char *d = b + 1;\n"                 // 9
    "    memcpy(d, b, n); /* <script> */\n"  // 10
    "}\n";                                   // 11

std::string location_json(const std::string& uri, int line, int column, int end_column,
                          const std::string& message = "", int id = 0) {
    std::string out = "{";
    if (id != 0) out += "\"id\": " + std::to_string(id) + ", ";
    if (!message.empty()) out += "\"message\": {\"text\": " + json_string(message) + "}, ";
    out += "\"physicalLocation\": {\"artifactLocation\": {\"uri\": " + json_string(uri) +
           ", \"uriBaseId\": \"%SRCROOT%\"}, \"region\": {\"startLine\": " + std::to_string(line) +
           ", \"startColumn\": " + std::to_string(column) + ", \"endColumn\": " + std::to_string(end_column) +
           "}}}";
    return out;
}

std::string step_json(const std::string& uri, int line, int column, const std::string& message) {
    return "{\"location\": " + location_json(uri, line, column, column + 1, message) + "}";
}

// A log as galias writes one: a use-after-free whose flow ends at the use, an overlapping
// copy whose flow is two chains from one value, and a note without a flow.
std::string galias_log(const std::string& uri = "src/a.c") {
    const std::string uaf =
        "{\"ruleId\": \"use-after-free\", \"ruleIndex\": 1, \"level\": \"error\","
        " \"message\": {\"text\": \"the block `p` points to is used after `free` [released](1) it\"},"
        " \"locations\": [" +
        location_json(uri, 6, 5, 6) + "], \"relatedLocations\": [" +
        location_json(uri, 5, 5, 12, "the block is released here", 1) +
        "], \"codeFlows\": [{\"message\": {\"text\": \"how\"}, \"threadFlows\": [{\"locations\": [" +
        step_json(uri, 3, 15, "allocated here (`malloc`)") + ", " + step_json(uri, 5, 5, "released here") +
        ", " + step_json(uri, 6, 5, "used here") +
        "]}]}], \"partialFingerprints\": {\"primaryLocationLineHash\": \"abc:1\"}}";
    const std::string copy =
        "{\"ruleId\": \"overlapping-copy\", \"ruleIndex\": 0, \"level\": \"warning\","
        " \"message\": {\"text\": \"source and destination of `memcpy` may overlap: `d` gets its value "
        "[here](1)\"}, \"locations\": [" +
        location_json(uri, 10, 5, 11) + "], \"relatedLocations\": [" +
        location_json(uri, 9, 15, 16, "`d` gets its value here", 1) +
        "], \"codeFlows\": [{\"threadFlows\": [{\"locations\": [" +
        step_json(uri, 8, 14, "source: the value `b`") + ", " + step_json(uri, 9, 15, "`b` flows into `d`") +
        ", " + step_json(uri, 10, 15, "`b` flows into `$arg2`") + "]}]}]}";
    const std::string note =
        "{\"ruleId\": \"double-free\", \"level\": \"note\", \"message\": {\"text\": \"a note\"}, "
        "\"locations\": [" +
        location_json(uri, 5, 5, 9) + "]}";
    return "{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"galias\", \"version\": "
           "\"9.9\","
           " \"rules\": [{\"id\": \"overlapping-copy\", \"shortDescription\": {\"text\": \"copies that "
           "overlap\"},"
           " \"helpUri\": \"https://example.org/overlapping-copy\"},"
           " {\"id\": \"use-after-free\", \"fullDescription\": {\"text\": \"uses after a release\"},"
           " \"help\": {\"text\": \"# use-after-free\\nlong help\"}, \"defaultConfiguration\": {\"level\": "
           "\"error\"}}]}},"
           " \"invocations\": [{\"executionSuccessful\": true, \"arguments\": [\"galias\", \"check\", "
           "\"-p\", "
           "\"build dir\"], \"workingDirectory\": {\"uri\": \"file:///work/project\"}}],"
           " \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": \"file:///nowhere/\"}},"
           " \"results\": [" +
           uaf + ", " + copy + ", " + note + "]}]}";
}

// ---------------------------------------------------------------------------------------
// Escaping

TEST(HtmlEscape, HtmlTextAndAttributes) {
    EXPECT_EQ(escape_html("<script>alert(\"x\" & 'y')</script>"),
              "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;");
    EXPECT_EQ(escape_html("plain"), "plain");
}

TEST(HtmlEscape, DotStrings) {
    EXPECT_EQ(escape_dot("a\\N \"q\"\nb&lt;"), "a\\\\N \\\"q\\\"\\nb&amp;lt;");
    EXPECT_EQ(escape_dot("cr\r\n"), "cr\\n");
}

TEST(HtmlEscape, ShellWords) {
    EXPECT_EQ(shell_quote("plain/path-1.c"), "plain/path-1.c");
    EXPECT_EQ(shell_quote(""), "''");
    EXPECT_EQ(shell_quote("a b"), "'a b'");
    EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
    const std::vector<std::string> words{"galias", "check", "-p", "build dir", "$(rm -rf /)"};
    EXPECT_EQ(shell_command(words), "galias check -p 'build dir' '$(rm -rf /)'");
}

TEST(HtmlEscape, Utf8) {
    EXPECT_EQ(valid_utf8("ok \xC3\xA9"), "ok \xC3\xA9");
    EXPECT_EQ(valid_utf8("latin1 \xE9!"), "latin1 \xEF\xBF\xBD!");
    EXPECT_EQ(shorten("abcdef", 3), "abc\xE2\x80\xA6");
    EXPECT_EQ(shorten("\xC3\xA9\xC3\xA9\xC3\xA9", 2), "\xC3\xA9\xC3\xA9\xE2\x80\xA6");
    EXPECT_EQ(shorten("abc", 3), "abc");
}

TEST(HtmlEscape, JsonStringsAreSafeInAScriptElement) {
    EXPECT_EQ(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    EXPECT_EQ(json_string("</script><!--&"), "\"\\u003c/script\\u003e\\u003c!--\\u0026\"");
    EXPECT_EQ(json_string(std::string("\x01", 1)), "\"\\u0001\"");
}

// ---------------------------------------------------------------------------------------
// Reading SARIF

TEST(HtmlSarif, ReadsWhatThePagesShow) {
    const SarifLog log = parse_sarif_log(galias_log(), "log.sarif");
    ASSERT_EQ(log.runs.size(), 1U);
    ASSERT_EQ(log.results.size(), 3U);
    const html::Run& run = log.runs[0];
    EXPECT_EQ(run.tool_name, "galias");
    EXPECT_EQ(run.command_line, "galias check -p 'build dir'");
    EXPECT_EQ(run.working_directory, "file:///work/project");
    EXPECT_EQ(run.base_uris.at("%SRCROOT%"), "file:///nowhere/");
    const Result& uaf = log.results[0];
    EXPECT_EQ(uaf.number, 1U);
    EXPECT_EQ(uaf.rule_id, "use-after-free");
    ASSERT_NE(log.rule_of(uaf), nullptr);
    EXPECT_EQ(log.rule_of(uaf)->full_description, "uses after a release");
    EXPECT_EQ(uaf.location.region.start_line, 6U);
    EXPECT_EQ(uaf.location.region.end_line, 6U);
    ASSERT_EQ(uaf.flows.size(), 1U);
    EXPECT_EQ(uaf.flows[0].steps.size(), 3U);
    EXPECT_EQ(uaf.related.at(0).id, 1);
    EXPECT_EQ(uaf.fingerprint, "abc:1");
    // A result without a level has its rule's default level, else "warning".
    EXPECT_EQ(log.results[2].level, "note");
}

TEST(HtmlSarif, ToleratesMissingParts) {
    const SarifLog log = parse_sarif_log(
        R"({"runs": [{"results": [{"message": {"text": "m"}}, 7, {"ruleId": "r", "locations": [{}]}]}, 1]})",
        "x");
    ASSERT_EQ(log.results.size(), 2U);
    EXPECT_EQ(log.results[0].level, "warning");
    EXPECT_FALSE(log.results[0].location.known());
    EXPECT_EQ(log.results[1].number, 2U);
    EXPECT_EQ(log.rule_of(log.results[1]), nullptr);
}

TEST(HtmlSarif, ArtifactIndexes) {
    const SarifLog log = parse_sarif_log(
        R"({"runs": [{"artifacts": [{"location": {"uri": "a.c", "uriBaseId": "%SRCROOT%"}}],
            "results": [{"locations": [{"physicalLocation": {"artifactLocation": {"index": 0},
                                        "region": {"startLine": 4}}}]}]}]})",
        "x");
    EXPECT_EQ(log.results.at(0).location.artifact.uri, "a.c");
    EXPECT_EQ(log.results.at(0).location.artifact.uri_base_id, "%SRCROOT%");
}

TEST(HtmlSarif, RefusesWhatIsNotALog) {
    try {
        (void)parse_sarif_log("{\n  \"runs\": [,]\n}", "bad.sarif");
        FAIL() << "no error";
    } catch (const DiagnosticError& e) {
        EXPECT_EQ(e.diagnostic().location.file, "bad.sarif");
        EXPECT_EQ(e.diagnostic().location.line, 2U);
    }
    EXPECT_THROW((void)parse_sarif_log("{\"version\": \"2.1.0\"}", "x"), DiagnosticError);
    EXPECT_THROW((void)parse_sarif_log("[]", "x"), DiagnosticError);
}

// ---------------------------------------------------------------------------------------
// Messages

TEST(HtmlMessages, LinksAndCodeSpans) {
    EXPECT_EQ(message_html("`p` is [released](1) <here>"),
              "<code>p</code> is <a href=\"#related-1\">released</a> &lt;here&gt;");
    EXPECT_EQ(message_html("\\[not a link\\](1)"), "[not a link](1)");
    EXPECT_EQ(message_html("[x](javascript:alert(1))"), "[x](javascript:alert(1))");
    EXPECT_EQ(message_plain("`p` is [released](1)"), "`p` is released");
}

TEST(HtmlMessages, NamedObjects) {
    const SarifLog log = parse_sarif_log(galias_log(), "x");
    const std::vector<NamedObject> objects = named_objects(log.results[1]);
    ASSERT_EQ(objects.size(), 2U);
    EXPECT_EQ(objects[0].name, "memcpy");
    EXPECT_FALSE(objects[0].related);
    EXPECT_EQ(objects[1].name, "d");
    EXPECT_EQ(objects[1].related, 0U);
}

// ---------------------------------------------------------------------------------------
// Sources

TEST(HtmlSources, ResolvesBasesAndReadsSnippets) {
    const TempDir dir;
    write_file(dir.path() / "src" / "a.c", kSource);
    const SarifLog log = parse_sarif_log(galias_log(), "x");
    const SourceFiles sources(log, dir.path());
    const Snippet snippet = sources.snippet(0, log.results[0].location, 2);
    ASSERT_TRUE(snippet.missing.empty()) << snippet.missing;
    ASSERT_EQ(snippet.lines.size(), 5U);  // 4..8
    EXPECT_EQ(snippet.lines.front().number, 4U);
    EXPECT_TRUE(snippet.lines[2].in_region);
    EXPECT_FALSE(snippet.lines[1].in_region);
    // One column at the start of a name marks the name.
    EXPECT_EQ(snippet.lines[2].mark_begin, 4U);
    EXPECT_EQ(snippet.lines[2].mark_end, 5U);  // `q`
    const Snippet call = sources.snippet(0, log.results[0].flows[0].steps[0], 0);
    ASSERT_EQ(call.lines.size(), 1U);
    EXPECT_EQ(call.lines[0].text.substr(call.lines[0].mark_begin,
                                        call.lines[0].mark_end - call.lines[0].mark_begin),
              "malloc");
    EXPECT_EQ(sources.files_missing(), 0U);
}

TEST(HtmlSources, SaysWhyThereAreNoLines) {
    const SarifLog log = parse_sarif_log(galias_log(), "x");
    const SourceFiles from_log(log, std::nullopt);  // %SRCROOT% is file:///nowhere/
    const Snippet snippet = from_log.snippet(0, log.results[0].location, 3);
    EXPECT_TRUE(snippet.lines.empty());
    EXPECT_NE(snippet.missing.find("/nowhere/src/a.c is not there"), std::string::npos) << snippet.missing;
    EXPECT_EQ(from_log.files_missing(), 1U);
    EXPECT_EQ(from_log.missing_files(), std::vector<std::string>{"/nowhere/src/a.c"});

    const TempDir dir;
    write_file(dir.path() / "src" / "a.c", "one line\n");
    const SourceFiles sources(log, dir.path());
    EXPECT_NE(sources.snippet(0, log.results[0].location, 3).missing.find("past the end"), std::string::npos);
    const SourceFiles::Resolved web = sources.resolve(0, ArtifactRef{"https://example.org/a.c", ""});
    EXPECT_FALSE(web.path);
    EXPECT_NE(web.problem.find("not a local file"), std::string::npos);
}

TEST(HtmlSources, DecodesUris) {
    EXPECT_EQ(decode_uri_path("file:///a%20b/c.c"), "/a b/c.c");
    EXPECT_EQ(decode_uri_path("file://localhost/x.c"), "/x.c");
    EXPECT_EQ(decode_uri_path("dir/%3Cscript%3E.c"), "dir/<script>.c");
    EXPECT_EQ(decode_uri_path("bad%zz"), "bad%zz");
}

TEST(HtmlSources, SnippetHtmlIsEscaped) {
    Snippet snippet;
    snippet.path = "<b>.c";
    SnippetLine line;
    line.number = 10;
    line.text = "memcpy(d, b, n); /* <script> */";
    line.in_region = true;
    line.mark_begin = 0;
    line.mark_end = 6;
    snippet.lines.push_back(line);
    const std::string html = snippet_html(snippet);
    EXPECT_NE(
        html.find("<span class=\"line hit\"><span class=\"ln\">10</span><mark>memcpy</mark>(d, b, n); /* "
                  "&lt;script&gt; */</span>"),
        std::string::npos)
        << html;
    EXPECT_NE(html.find("&lt;b&gt;.c"), std::string::npos);
    EXPECT_EQ(html.find("<script>"), std::string::npos);
}

// ---------------------------------------------------------------------------------------
// The code-flow graph

TEST(HtmlFlowGraph, InterpretsGaliasSteps) {
    EXPECT_EQ(interpret_step("source: the value `&buf`").kind, StepKind::AddressTaken);
    EXPECT_EQ(interpret_step("source: the value `&heap@a.c:3:15`").kind, StepKind::Allocation);
    EXPECT_EQ(interpret_step("source: the value `&str@x`").kind, StepKind::StringLiteral);
    const StepMeaning flow = interpret_step("`a` flows into `b`");
    EXPECT_EQ(flow.kind, StepKind::Assignment);
    EXPECT_EQ(flow.takes, "a");
    EXPECT_EQ(flow.produces, "b");
    EXPECT_EQ(interpret_step("`r` flows into `return`").kind, StepKind::Return);
    EXPECT_EQ(interpret_step("`return` flows into `$call@3:4`").kind, StepKind::CallResult);
    const StepMeaning memory = interpret_step("`b` may read the memory written through `a`");
    EXPECT_EQ(memory.kind, StepKind::ThroughMemory);
    EXPECT_EQ(memory.takes, "a");
    EXPECT_EQ(interpret_step("released here").kind, StepKind::Release);
    EXPECT_EQ(interpret_step("used here").kind, StepKind::Use);
    EXPECT_EQ(interpret_step("`x` is declared here").kind, StepKind::Declaration);
    EXPECT_EQ(interpret_step("something else").kind, StepKind::Step);
    // Short: one line; long names: the arrow ends the first line, so that nodes stay narrow.
    EXPECT_EQ(interpret_step("`a` flows into `b`").detail, "a \xE2\x86\x92 b");
    EXPECT_EQ(interpret_step("`struct:FreePageBtree.u.internal_key` flows into `key`").detail,
              "struct:FreePageBtree.u.internal_key \xE2\x86\x92\nkey");
    EXPECT_EQ(interpret_step("`b` may read the memory written through `a`").detail, "*a \xE2\x86\x92 b");
}

TEST(HtmlFlowGraph, AFlowEndingInTheUseIsOneChain) {
    const SarifLog log = parse_sarif_log(galias_log(), "x");
    const FlowGraph graph = build_flow_graph(log.results[0], log.results[0].flows[0]);
    ASSERT_EQ(graph.nodes.size(), 3U);  // the use is the finding's node
    EXPECT_EQ(graph.nodes[2].kind, StepKind::Finding);
    EXPECT_EQ(graph.nodes[2].title, "use after release");
    EXPECT_EQ(graph.nodes[0].anchor, "step-1");
    ASSERT_EQ(graph.edges.size(), 2U);
    EXPECT_EQ(graph.edges[0].from, 0U);
    EXPECT_EQ(graph.edges[1].to, 2U);
}

TEST(HtmlFlowGraph, TwoChainsMeetAtTheFinding) {
    const SarifLog log = parse_sarif_log(galias_log(), "x");
    const FlowGraph graph = build_flow_graph(log.results[1], log.results[1].flows[0], flow_id_prefix(1));
    ASSERT_EQ(graph.nodes.size(), 4U);  // three steps and the meeting point
    EXPECT_EQ(graph.nodes[3].name, "finding");
    EXPECT_EQ(graph.nodes[3].title, "the pointers meet");
    EXPECT_EQ(graph.nodes[0].anchor, "flow2-step-1");
    // b -> d, b -> $arg2 (both from the source), d -> finding, $arg2 -> finding.
    std::vector<std::pair<std::size_t, std::size_t>> edges;
    for (const FlowEdge& edge : graph.edges) edges.emplace_back(edge.from, edge.to);
    const std::vector<std::pair<std::size_t, std::size_t>> expected{{0, 1}, {0, 2}, {1, 3}, {2, 3}};
    EXPECT_EQ(edges, expected);
    const std::string dot = to_dot(graph);
    EXPECT_NE(dot.find("s1 -> s2;"), std::string::npos) << dot;
    EXPECT_NE(dot.find("s3 -> finding;"), std::string::npos);
    EXPECT_NE(dot.find("id=\"flow2-node-s1\""), std::string::npos);
    EXPECT_NE(dot.find("URL=\"#flow2-step-2\""), std::string::npos);
    EXPECT_NE(dot.find("label=\"1. value\\nb\\na.c:8\""), std::string::npos) << dot;
}

TEST(HtmlFlowGraph, DotEscapesTheLog) {
    Result result;
    result.rule_id = "r";
    CodeFlow flow;
    Location step;
    step.message = "`a\"b\\N` flows into `<c>&amp;`";
    flow.steps.push_back(step);
    result.flows.push_back(flow);
    const std::string dot = to_dot(build_flow_graph(result, flow));
    EXPECT_NE(dot.find("a\\\"b\\\\N \xE2\x86\x92 <c>&amp;amp;"), std::string::npos) << dot;
}

TEST(HtmlLayout, MeasuresTextInDejaVuSans) {
    EXPECT_DOUBLE_EQ(text_width_em(""), 0.0);
    EXPECT_DOUBLE_EQ(text_width_em("i"), 569.0 / 2048.0);
    EXPECT_DOUBLE_EQ(text_width_em("mm"), 2 * 1995.0 / 2048.0);
    EXPECT_GT(text_width_em("\xE2\x86\x92"), text_width_em("i"));  // →
    EXPECT_DOUBLE_EQ(text_width_em("\xE4\xB8\xAD"), 1.0);          // a CJK ideograph: one em
}

TEST(HtmlLayout, RendersSvgOrSaysWhy) {
    GraphLayout layout;
    const RenderedGraph good = layout.render("digraph g { a [id=\"node-a\", URL=\"#step-1\"]; a -> b; }");
    if (!GraphLayout::available()) {
        EXPECT_TRUE(good.svg.empty());
        EXPECT_NE(good.error.find("Graphviz"), std::string::npos);
        return;
    }
    ASSERT_TRUE(good.error.empty()) << good.error;
    EXPECT_TRUE(good.svg.starts_with("<svg")) << good.svg.substr(0, 80);
    EXPECT_GT(good.width_pt, 10.0);
    EXPECT_NE(good.svg.find("node&#45;a"), std::string::npos);
    EXPECT_NE(good.svg.find("#step-1"), std::string::npos);
    const RenderedGraph bad = layout.render("digraph g { a -> ");
    EXPECT_TRUE(bad.svg.empty());
    EXPECT_FALSE(bad.error.empty());
    // Still usable after an error.
    EXPECT_FALSE(layout.render("digraph g { x; }").svg.empty());
}

// ---------------------------------------------------------------------------------------
// Pages

TEST(HtmlPages, IndexCarriesEveryFindingAsJson) {
    const SarifLog log = parse_sarif_log(galias_log("src/<script>.c"), "x");
    const std::string json = findings_json(log);
    EXPECT_NE(json.find("\"rules\":[\"overlapping-copy\",\"use-after-free\",\"double-free\"]"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"files\":[\"src/\\u003cscript\\u003e.c\"]"), std::string::npos) << json;
    EXPECT_NE(json.find("[1,\"error\",1,0,6,5,\"the block `p` points to is used after `free` released it\"]"),
              std::string::npos)
        << json;
    EXPECT_EQ(count_of(json, "\n["), 3U);
    const std::string page = index_page(log, IndexInfo{"log<1>.sarif", ""});
    EXPECT_EQ(count_of(page, "<script"), 2U);  // the data and report.js
    EXPECT_NE(page.find("log&lt;1&gt;.sarif"), std::string::npos);
    EXPECT_NE(page.find("<input type=\"checkbox\" name=\"level\" value=\"note\"> "), std::string::npos);
    EXPECT_NE(page.find("value=\"error\" checked"), std::string::npos);
    EXPECT_NE(page.find("<option value=\"src/&lt;script&gt;.c\">"), std::string::npos);
    EXPECT_NE(page.find("href=\"#rule=use-after-free&amp;level=error\""), std::string::npos);
}

TEST(HtmlPages, FindingPageShowsTheFlowAndTheRule) {
    const TempDir dir;
    write_file(dir.path() / "src" / "a.c", kSource);
    const SarifLog log = parse_sarif_log(galias_log(), "x");
    const SourceFiles sources(log, dir.path());
    FindingPageInput input;
    input.log = &log;
    input.result = &log.results[0];
    input.sources = &sources;
    DrawnFlow drawn;
    drawn.graph = build_flow_graph(log.results[0], log.results[0].flows[0]);
    drawn.dot = to_dot(drawn.graph);
    drawn.rendered = RenderedGraph{"<svg>drawn</svg>", ""};
    input.flows.push_back(drawn);
    const std::string page = finding_page(input);
    EXPECT_NE(
        page.find("<div class=\"graph\" role=\"img\" aria-label=\"code flow graph\">\n<svg>drawn</svg>"),
        std::string::npos);
    for (int step = 1; step <= 3; ++step)
        EXPECT_NE(page.find("<li id=\"step-" + std::to_string(step) + "\">"), std::string::npos) << step;
    EXPECT_NE(page.find("<div class=\"related\" id=\"related-1\">"), std::string::npos);
    EXPECT_NE(page.find("<a href=\"#related-1\">released</a>"), std::string::npos);
    EXPECT_NE(page.find("uses after a release"), std::string::npos);
    EXPECT_NE(page.find("cd /work/project &amp;&amp; galias check -p &#39;build dir&#39;"),
              std::string::npos);
    EXPECT_NE(
        page.find("<a href=\"../index.html\">All findings</a> &middot; <a href=\"2.html\" rel=\"next\">"),
        std::string::npos);
    EXPECT_NE(page.find("<span class=\"ln\">6</span>    <mark>q</mark>[0] = 1;"), std::string::npos);

    EXPECT_NE(page.find("<div class=\"flow-view\">"), std::string::npos);
    // A graph too wide to stand beside the steps goes above them.
    input.flows[0].rendered.width_pt = 500;
    EXPECT_NE(finding_page(input).find("<div class=\"flow-view wide\">"), std::string::npos);

    // Without a graph: the steps and the DOT.
    input.flows[0].rendered = RenderedGraph{"", "no <Graphviz>"};
    const std::string listed = finding_page(input);
    EXPECT_NE(listed.find("No graph: no &lt;Graphviz&gt;."), std::string::npos);
    EXPECT_NE(listed.find("digraph flow {"), std::string::npos);
    EXPECT_NE(listed.find("<div class=\"flow-view wide\">"), std::string::npos);
}

// ---------------------------------------------------------------------------------------
// The site

std::vector<std::string> files_under(const fs::path& root) {
    std::vector<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.is_regular_file()) files.push_back(entry.path().lexically_relative(root).string());
    std::sort(files.begin(), files.end());
    return files;
}

TEST(HtmlSite, WritesEveryPage) {
    const TempDir dir;
    write_file(dir.path() / "src" / "a.c", kSource);
    const SarifLog log = parse_sarif_log(galias_log(), "x");
    HtmlReportOptions options;
    options.source_root = dir.path();
    const HtmlReportSummary summary = write_html_report(log, dir.path() / "out" / "report", options);
    EXPECT_EQ(summary.findings, 3U);
    EXPECT_EQ(summary.pages, 4U);
    EXPECT_EQ(summary.files_missing, 0U);
    EXPECT_EQ(summary.graphs + summary.graphs_not_drawn, 2U);
    EXPECT_EQ(summary.graphs, GraphLayout::available() ? 2U : 0U);
    const std::vector<std::string> expected{"findings/1.html", "findings/2.html", "findings/3.html",
                                            "index.html",      "report.js",       "style.css"};
    EXPECT_EQ(files_under(dir.path() / "out" / "report"), expected);
    // Nothing left beside it.
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path() / "out"), fs::directory_iterator()), 1);
}

TEST(HtmlSite, ReplacesAnEarlierReportWhole) {
    const TempDir dir;
    const fs::path out = dir.path() / "report";
    HtmlReportOptions options;
    options.source_root = dir.path();
    std::string many = galias_log();
    SarifLog log = parse_sarif_log(many, "x");
    log.results.push_back(log.results[2]);
    log.results.back().number = 4;
    write_html_report(log, out, options);
    EXPECT_TRUE(fs::exists(out / "findings" / "4.html"));
    log.results.pop_back();
    write_html_report(log, out, options);
    EXPECT_FALSE(fs::exists(out / "findings" / "4.html"));
    EXPECT_EQ(files_under(out).size(), 6U);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(HtmlSite, LeavesOtherFilesOfTheDirectory) {
    const TempDir dir;
    const fs::path out = dir.path() / "report";
    write_file(out / "README.txt", "mine");
    write_file(out / "findings" / "9.html", "an old page");
    HtmlReportOptions options;
    write_html_report(parse_sarif_log(galias_log(), "x"), out, options);
    EXPECT_EQ(read_file(out / "README.txt"), "mine");
    EXPECT_FALSE(fs::exists(out / "findings" / "9.html"));
    EXPECT_TRUE(fs::exists(out / "findings" / "3.html"));
}

TEST(HtmlSite, ProcessesShareTheWork) {
    const TempDir dir;
    write_file(dir.path() / "src" / "a.c", kSource);
    SarifLog log = parse_sarif_log(galias_log(), "x");
    const std::vector<Result> three = log.results;
    while (log.results.size() < 150) {
        log.results.push_back(three[log.results.size() % 3]);
        log.results.back().number = log.results.size();
    }
    HtmlReportOptions options;
    options.source_root = dir.path();
    options.jobs = 3;
    const HtmlReportSummary summary = write_html_report(log, dir.path() / "out", options);
    EXPECT_EQ(summary.workers, 3U);
    EXPECT_EQ(summary.pages, 151U);
    EXPECT_EQ(summary.graphs + summary.graphs_not_drawn, 100U);
    for (std::size_t n = 1; n <= 150; ++n) {
        const std::string page = read_file(dir.path() / "out" / "findings" / (std::to_string(n) + ".html"));
        ASSERT_NE(page.find("(finding " + std::to_string(n) + " of 150)"), std::string::npos) << n;
    }
    // One process gives the same pages.
    options.jobs = 1;
    const HtmlReportSummary alone = write_html_report(log, dir.path() / "alone", options);
    EXPECT_EQ(alone.workers, 1U);
    EXPECT_EQ(alone.graphs, summary.graphs);
    EXPECT_EQ(read_file(dir.path() / "alone" / "findings" / "77.html"),
              read_file(dir.path() / "out" / "findings" / "77.html"));
    // Missing sources are counted once over all processes.
    options.source_root = dir.path() / "elsewhere";
    options.jobs = 2;
    EXPECT_EQ(write_html_report(log, dir.path() / "missing", options).files_missing, 1U);
}

TEST(HtmlSite, RefusesAFileAsTheDirectory) {
    const TempDir dir;
    write_file(dir.path() / "file", "x");
    EXPECT_THROW(
        write_html_report(parse_sarif_log(galias_log(), "x"), dir.path() / "file", HtmlReportOptions{}),
        DiagnosticError);
}

}  // namespace
}  // namespace galias::reports::html
