#pragma once
// findings/N.html: one finding. Its message, where it is, its code flow drawn as a graph
// and listed step by step with the source lines of each step, its related locations, the
// objects it names, the rule's help and the command that reproduces the run.

#include <cstdint>
#include <string>
#include <vector>

#include "reports/html/flow_graph.hpp"
#include "reports/html/graph_layout.hpp"
#include "reports/html/sarif_log.hpp"
#include "reports/html/source_files.hpp"

namespace galias::reports::html {

// A code flow with its graph, laid out (or why not).
struct DrawnFlow {
    FlowGraph graph;
    std::string dot;
    RenderedGraph rendered;
};

struct FindingPageInput {
    const SarifLog* log = nullptr;
    const Result* result = nullptr;
    const SourceFiles* sources = nullptr;
    std::vector<DrawnFlow> flows;  // one per result->flows
    std::uint32_t context_lines = 3;
    // The command that produced the log, when known better than its invocation says
    // (check --html knows its own command line); empty: the log's.
    std::string command_line;
    std::string working_directory;
};

std::string finding_page(const FindingPageInput& input);

}  // namespace galias::reports::html
