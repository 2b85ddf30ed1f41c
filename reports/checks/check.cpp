#include "reports/checks/check.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <iterator>

namespace galias::reports {

bool CheckOptions::is_enabled(std::string_view id) const {
    return std::find(enabled.begin(), enabled.end(), id) != enabled.end();
}

std::string CheckContext::context_label(std::uint32_t context) const {
    if (!options.per_context || context == 0 || context >= facts.contexts.size()) return {};
    return facts.contexts[context].call_string;
}

void for_each_call(const CheckContext& context, const CallVisitor& visit, std::vector<Finding>& out) {
    const std::vector<facts::CallSite>& calls = context.facts.calls;
    std::vector<std::vector<Finding>> per_call(calls.size());
    int threads =
        context.options.threads == 0 ? tbb::task_arena::automatic : static_cast<int>(context.options.threads);
    tbb::task_arena arena(threads);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, calls.size(), 64),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i) {
                                  visit(calls[i], per_call[i]);
                              }
                          });
    });
    for (std::vector<Finding>& findings : per_call) {
        std::move(findings.begin(), findings.end(), std::back_inserter(out));
    }
}

}  // namespace galias::reports
