#pragma once
// SARIF message text for the report: "[text](id)" links to related locations (SARIF
// §3.11.6, with \[ and \] for literal brackets) and `code` spans, as escaped HTML or as
// plain text, and the objects a finding names.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reports/html/sarif_log.hpp"

namespace galias::reports::html {

// The message as HTML: links to "#related-ID" of the page, code spans in <code>, the rest
// escaped.
std::string message_html(std::string_view message);

// The message with links replaced by their text (for the index and tooltips).
std::string message_plain(std::string_view message);

// A program object a finding names (`x` in its message, or the text of a link) and the
// related location that says where it is, when one does ("`x` is declared here").
struct NamedObject {
    std::string name;
    std::optional<std::size_t> related;  // index into result.related
};

std::vector<NamedObject> named_objects(const Result& result);

}  // namespace galias::reports::html
