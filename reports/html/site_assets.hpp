#pragma once
// The report's style sheet and the index's script, written into the report directory
// (style.css, report.js): the report is a static site that opens from the file system and
// loads nothing from elsewhere.

#include <string_view>

namespace galias::reports::html {

std::string_view style_sheet();

// Sorting by column and filtering by rule, level, file and text on index.html; the state
// lives in the URL's fragment (#rule=…&level=…&file=…&q=…&sort=…&dir=…), so a filtered
// view can be linked to and reloaded.
std::string_view index_script();

}  // namespace galias::reports::html
