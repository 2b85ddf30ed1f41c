#pragma once
// Graphviz's `dot` layout of a DOT graph, rendered as SVG in the process (libgvc), for the
// code-flow graph of a finding page. Graphviz is optional at build time (pkg-config
// libgvc): without it available() is false and render() says the graph needs it; the page
// then lists the steps only.

#include <memory>
#include <string>
#include <string_view>

namespace galias::reports::html {

struct RenderedGraph {
    std::string svg;      // an <svg> element, to put in a page as it is; empty on failure
    std::string error;    // why there is no SVG
    double width_pt = 0;  // the drawing's width in points (its <svg width="…pt">)
};

// The width of a line of `utf8` in DejaVu Sans, in ems: how the layout measures labels
// (graph_layout.cpp says why).
double text_width_em(std::string_view utf8);

class GraphLayout {
public:
    GraphLayout();
    ~GraphLayout();
    GraphLayout(const GraphLayout&) = delete;
    GraphLayout& operator=(const GraphLayout&) = delete;

    // Whether this galias was built with Graphviz.
    [[nodiscard]] static bool available();

    // Lays out `dot` and renders it. Graphviz keeps global state: use one GraphLayout at
    // a time, from one thread.
    [[nodiscard]] RenderedGraph render(const std::string& dot);

private:
    struct Context;
    std::unique_ptr<Context> context_;
};

}  // namespace galias::reports::html
