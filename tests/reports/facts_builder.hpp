#pragma once
// Builds ProgramFacts by hand for the reports and checks tests, and writes the C source the
// facts describe so fingerprints and related locations read real lines.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "facts/program_facts.hpp"

namespace galias::reports::testing {

using facts::NodeId;
using facts::NodeKind;

class FactsBuilder {
public:
    explicit FactsBuilder(std::string file = "prog.c") : file_(std::move(file)) {
        facts.contexts.push_back(facts::Context{0, ""});
    }

    NodeId node(const std::string& name, NodeKind kind, const std::string& function, std::uint32_t line,
                std::uint32_t column = 5, std::uint32_t context = 0, NodeId origin = facts::kNoNode) {
        facts::Node n;
        n.id = static_cast<NodeId>(facts.nodes.size());
        n.kind = kind;
        n.name = name;
        n.function = function;
        n.pos = {file_, line, column};
        n.context = context;
        n.origin = origin == facts::kNoNode ? n.id : origin;
        facts.nodes.push_back(n);
        return n.id;
    }

    // A clone of `origin` in `context`.
    NodeId clone(NodeId origin, std::uint32_t context) {
        facts::Node copy = facts.nodes[origin];
        return node(copy.name, copy.kind, copy.function, copy.pos.line, copy.pos.column, context, origin);
    }

    std::uint32_t context(const std::string& call_string) {
        auto id = static_cast<std::uint32_t>(facts.contexts.size());
        facts.contexts.push_back(facts::Context{id, call_string});
        return id;
    }

    void assign(NodeId src, NodeId dst, std::uint32_t line, std::uint32_t column = 5) {
        facts.assign_sites.push_back(facts::AssignSite{src, dst, {file_, line, column}});
    }

    // Returns the call site id.
    std::uint32_t call(const std::string& callee, std::vector<NodeId> args, std::uint32_t line,
                       std::uint32_t column, std::uint32_t end_column, std::vector<bool> restrict_params = {},
                       std::uint32_t context = 0, const std::string& caller = "main") {
        facts::CallSite c;
        c.id = static_cast<std::uint32_t>(facts.calls.size());
        c.callee = callee;
        c.begin = {file_, line, column};
        c.end = {file_, line, end_column};
        c.context = context;
        c.caller = caller;
        c.args = std::move(args);
        c.restrict_params = std::move(restrict_params);
        facts.calls.push_back(std::move(c));
        return facts.calls.back().id;
    }

    // arguments.tsv rows (kept sorted): a pointer argument's base and offset, or an integer
    // argument's constant value.
    facts::ArgumentAddress& argument(std::uint32_t call, std::uint32_t arg, facts::ArgumentAddress::Base kind,
                                     const std::string& base, std::optional<std::int64_t> offset = 0) {
        facts::ArgumentAddress a;
        a.call = call;
        a.arg = arg;
        a.base_kind = kind;
        a.base = base;
        a.offset = offset;
        return insert(std::move(a));
    }
    void constant(std::uint32_t call, std::uint32_t arg, std::int64_t value) {
        facts::ArgumentAddress a;
        a.call = call;
        a.arg = arg;
        a.constant = value;
        insert(std::move(a));
    }

    // Writes `source` to `dir`/file and points every recorded position at it.
    void write_source(const std::filesystem::path& dir, const std::string& source) {
        std::filesystem::create_directories(dir);
        std::filesystem::path path = dir / file_;
        std::ofstream(path) << source;
        std::string absolute = path.string();
        for (facts::Node& n : facts.nodes) n.pos.file = absolute;
        for (facts::AssignSite& s : facts.assign_sites) s.pos.file = absolute;
        for (facts::CallSite& c : facts.calls) {
            c.begin.file = absolute;
            c.end.file = absolute;
        }
        file_ = absolute;
    }

    [[nodiscard]] const std::string& file() const { return file_; }

    facts::ProgramFacts facts;

private:
    facts::ArgumentAddress& insert(facts::ArgumentAddress a) {
        auto at = std::lower_bound(facts.arguments.begin(), facts.arguments.end(), a,
                                   [](const facts::ArgumentAddress& x, const facts::ArgumentAddress& y) {
                                       return std::make_pair(x.call, x.arg) < std::make_pair(y.call, y.arg);
                                   });
        return *facts.arguments.insert(at, std::move(a));
    }

    std::string file_;
};

// Flat (a, b) rows.
inline std::vector<std::uint32_t> rows(std::span<const std::pair<NodeId, NodeId>> pairs) {
    std::vector<std::uint32_t> out;
    for (auto [a, b] : pairs) {
        out.push_back(a);
        out.push_back(b);
    }
    return out;
}
inline std::vector<std::uint32_t> rows(std::initializer_list<std::pair<NodeId, NodeId>> pairs) {
    return rows(std::span<const std::pair<NodeId, NodeId>>(pairs.begin(), pairs.size()));
}

}  // namespace galias::reports::testing
