#pragma once
// Pieces every report page uses: the document's head, a source snippet, a level badge.

#include <string>
#include <string_view>

#include "reports/html/source_files.hpp"

namespace galias::reports::html {

// <!DOCTYPE html> up to and including <body>; `root` is the path from the page to the
// report directory ("" or "../"), for the style sheet.
std::string page_head(std::string_view title, std::string_view root, std::string_view body_class);

// A level as a coloured badge.
std::string level_badge(std::string_view level);

// The lines of a snippet with line numbers, the region's lines highlighted and its columns
// marked; or, when the file is not there, a sentence that says so.
std::string snippet_html(const Snippet& snippet);

// "file:line:column" (the parts known) of a location.
std::string location_text(const Location& location);

}  // namespace galias::reports::html
