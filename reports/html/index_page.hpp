#pragma once
// index.html: the counts per rule and level, the tool's notifications, and every finding of
// the log in one table (level, rule, file:line, message), each row linking to its page.
//
// The rows are not written as HTML: the findings are a JSON document in the page
// (<script type="application/json" id="findings-data">) from which report.js draws the
// table a page of rows at a time, sorted and filtered (by level, rule, file and text). A
// log of 20,000 findings opens in a second that way, where a table of 20,000 rows takes
// the browser many. The index opens on errors and warnings: notes, which are mostly false
// (docs/PRECISION.md), are a click away.

#include <string>
#include <string_view>

#include "reports/html/sarif_log.hpp"

namespace galias::reports::html {

struct IndexInfo {
    std::string log_name;     // the SARIF file the report was made from
    std::string source_root;  // where the sources were read from, as the user gave it
};

std::string index_page(const SarifLog& log, const IndexInfo& info);

// The findings as report.js reads them: {"rules": [...], "files": [...], "findings":
// [[number, level, rule index, file index or -1, line, column, message], ...]}, in log
// order, the message as plain text (links replaced by their text). Safe inside a
// <script> element: '<', '>' and '&' are written as \u escapes.
std::string findings_json(const SarifLog& log);

// `text` as a JSON string (quotes included); valid UTF-8 in, '<', '>' and '&' escaped.
std::string json_string(std::string_view text);

// The finding's page, relative to the report directory: findings/N.html.
std::string finding_page_path(const Result& result);

}  // namespace galias::reports::html
