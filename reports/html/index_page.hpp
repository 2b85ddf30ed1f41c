#pragma once
// index.html: every finding of the log in one table (level, rule, file:line, message), each
// row linking to its page, with the counts per rule and level, the tool's notifications,
// and the controls of report.js (sort by column; filter by rule, level, file and text).

#include <string>

#include "reports/html/sarif_log.hpp"

namespace galias::reports::html {

struct IndexInfo {
    std::string log_name;     // the SARIF file the report was made from
    std::string source_root;  // where the sources were read from, as the user gave it
};

std::string index_page(const SarifLog& log, const IndexInfo& info);

// The finding's page, relative to the report directory: findings/N.html.
std::string finding_page_path(const Result& result);

}  // namespace galias::reports::html
