#pragma once
// Calling contexts: k-limited call strings (the last k call sites on the way to a
// function). Each function with a body is analysed once per context it can be reached in;
// calls inside a recursive component keep the caller's context, so recursion adds none.
// Functions nobody calls (main, callbacks) and functions over the clone budget have only
// context 0 (the empty call string: all calls merged); so do the targets of call sites
// with many targets, for those calls (ContextOptions::max_targets_cloned).

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/call_graph.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

using ContextId = std::uint32_t;

struct ContextOptions {
    unsigned k = 1;                     // 0: context-insensitive
    std::uint64_t max_clones = 500000;  // function copies beyond the first, in total
    // The same budget weighed by size: statements (value flows and calls) in the copies
    // beyond the first. Large recursive components called from many places would
    // otherwise multiply the program far more than their function count suggests.
    std::uint64_t max_clone_statements = 5'000'000;
    // A call site with more targets than this (a call through a function pointer that
    // may reach many functions: callbacks, hooks, interpreters' dispatch) does not start
    // new contexts: its targets are analysed in context 0 for it. Cloning every target
    // per such site multiplies the program's size for little precision.
    std::uint32_t max_targets_cloned = 8;
    // Per function index: worth one copy per context (clone_selection.hpp); a component none
    // of whose functions is keeps context 0 only. Empty: all are.
    std::vector<bool> cloned;
    // A recursive component of more functions than this keeps one copy: calls inside it
    // keep the caller's context, so each context copies all of it (an interpreter's or a
    // server's core: lua5.4's has 746 functions), for little precision. 0: no limit.
    std::uint32_t max_component_cloned = 32;
    // A recursive component whose copies beyond the first would hold more statements than
    // this keeps one copy too: error reporting and string helpers that call each other
    // (libxml2's __xmlRaiseError, xmlStrdup, ...; gawk's fatal and format_tree) are called
    // from thousands of places, and a copy of all of them per call site made most of the
    // program (two thirds of libxml2's nodes, nine tenths of gawk's). 0: no limit.
    std::uint64_t max_component_clone_statements = 100'000;
};

class ContextTable {
public:
    ContextTable(const ProgramIr& program, const CallGraph& graph, const ContextOptions& options);

    // The contexts function `function_index` (a function with a body) is analysed in.
    [[nodiscard]] const std::vector<ContextId>& contexts_of(std::uint32_t function_index) const;
    // The context of `callee` (a function with a body) when called from `site` in `caller_context`.
    [[nodiscard]] ContextId callee_context(std::uint32_t site, ContextId caller_context,
                                           EntityId callee) const;

    [[nodiscard]] std::size_t size() const { return strings_.size(); }
    // The innermost call site of a context's call string; kNone for context 0.
    [[nodiscard]] std::uint32_t last_site(ContextId context) const {
        return strings_[context].empty() ? kNone : strings_[context].back();
    }
    // "main@a.c:10:3 > wrap@a.c:4:9" (outermost call first); "" for context 0.
    [[nodiscard]] std::string call_string(ContextId context) const;

    [[nodiscard]] std::uint64_t instances() const { return instances_; }  // (function, context) pairs
    [[nodiscard]] std::uint64_t clones() const { return clones_; }
    [[nodiscard]] std::uint64_t clone_statements() const { return clone_statements_; }
    [[nodiscard]] const std::vector<std::uint32_t>& merged_functions() const { return merged_functions_; }
    // Functions kept in one copy because cloning them would not tell anything apart.
    [[nodiscard]] std::uint64_t uncloned_functions() const { return uncloned_functions_; }
    // Functions of recursive components kept in one copy for their size
    // (ContextOptions::max_component_clone_statements).
    [[nodiscard]] std::uint64_t large_recursive_functions() const { return large_recursive_functions_; }

private:
    ContextId extend(ContextId context, std::uint32_t site);
    void drop_unused_contexts();

    const ProgramIr& program_;
    const CallGraph& graph_;
    ContextOptions options_;
    std::vector<std::vector<std::uint32_t>> strings_;  // context -> call sites
    std::unordered_map<std::string, ContextId> ids_;   // encoded call string -> context
    std::vector<std::vector<ContextId>> component_contexts_;
    std::vector<bool> wide_site_;  // per call site: more targets than max_targets_cloned
    std::vector<bool> merged_;     // per component: one copy (over the budget, or not worth cloning)
    std::vector<std::uint32_t> merged_functions_;
    std::uint64_t instances_ = 0;
    std::uint64_t clones_ = 0;
    std::uint64_t clone_statements_ = 0;
    std::uint64_t uncloned_functions_ = 0;
    std::uint64_t large_recursive_functions_ = 0;
};

}  // namespace galias::frontend
