#pragma once
// The one list of checks, sorted by id.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reports/checks/check.hpp"

namespace galias::reports {

struct CheckEntry {
    std::string_view id;
    std::unique_ptr<Check> (*make)();
};

// Every check, sorted by id.
std::span<const CheckEntry> all_checks();
std::unique_ptr<Check> make_check(std::string_view id);  // null if unknown
std::vector<std::string> all_check_ids();

// The rule's help text: docs/checks/<id>.md, compiled in ("" if missing).
std::string_view check_help(std::string_view id);

}  // namespace galias::reports
