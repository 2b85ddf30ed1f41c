#include "reports/html/graph_layout.hpp"

#if GALIAS_WITH_GRAPHVIZ
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_textlayout.h>
#endif

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>

namespace galias::reports::html {

namespace {

// DejaVu Sans advance widths of U+0020..U+007E, in 1/2048 em (its hmtx table).
constexpr std::array<std::uint16_t, 95> kAsciiWidths{
    651,  821,  942,  1716, 1303, 1946, 1597, 563,  799,  799,  1024, 1716, 651,  739,  651,  690,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690,  690,  1716, 1716, 1716, 1087,
    2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604,  604,  1343, 1141, 1767, 1532, 1612,
    1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799,  690,  799,  1716, 1024,
    1024, 1255, 1300, 1126, 1300, 1260, 721,  1300, 1298, 569,  569,  1186, 569,  1995, 1298, 1253,
    1300, 1300, 842,  1067, 803,  1298, 1212, 1675, 1212, 1212, 1075, 1303, 690,  1303, 1716};
constexpr double kUnitsPerEm = 2048.0;

// The width of a code point other than ASCII: a full em for the wide scripts (CJK,
// Hangul, ...), otherwise an upper-case letter's.
double other_width(std::uint32_t code_point) {
    if (code_point == 0x2192) return 1716;  // → (the graph's arrows)
    if (code_point == 0x2026) return 2048;  // …
    if (code_point >= 0x1100 && code_point <= 0xFFDC && !(code_point >= 0x2000 && code_point <= 0x2BFF))
        return 2048;
    return 1400;
}

}  // namespace

double text_width_em(std::string_view utf8) {
    double units = 0;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto byte = static_cast<unsigned char>(utf8[i]);
        if (byte < 0x80) {
            units += byte >= 0x20 && byte < 0x7F ? kAsciiWidths[byte - 0x20] : 0;
            ++i;
            continue;
        }
        const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
        std::uint32_t code_point = length == 1 ? 0xFFFD : byte & (0x3FU >> (length - 1));
        for (std::size_t k = 1; k < length && i + k < utf8.size(); ++k)
            code_point = (code_point << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3FU);
        units += other_width(code_point);
        i += length;
    }
    return units / kUnitsPerEm;
}

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

// The width attribute of Graphviz's <svg width="123pt" ...>, or 0.
double svg_width(std::string_view svg) {
    constexpr std::string_view kWidth = "width=\"";
    const std::size_t at = svg.find(kWidth);
    if (at == std::string_view::npos) return 0;
    double width = 0;
    const char* begin = svg.data() + at + kWidth.size();
    const auto [end, error] = std::from_chars(begin, svg.data() + svg.size(), width);
    return error == std::errc() && end != begin ? width : 0;
}

// Graphviz measures a label's text with its "textlayout" plugin, Pango, which loads the
// fonts of this machine and shapes every line: a third of the layout's time. The graph's
// font is DejaVu Sans (to_dot), the browser's too where it is installed, and a line's
// width is the sum of its characters' advance widths: this plugin measures with that
// font's widths, so that the layout does not depend on the fonts installed where the
// report is made, and takes a fraction of the time.
boolean measure_text(textspan_t* span, char** fontpath) {
    const double size = span->font != nullptr && span->font->size > 0 ? span->font->size : 14.0;
    span->size.x = static_cast<int>(text_width_em(span->str != nullptr ? span->str : "") * size + 1);
    span->size.y = static_cast<int>(std::lround(size * 1.1));  // what the Pango plugin gives
    span->yoffset_layout = 0.0;
    span->yoffset_centerline = 0.2 * size;
    span->layout = nullptr;
    span->free_layout = nullptr;
    if (fontpath != nullptr) *fontpath = nullptr;
    return TRUE;
}

gvtextlayout_engine_t text_engine{measure_text};
// Of a higher quality than Pango's (0), so that Graphviz picks it.
gvplugin_installed_t text_types[] = {{0, "textlayout", 100, &text_engine, nullptr},
                                     {0, nullptr, 0, nullptr, nullptr}};
gvplugin_api_t text_apis[] = {{API_textlayout, text_types}, {static_cast<api_t>(0), nullptr}};
char text_package[] = "galias_text";
gvplugin_library_t text_library{text_package, text_apis};
char text_library_name[] = "gvplugin_galias_text_LTX_library";
// Plugins built in: ours; the others (the dot layout, the SVG renderer) load from
// Graphviz's configuration as usual.
const lt_symlist_t kBuiltinPlugins[] = {{text_library_name, &text_library}, {nullptr, nullptr}};

}  // namespace

struct GraphLayout::Context {
    GVC_t* gvc = nullptr;
};

GraphLayout::GraphLayout() : context_(std::make_unique<Context>()) {
    agseterrf(collect_graphviz_message);
    context_->gvc = gvContextPlugins(kBuiltinPlugins, 1);
}

GraphLayout::~GraphLayout() {
    if (context_->gvc != nullptr) gvFreeContext(context_->gvc);
}

bool GraphLayout::available() {
    return true;
}

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
            out.width_pt = svg_width(out.svg);
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

bool GraphLayout::available() {
    return false;
}

RenderedGraph GraphLayout::render(const std::string&) {
    return {"",
            "the graph needs Graphviz: this galias was built without it (libgvc; Debian package "
            "libgraphviz-dev at build time)"};
}

#endif

}  // namespace galias::reports::html
