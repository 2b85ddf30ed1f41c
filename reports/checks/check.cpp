#include "reports/checks/check.hpp"

#include <algorithm>

namespace galias::reports {

bool CheckOptions::is_enabled(std::string_view id) const {
    return std::find(enabled.begin(), enabled.end(), id) != enabled.end();
}

std::string CheckContext::context_label(std::uint32_t context) const {
    if (!options.per_context || context == 0 || context >= facts.contexts.size()) return {};
    return facts.contexts[context].call_string;
}

}  // namespace galias::reports
