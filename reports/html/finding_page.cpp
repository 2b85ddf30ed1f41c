#include "reports/html/finding_page.hpp"

#include <fmt/format.h>

#include "reports/html/escape.hpp"
#include "reports/html/message_markup.hpp"
#include "reports/html/page_parts.hpp"

namespace galias::reports::html {

namespace {

constexpr double kBesideStepsPt = 330;  // about 440 CSS pixels

bool is_web_link(std::string_view uri) {
    return uri.starts_with("https://") || uri.starts_with("http://");
}

std::string navigation_html(const FindingPageInput& input) {
    const std::size_t number = input.result->number;
    std::string out = "<nav class=\"pages\"><a href=\"../index.html\">All findings</a>";
    if (number > 1) out += fmt::format(" &middot; <a href=\"{}.html\" rel=\"prev\">previous</a>", number - 1);
    if (number < input.log->results.size())
        out += fmt::format(" &middot; <a href=\"{}.html\" rel=\"next\">next</a>", number + 1);
    out += fmt::format(" <span class=\"muted\">(finding {} of {})</span></nav>\n", number,
                       input.log->results.size());
    return out;
}

std::string header_html(const Result& result) {
    return fmt::format(
        "<header>\n<h1>{} <span class=\"rule\">{}</span> <span class=\"muted\">at</span> "
        "<code>{}</code></h1>\n"
        "<p class=\"message\" id=\"message\">{}</p>\n</header>\n",
        level_badge(result.level), escape_html(result.rule_id), escape_html(location_text(result.location)),
        message_html(result.message));
}

std::string location_html(const FindingPageInput& input) {
    const Result& result = *input.result;
    return "<section id=\"location\">\n<h2>Where</h2>\n" +
           snippet_html(input.sources->snippet(result.run, result.location, input.context_lines)) +
           "</section>\n";
}

std::string graph_html(const DrawnFlow& flow) {
    if (!flow.rendered.svg.empty())
        return "<div class=\"graph\" role=\"img\" aria-label=\"code flow graph\">\n" + flow.rendered.svg +
               "</div>\n";
    return fmt::format(
        "<div class=\"no-graph\"><p class=\"missing\">No graph: {}. The steps are listed here.</p>\n"
        "<details><summary>The graph in DOT (for <code>dot "
        "-Tsvg</code>)</summary><pre>{}</pre></details></div>\n",
        escape_html(flow.rendered.error), escape_html(flow.dot));
}

std::string steps_html(const FindingPageInput& input, const CodeFlow& flow, const FlowGraph& graph) {
    std::string out = "<ol class=\"steps\">\n";
    for (std::size_t i = 0; i < flow.steps.size(); ++i) {
        const Location& step = flow.steps[i];
        const FlowNode& node = graph.nodes[i];
        out +=
            fmt::format("<li id=\"{}\"><span class=\"kind\">{}</span> {} <span class=\"where\">{}</span>\n",
                        escape_html(node.anchor), escape_html(node.title), message_html(step.message),
                        escape_html(location_text(step)));
        out += snippet_html(input.sources->snippet(input.result->run, step, input.context_lines));
        out += "</li>\n";
    }
    out += "</ol>\n";
    return out;
}

std::string flows_html(const FindingPageInput& input) {
    const Result& result = *input.result;
    if (result.flows.empty())
        return "<section id=\"flow\">\n<h2>Code flow</h2>\n<p class=\"muted\">The log gives no code flow for "
               "this "
               "finding.</p>\n</section>\n";
    std::string out = "<section id=\"flow\">\n<h2>Code flow</h2>\n";
    for (std::size_t f = 0; f < result.flows.size(); ++f) {
        const CodeFlow& flow = result.flows[f];
        if (!flow.message.empty())
            out += fmt::format("<p>{} ({} step{})</p>\n", message_html(flow.message), flow.steps.size(),
                               flow.steps.size() == 1 ? "" : "s");
        // A graph wider than a column beside the steps goes above them, at its size; so does
        // the text that stands for a graph not drawn.
        const RenderedGraph& rendered = input.flows[f].rendered;
        const bool wide = rendered.svg.empty() || rendered.width_pt > kBesideStepsPt;
        out += wide ? "<div class=\"flow-view wide\">\n" : "<div class=\"flow-view\">\n";
        out += graph_html(input.flows[f]);
        out += steps_html(input, flow, input.flows[f].graph);
        out += "</div>\n";
    }
    out += "</section>\n";
    return out;
}

std::string related_html(const FindingPageInput& input) {
    const Result& result = *input.result;
    if (result.related.empty()) return "";
    std::string out = "<section id=\"related\">\n<h2>Related locations</h2>\n";
    for (const Location& related : result.related) {
        const std::string anchor = related.id ? fmt::format(" id=\"related-{}\"", *related.id) : "";
        out += fmt::format("<div class=\"related\"{}><p>{} <span class=\"where\">{}</span></p>\n", anchor,
                           message_html(related.message), escape_html(location_text(related)));
        out += snippet_html(input.sources->snippet(result.run, related, input.context_lines));
        out += "</div>\n";
    }
    out += "</section>\n";
    return out;
}

std::string objects_html(const Result& result) {
    const std::vector<NamedObject> objects = named_objects(result);
    if (objects.empty()) return "";
    std::string out = "<section id=\"objects\">\n<h2>Named in this finding</h2>\n<ul>\n";
    for (const NamedObject& object : objects) {
        out += "<li><code>" + escape_html(object.name) + "</code>";
        if (object.related) {
            const Location& where = result.related[*object.related];
            const std::string target = where.id ? fmt::format("#related-{}", *where.id) : "#related";
            out += fmt::format(": {} <a href=\"{}\">{}</a>", message_html(message_plain(where.message)),
                               target, escape_html(location_text(where)));
        }
        out += "</li>\n";
    }
    out += "</ul>\n</section>\n";
    return out;
}

std::string rule_html(const SarifLog& log, const Result& result) {
    const Rule* rule = log.rule_of(result);
    std::string out = fmt::format("<section id=\"rule\">\n<h2>The rule <code>{}</code></h2>\n",
                                  escape_html(result.rule_id));
    if (rule == nullptr)
        return out + "<p class=\"muted\">The log does not describe this rule.</p>\n</section>\n";
    const std::string& summary =
        !rule->full_description.empty() ? rule->full_description : rule->short_description;
    if (!summary.empty()) out += "<p>" + message_html(summary) + "</p>\n";
    if (!rule->help_text.empty() && rule->help_text != summary)
        out += "<details><summary>The rule's documentation</summary><pre class=\"help\">" +
               escape_html(rule->help_text) + "</pre></details>\n";
    if (is_web_link(rule->help_uri))
        out += fmt::format("<p><a href=\"{}\">{}</a></p>\n", escape_html(rule->help_uri),
                           escape_html(rule->help_uri));
    out += "</section>\n";
    return out;
}

std::string reproduce_html(const FindingPageInput& input) {
    const Run& run = input.log->runs[input.result->run];
    const std::string& command = !input.command_line.empty() ? input.command_line : run.command_line;
    std::string out = "<section id=\"reproduce\">\n<h2>Reproduce</h2>\n";
    if (command.empty()) {
        out +=
            "<p class=\"missing\">The log does not record the command that produced it (no "
            "<code>invocations[0].commandLine</code>). Run the same analysis again with only this rule: "
            "<code>galias check -p BUILD_DIR --checks " +
            escape_html(shell_quote(input.result->rule_id)) + "</code> from the source root.</p>\n";
        return out + "</section>\n";
    }
    const std::string& directory =
        !input.working_directory.empty() ? input.working_directory : decode_uri_path(run.working_directory);
    std::string text = directory.empty() ? command : "cd " + shell_quote(directory) + " && " + command;
    out += "<p>The command that produced this report's log:</p>\n<pre class=\"command\"><code>" +
           escape_html(text) + "</code></pre>\n";
    return out + "</section>\n";
}

}  // namespace

std::string finding_page(const FindingPageInput& input) {
    const Result& result = *input.result;
    std::string out =
        page_head(fmt::format("{} at {} (galias report)", result.rule_id, location_text(result.location)),
                  "../", "finding");
    out += navigation_html(input);
    out += header_html(result);
    out += location_html(input);
    out += flows_html(input);
    out += related_html(input);
    out += objects_html(result);
    out += rule_html(*input.log, result);
    out += reproduce_html(input);
    if (!result.fingerprint.empty())
        out += "<footer>Fingerprint <code>" + escape_html(result.fingerprint) + "</code></footer>\n";
    out += "<script src=\"../report.js\"></script>\n</body>\n</html>\n";
    return out;
}

}  // namespace galias::reports::html
