#include "reports/html/graph_layout.hpp"

#if GALIAS_WITH_GRAPHVIZ
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#endif

#include <string_view>

namespace galias::reports::html {

#if GALIAS_WITH_GRAPHVIZ

namespace {

// Graphviz reports errors through a callback with no user data; what it said during the
// current render() is collected here (render() is single-threaded, see the header).
std::string& graphviz_messages() {
    static std::string messages;
    return messages;
}

int collect_graphviz_message(char* text) {
    graphviz_messages() += text;
    return 0;
}

// gvRenderData's SVG is a whole document (XML declaration, DOCTYPE, comments): the page
// needs the <svg> element only.
std::string svg_element(std::string_view document) {
    const std::size_t start = document.find("<svg");
    return start == std::string_view::npos ? std::string() : std::string(document.substr(start));
}

}  // namespace

struct GraphLayout::Context {
    GVC_t* gvc = nullptr;
};

GraphLayout::GraphLayout() : context_(std::make_unique<Context>()) {
    agseterrf(collect_graphviz_message);
    context_->gvc = gvContext();
}

GraphLayout::~GraphLayout() {
    if (context_->gvc != nullptr) gvFreeContext(context_->gvc);
}

bool GraphLayout::available() { return true; }

RenderedGraph GraphLayout::render(const std::string& dot) {
    graphviz_messages().clear();
    if (context_->gvc == nullptr) return {"", "Graphviz did not start"};
    Agraph_t* graph = agmemread(dot.c_str());
    if (graph == nullptr) return {"", "Graphviz could not read the graph: " + graphviz_messages()};
    RenderedGraph out;
    if (gvLayout(context_->gvc, graph, "dot") != 0) {
        out.error = "Graphviz could not lay out the graph: " + graphviz_messages();
    } else {
        char* data = nullptr;
        unsigned int length = 0;
        if (gvRenderData(context_->gvc, graph, "svg", &data, &length) == 0 && data != nullptr) {
            out.svg = svg_element(std::string_view(data, length));
        } else {
            out.error = "Graphviz could not render the graph as SVG: " + graphviz_messages();
        }
        if (data != nullptr) gvFreeRenderData(data);
        gvFreeLayout(context_->gvc, graph);
    }
    agclose(graph);
    if (out.svg.empty() && out.error.empty()) out.error = "Graphviz rendered no SVG";
    return out;
}

#else  // built without Graphviz

struct GraphLayout::Context {};

GraphLayout::GraphLayout() : context_(std::make_unique<Context>()) {}
GraphLayout::~GraphLayout() = default;

bool GraphLayout::available() { return false; }

RenderedGraph GraphLayout::render(const std::string&) {
    return {"",
            "the graph needs Graphviz: this galias was built without it (libgvc; Debian package "
            "libgraphviz-dev at build time)"};
}

#endif

}  // namespace galias::reports::html
