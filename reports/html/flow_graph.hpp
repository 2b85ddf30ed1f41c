#pragma once
// A finding's code flow as a graph: one node per step (where an address is taken or a
// block allocated, each assignment, call and return the value passes through, a read
// through memory, a release, a use) and one for where the finding is (the call where two
// pointers meet, the release, the escape), with edges in flow order. galias's witness
// path carries one value from a common source to two pointers: its steps are two chains
// from that source, so a step continues the step before it when that step produced the
// value it takes, and otherwise the first step that produced it (the source); the ends of
// the chains lead to the finding. The graph is written as Graphviz DOT for layout.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reports/html/sarif_log.hpp"

namespace galias::reports::html {

enum class StepKind {
    AddressTaken,   // source: the value `&x`
    Allocation,     // source: memory allocated here; allocated here (`malloc`)
    StringLiteral,  // source: the value `&str@…`
    Value,          // source: another value
    Declaration,    // `x` is declared here
    Assignment,     // `a` flows into `b`
    CallResult,     // a callee's `return` flows into the call's value
    Return,         // a value flows into the function's `return`
    ThroughMemory,  // `b` may read the memory written through `a`
    Release,        // released here
    Use,            // used here
    Escape,         // its address is stored / returned here
    Step,           // a message of another form
    Finding,        // where the finding is reported
};

// What a step message says: its kind, the value it takes and the value it produces (the
// names between backquotes), and a short text for the graph ("&buf → p").
struct StepMeaning {
    StepKind kind = StepKind::Step;
    std::string takes;
    std::string produces;
    std::string detail;
};

StepMeaning interpret_step(std::string_view message);

// "address taken", "assignment", ...
const char* step_kind_text(StepKind kind);

struct FlowNode {
    std::string name;  // DOT node name: s1, s2, … (step order), finding
    StepKind kind = StepKind::Step;
    std::string title;   // step_kind_text, or what the finding's rule reports there (finding_event)
    std::string detail;  // short: the values involved
    std::string where;   // "file.c:12"
    std::string tooltip;
    std::string anchor;               // the page's element for it: PREFIXstep-N or location
    std::optional<std::size_t> step;  // 0-based index into the flow's steps
};

struct FlowEdge {
    std::size_t from = 0;
    std::size_t to = 0;
};

struct FlowGraph {
    std::vector<FlowNode> nodes;
    std::vector<FlowEdge> edges;
    // Prefixed to the page ids of its steps and of its SVG nodes (PREFIXnode-s1), so that
    // the flows of one page do not share ids: "" for the first, "flow2-" for the second.
    std::string id_prefix;
};

// The event a rule reports at the finding's location ("the pointers meet", "second
// release"), for the graph's last node.
std::string finding_event(std::string_view rule_id);

FlowGraph build_flow_graph(const Result& result, const CodeFlow& flow, std::string id_prefix = "");

// The id prefix of the flow `index` (0-based) of a page, as above.
std::string flow_id_prefix(std::size_t index);

// The graph in DOT, top to bottom, each node linking to its anchor on the page. Every text
// of the log passes through escape_dot.
std::string to_dot(const FlowGraph& graph);

}  // namespace galias::reports::html
