#include "reports/html/flow_graph.hpp"

#include <fmt/format.h>

#include <array>
#include <utility>

#include "reports/html/escape.hpp"
#include "reports/html/source_files.hpp"

namespace galias::reports::html {

namespace {

constexpr std::size_t kMaxNameChars = 40;            // a value's name in a node; the tooltip has it all
constexpr std::size_t kOneLineChars = 32;            // "a → b" longer than this takes two lines
constexpr std::string_view kArrow = "\xE2\x86\x92";  // →

// The names between backquotes in `message`, in order.
std::vector<std::string> code_spans(std::string_view message) {
    std::vector<std::string> spans;
    std::size_t at = 0;
    while ((at = message.find('`', at)) != std::string_view::npos) {
        const std::size_t end = message.find('`', at + 1);
        if (end == std::string_view::npos) break;
        spans.emplace_back(message.substr(at + 1, end - at - 1));
        at = end + 1;
    }
    return spans;
}

std::string short_name(std::string_view name) {
    return shorten(name, kMaxNameChars);
}

std::size_t code_points(std::string_view text) {
    std::size_t count = 0;
    for (char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0U) != 0x80U) ++count;
    return count;
}

// "from → to" on one line when short, else on two ("from →", "to"): a node as wide as two
// long names side by side makes a graph too wide to read beside the steps.
std::string flow_detail(std::string_view prefix, std::string_view from, std::string_view to) {
    const std::string a = std::string(prefix) + short_name(from);
    const std::string b = short_name(to);
    if (code_points(a) + code_points(b) + 3 <= kOneLineChars) return fmt::format("{} {} {}", a, kArrow, b);
    return fmt::format("{} {}\n{}", a, kArrow, b);
}

StepKind source_kind(std::string_view value) {
    if (value.starts_with("&heap@")) return StepKind::Allocation;
    if (value.starts_with("&str@")) return StepKind::StringLiteral;
    if (value.starts_with("&")) return StepKind::AddressTaken;
    return StepKind::Value;
}

// "source: the value `v`" or "source: memory allocated here (v)".
StepMeaning interpret_source(std::string_view what, const std::vector<std::string>& spans) {
    StepMeaning out;
    constexpr std::string_view kAllocated = "memory allocated here (";
    if (what.starts_with(kAllocated) && what.ends_with(")")) {
        out.kind = StepKind::Allocation;
        out.produces = std::string(what.substr(kAllocated.size(), what.size() - kAllocated.size() - 1));
    } else if (!spans.empty()) {
        out.produces = spans.front();
        out.kind = source_kind(out.produces);
    } else {
        out.kind = StepKind::Value;
        out.produces = std::string(what);
    }
    out.detail = short_name(out.produces);
    return out;
}

StepMeaning interpret_flow(const std::string& from, const std::string& to) {
    StepMeaning out;
    out.takes = from;
    out.produces = to;
    if (to == "return") {
        out.kind = StepKind::Return;
    } else if (from == "return" || to.starts_with("$call@")) {
        out.kind = StepKind::CallResult;
    } else {
        out.kind = StepKind::Assignment;
    }
    out.detail = flow_detail("", from, to);
    return out;
}

bool is_event(StepKind kind) {
    return kind == StepKind::Release || kind == StepKind::Use || kind == StepKind::Escape;
}

std::string where_of(const Location& location) {
    if (!location.known()) return "";
    const std::string name = display_name(location.artifact);
    const std::size_t slash = name.rfind('/');
    const std::string file =
        shorten(slash == std::string::npos ? name : name.substr(slash + 1), kMaxNameChars);
    return location.region.start_line == 0 ? file : fmt::format("{}:{}", file, location.region.start_line);
}

std::string tooltip_of(const Location& location, std::string_view text) {
    if (!location.known()) return std::string(text);
    return fmt::format("{} ({}:{})", text, display_name(location.artifact), location.region.start_line);
}

bool same_line(const Location& a, const Location& b) {
    return a.known() && b.known() && a.artifact.uri == b.artifact.uri &&
           a.region.start_line == b.region.start_line;
}

// The step that `steps[index]` continues (see the header), or none for the first.
std::optional<std::size_t> predecessor(const std::vector<StepMeaning>& steps, std::size_t index) {
    if (index == 0) return std::nullopt;
    const std::string& takes = steps[index].takes;
    if (takes.empty() || steps[index - 1].produces == takes) return index - 1;
    for (std::size_t j = 0; j < index; ++j)
        if (steps[j].produces == takes) return j;
    return index - 1;
}

struct NodeStyle {
    const char* fill;
    const char* border;
};

NodeStyle style_of(StepKind kind) {
    switch (kind) {
        case StepKind::AddressTaken:
        case StepKind::Allocation:
        case StepKind::StringLiteral:
        case StepKind::Value:
        case StepKind::Declaration:
            return {"#dbeafe", "#1d4ed8"};
        case StepKind::CallResult:
        case StepKind::Return:
            return {"#ede9fe", "#6d28d9"};
        case StepKind::ThroughMemory:
            return {"#fef3c7", "#b45309"};
        case StepKind::Release:
        case StepKind::Use:
        case StepKind::Escape:
            return {"#ffedd5", "#c2410c"};
        case StepKind::Finding:
            return {"#fee2e2", "#b91c1c"};
        case StepKind::Assignment:
        case StepKind::Step:
            break;
    }
    return {"#f3f4f6", "#4b5563"};
}

}  // namespace

const char* step_kind_text(StepKind kind) {
    switch (kind) {
        case StepKind::AddressTaken:
            return "address taken";
        case StepKind::Allocation:
            return "allocation";
        case StepKind::StringLiteral:
            return "string literal";
        case StepKind::Value:
            return "value";
        case StepKind::Declaration:
            return "declaration";
        case StepKind::Assignment:
            return "assignment";
        case StepKind::CallResult:
            return "call returns";
        case StepKind::Return:
            return "returned";
        case StepKind::ThroughMemory:
            return "through memory";
        case StepKind::Release:
            return "release";
        case StepKind::Use:
            return "use";
        case StepKind::Escape:
            return "address escapes";
        case StepKind::Step:
            return "step";
        case StepKind::Finding:
            return "reported here";
    }
    return "step";
}

StepMeaning interpret_step(std::string_view message) {
    const std::vector<std::string> spans = code_spans(message);
    constexpr std::string_view kSource = "source: ";
    if (message.starts_with(kSource)) {
        std::string_view what = message.substr(kSource.size());
        return interpret_source(what, spans);
    }
    if (spans.size() == 2 && message.find("` flows into `") != std::string_view::npos)
        return interpret_flow(spans[0], spans[1]);
    StepMeaning out;
    if (spans.size() == 2 &&
        message.find("` may read the memory written through `") != std::string_view::npos) {
        // `b` may read the memory written through `a`: the value stored through a reaches b.
        out.kind = StepKind::ThroughMemory;
        out.takes = spans[1];
        out.produces = spans[0];
        out.detail = flow_detail("*", spans[1], spans[0]);
        return out;
    }
    if (message.starts_with("allocated here")) {
        out.kind = StepKind::Allocation;
        out.detail = spans.empty() ? "" : short_name(spans.front());
    } else if (message.starts_with("released here")) {
        out.kind = StepKind::Release;
    } else if (message.starts_with("used here")) {
        out.kind = StepKind::Use;
    } else if (spans.size() == 1 && message.ends_with("` is declared here")) {
        out.kind = StepKind::Declaration;
        out.produces = spans.front();
        out.detail = short_name(spans.front());
    } else if (message.starts_with("its address is ")) {
        out.kind = StepKind::Escape;
        out.detail = short_name(message.substr(15));
    } else {
        out.detail = short_name(message);
    }
    return out;
}

std::string finding_event(std::string_view rule_id) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kEvents{{
        {"overlapping-copy", "the pointers meet"},
        {"restrict-alias", "the pointers meet"},
        {"alias-assertion", "the pointers meet"},
        {"must-not-alias", "the pointers meet"},
        {"free-nonheap", "release of memory not on the heap"},
        {"free-offset", "release inside a block"},
        {"mismatched-release", "release by another family"},
        {"double-free", "second release"},
        {"use-after-free", "use after release"},
        {"stack-address-escape", "address escapes"},
    }};
    for (const auto& [rule, event] : kEvents)
        if (rule == rule_id) return std::string(event);
    return "reported here";
}

std::string flow_id_prefix(std::size_t index) {
    return index == 0 ? "" : fmt::format("flow{}-", index + 1);
}

FlowGraph build_flow_graph(const Result& result, const CodeFlow& flow, std::string id_prefix) {
    FlowGraph graph;
    graph.id_prefix = std::move(id_prefix);
    std::vector<StepMeaning> meanings;
    meanings.reserve(flow.steps.size());
    for (const Location& step : flow.steps) meanings.push_back(interpret_step(step.message));
    for (std::size_t i = 0; i < flow.steps.size(); ++i) {
        FlowNode node;
        node.name = fmt::format("s{}", i + 1);
        node.kind = meanings[i].kind;
        node.title = step_kind_text(meanings[i].kind);
        node.detail = meanings[i].detail;
        node.where = where_of(flow.steps[i]);
        node.tooltip = tooltip_of(flow.steps[i], flow.steps[i].message);
        node.anchor = fmt::format("{}step-{}", graph.id_prefix, i + 1);
        node.step = i;
        graph.nodes.push_back(std::move(node));
        if (const std::optional<std::size_t> from = predecessor(meanings, i))
            graph.edges.push_back({*from, i});
    }
    const std::vector<std::string> spans = code_spans(result.message);
    const std::string what = spans.empty() ? "" : short_name(spans.front());
    const std::string event = finding_event(result.rule_id);
    // A flow that ends in the event itself (a use, a release) at the finding's place: that
    // step is the finding's node.
    if (!graph.nodes.empty() && is_event(graph.nodes.back().kind) &&
        same_line(flow.steps.back(), result.location)) {
        FlowNode& last = graph.nodes.back();
        last.kind = StepKind::Finding;
        last.title = event;
        if (last.detail.empty()) last.detail = what;
        return graph;
    }
    std::vector<bool> has_successor(graph.nodes.size(), false);
    for (const FlowEdge& edge : graph.edges) has_successor[edge.from] = true;
    FlowNode finding;
    finding.name = "finding";
    finding.kind = StepKind::Finding;
    finding.title = event;
    finding.detail = what;
    finding.where = where_of(result.location);
    finding.tooltip = tooltip_of(result.location, event);
    finding.anchor = "location";
    graph.nodes.push_back(std::move(finding));
    for (std::size_t i = 0; i + 1 < graph.nodes.size(); ++i)
        if (!has_successor[i]) graph.edges.push_back({i, graph.nodes.size() - 1});
    return graph;
}

std::string to_dot(const FlowGraph& graph) {
    std::string dot =
        "digraph flow {\n"
        "  graph [rankdir=TB, nodesep=0.3, ranksep=0.3, bgcolor=\"transparent\", margin=0];\n"
        "  node [shape=box, style=\"rounded,filled\", fontname=\"DejaVu Sans,Helvetica,Arial,sans-serif\", "
        "fontsize=10, margin=\"0.12,0.05\"];\n"
        "  edge [color=\"#6b7280\", arrowsize=0.7];\n";
    for (const FlowNode& node : graph.nodes) {
        std::string label = node.step ? fmt::format("{}. {}", *node.step + 1, node.title) : node.title;
        if (!node.detail.empty()) label += "\n" + node.detail;
        if (!node.where.empty()) label += "\n" + node.where;
        const NodeStyle style = style_of(node.kind);
        dot += fmt::format(
            "  {} [label=\"{}\", tooltip=\"{}\", URL=\"#{}\", id=\"{}node-{}\", fillcolor=\"{}\", "
            "color=\"{}\"{}];\n",
            node.name, escape_dot(label), escape_dot(node.tooltip), node.anchor, graph.id_prefix, node.name,
            style.fill, style.border, node.kind == StepKind::Finding ? ", penwidth=2" : "");
    }
    for (const FlowEdge& edge : graph.edges)
        dot += fmt::format("  {} -> {};\n", graph.nodes[edge.from].name, graph.nodes[edge.to].name);
    dot += "}\n";
    return dot;
}

}  // namespace galias::reports::html
