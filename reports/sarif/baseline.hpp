#pragma once
// --baseline old.sarif: findings already present in an earlier SARIF log (same rule, same
// file, same primaryLocationLineHash) are suppressed.

#include <cstddef>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "facts/diagnostic.hpp"

namespace galias::reports {

class Baseline {
public:
    // Throws DiagnosticError (file:line:col) when the file cannot be read or is not SARIF.
    static Baseline load(const std::filesystem::path& file);
    static Baseline parse(std::string_view text, const std::string& name);

    [[nodiscard]] bool contains(const std::string& rule_id, const std::string& uri,
                                const std::string& fingerprint) const;
    [[nodiscard]] std::size_t size() const { return entries_.size(); }
    // Results that could not be used (no string ruleId or fingerprint, not an object): one
    // warning that counts them and names the first. They suppress nothing.
    [[nodiscard]] const std::vector<Diagnostic>& warnings() const { return warnings_; }

private:
    std::set<std::tuple<std::string, std::string, std::string>> entries_;
    std::vector<Diagnostic> warnings_;
};

}  // namespace galias::reports
