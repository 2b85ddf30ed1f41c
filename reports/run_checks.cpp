#include "reports/run_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <tuple>

#include "reports/checks/check_registry.hpp"
#include "reports/source_paths.hpp"

namespace galias::reports {

std::vector<Finding> merge_contexts(std::vector<Finding> findings) {
    using Key = std::tuple<std::string, std::string, std::uint32_t, std::uint32_t, std::string, std::string>;
    std::map<Key, std::size_t> index;
    std::vector<Finding> out;
    for (Finding& finding : findings) {
        Key key{finding.rule_id,       finding.region.file, finding.region.line,
                finding.region.column, finding.key,         finding.context};
        auto [it, fresh] = index.try_emplace(key, out.size());
        if (fresh) {
            out.push_back(std::move(finding));
            continue;
        }
        Finding& kept = out[it->second];
        bool better = finding.level > kept.level ||
                      (finding.level == kept.level && !finding.witness.empty() &&
                       (kept.witness.empty() || finding.witness.size() < kept.witness.size()));
        if (better) kept = std::move(finding);
    }
    return out;
}

std::vector<Finding> run_checks(const CheckContext& context, const RunOptions& options) {
    std::vector<Finding> findings;
    for (const std::string& id : context.options.enabled) {
        std::unique_ptr<Check> check = make_check(id);
        if (!check) throw DiagnosticError(SourceLocation{}, fmt::format("unknown check '{}'", id));
        const auto start = std::chrono::steady_clock::now();
        check->run(context, findings);
        if (options.seconds != nullptr) {
            options.seconds->emplace_back(
                id, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
    }
    findings = merge_contexts(std::move(findings));
    if (!options.exclude.empty()) {
        std::erase_if(findings, [&](const Finding& finding) {
            std::optional<std::string> relative = relative_to_root(finding.region.file, options.source_root);
            if (!relative) return false;
            return std::any_of(options.exclude.begin(), options.exclude.end(),
                               [&](const std::string& pattern) { return glob_match(pattern, *relative); });
        });
    }
    sort_findings(findings);
    return findings;
}

}  // namespace galias::reports
