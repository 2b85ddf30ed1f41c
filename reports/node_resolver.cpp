#include "reports/node_resolver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

#include "reports/node_names.hpp"

namespace galias::reports {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

bool path_matches(std::string_view file, std::string_view suffix) {
    if (file == suffix) return true;
    if (suffix.size() >= file.size()) return false;
    return file.substr(file.size() - suffix.size()) == suffix && file[file.size() - suffix.size() - 1] == '/';
}

NodeResolver::NodeResolver(const facts::ProgramFacts& facts, const SourceView& view)
    : facts_(facts), view_(view) {
    for (const facts::Node& node : facts.nodes) {
        if (view.origin(node.id) == node.id && is_variable(node)) variables_.push_back(node.id);
    }
}

std::vector<NodeId> NodeResolver::by_name(std::string_view name) const {
    std::vector<NodeId> out;
    for (const facts::Node& node : facts_.nodes) {
        if (node.name == name && view_.origin(node.id) == node.id) out.push_back(node.id);
    }
    if (!out.empty() || name.find("::") != std::string_view::npos) return out;
    // An unqualified name that is a variable of exactly one function.
    std::set<std::string> functions;
    for (NodeId id : variables_) {
        if (base_name(facts_.nodes[id]) == name) {
            out.push_back(id);
            functions.insert(facts_.nodes[id].function);
        }
    }
    if (functions.size() > 1) {
        std::vector<std::string> names;
        names.reserve(out.size());
        for (NodeId id : out) names.push_back(facts_.nodes[id].name);
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        throw DiagnosticError(SourceLocation{}, fmt::format("'{}' is ambiguous: it names {}; qualify it as "
                                                            "function::variable",
                                                            name, fmt::join(names, ", ")));
    }
    return out;
}

std::vector<NodeId> NodeResolver::by_position(std::string_view file, std::uint32_t line,
                                              std::string_view var) const {
    std::vector<NodeId> candidates;
    for (NodeId id : variables_) {
        const facts::Node& node = facts_.nodes[id];
        if (base_name(node) == var && path_matches(node.pos.file, file)) candidates.push_back(id);
    }
    std::vector<NodeId> exact;
    for (NodeId id : candidates) {
        if (facts_.nodes[id].pos.line == line) exact.push_back(id);
    }
    if (!exact.empty() || candidates.empty()) return exact;
    // The function around the line: the extent of everything recorded for it in this file.
    std::map<std::string, std::pair<std::uint32_t, std::uint32_t>> extent;
    auto widen = [&](const std::string& function, const facts::SourcePos& pos) {
        if (function.empty() || pos.line == 0 || !path_matches(pos.file, file)) return;
        auto [it, fresh] = extent.try_emplace(function, pos.line, pos.line);
        if (!fresh) {
            it->second.first = std::min(it->second.first, pos.line);
            it->second.second = std::max(it->second.second, pos.line);
        }
    };
    for (const facts::Node& node : facts_.nodes) widen(node.function, node.pos);
    for (const facts::CallSite& call : facts_.calls) {
        widen(call.caller, call.begin);
        widen(call.caller, call.end);
    }
    for (const facts::AssignSite& site : facts_.assign_sites) {
        if (site.dst < facts_.nodes.size()) widen(facts_.nodes[site.dst].function, site.pos);
    }
    // Nearest declaration at or above the line inside a function that spans it.
    NodeId best = facts::kNoNode;
    for (NodeId id : candidates) {
        const facts::Node& node = facts_.nodes[id];
        auto it = extent.find(node.function);
        bool inside = node.function.empty() ||
                      (it != extent.end() && it->second.first <= line && line <= it->second.second);
        if (!inside || node.pos.line > line) continue;
        if (best == facts::kNoNode || node.pos.line > facts_.nodes[best].pos.line) best = id;
    }
    if (best == facts::kNoNode) return {};
    return {best};
}

std::vector<std::string> NodeResolver::suggestions(std::string_view spec, std::size_t limit) const {
    std::string_view wanted = spec;
    bool positional = false;
    // "file.c:42:p" -> compare "p" with base names.
    std::size_t last = spec.rfind(':');
    if (last != std::string_view::npos && (last == 0 || spec[last - 1] != ':')) {
        wanted = spec.substr(last + 1);
        positional = true;
    }
    std::multimap<std::size_t, std::string> ranked;
    std::set<std::string> seen;
    std::size_t max_distance = std::max<std::size_t>(2, wanted.size() / 3);
    for (NodeId id : variables_) {
        const facts::Node& node = facts_.nodes[id];
        std::string candidate = positional ? base_name(node) : node.name;
        std::size_t d = edit_distance(wanted, candidate);
        if (!positional && wanted.find("::") == std::string_view::npos) {
            d = std::min(d, edit_distance(wanted, base_name(node)));
        }
        if (d == 0 && !positional) continue;
        if (d > max_distance || !seen.insert(node.name).second) continue;
        std::string shown =
            positional ? fmt::format("{}:{}:{}", node.pos.file, node.pos.line, base_name(node)) : node.name;
        ranked.emplace(d, shown);
    }
    std::vector<std::string> out;
    for (const auto& [distance, name] : ranked) {
        if (out.size() == limit) break;
        out.push_back(name);
    }
    return out;
}

void NodeResolver::fail(std::string_view spec, const SourceLocation& where, const std::string& what) const {
    std::string message = what;
    std::vector<std::string> near = suggestions(spec);
    if (!near.empty())
        message += fmt::format("; did you mean {}?", fmt::format("'{}'", fmt::join(near, "', '")));
    throw DiagnosticError(where, message);
}

std::vector<NodeId> NodeResolver::resolve(std::string_view spec, const SourceLocation& where) const {
    // file:line:var (the file part may itself contain ':' only as part of "::"-free paths)
    std::size_t last = spec.rfind(':');
    if (last != std::string_view::npos && last > 0 && spec[last - 1] != ':') {
        std::size_t before = spec.rfind(':', last - 1);
        if (before != std::string_view::npos && before > 0) {
            std::string_view file = spec.substr(0, before);
            std::string_view digits = spec.substr(before + 1, last - before - 1);
            std::string_view var = spec.substr(last + 1);
            std::uint32_t line = 0;
            auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), line);
            if (ec != std::errc() || end != digits.data() + digits.size() || line == 0 || var.empty()) {
                throw DiagnosticError(where, fmt::format("cannot parse '{}': expected FILE:LINE:VARIABLE or "
                                                         "FUNCTION::VARIABLE",
                                                         spec));
            }
            std::vector<NodeId> found = by_position(file, line, var);
            if (found.empty()) fail(spec, where, fmt::format("no variable '{}' at {}:{}", var, file, line));
            return found;
        }
    }
    std::vector<NodeId> found;
    try {
        found = by_name(spec);
    } catch (const DiagnosticError& e) {
        throw DiagnosticError(where, e.diagnostic().message);
    }
    if (found.empty()) fail(spec, where, fmt::format("no variable '{}' in the program", spec));
    return found;
}

}  // namespace galias::reports
