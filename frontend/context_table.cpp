#include "frontend/context_table.hpp"

#include <algorithm>
#include <filesystem>
#include <unordered_set>

namespace galias::frontend {

namespace {

std::string encode(const std::vector<std::uint32_t>& sites) {
    std::string key;
    for (std::uint32_t s : sites) key.append(reinterpret_cast<const char*>(&s), sizeof s);
    return key;
}

}  // namespace

ContextTable::ContextTable(const ProgramIr& program, const CallGraph& graph, const ContextOptions& options)
    : program_(program), graph_(graph), options_(options) {
    strings_.emplace_back();  // context 0: the empty call string
    ids_.emplace(std::string(), 0);
    const std::size_t components = graph.members.size();
    component_contexts_.resize(components);
    merged_.assign(components, false);
    std::vector<std::unordered_set<ContextId>> incoming(components);
    std::vector<std::uint32_t> targets_of_site(program.call_sites.size(), 0);
    for (const auto& calls : graph.calls) {
        for (const auto& [site, callee] : calls) ++targets_of_site[site];
    }
    wide_site_.resize(targets_of_site.size());
    for (std::size_t site = 0; site < targets_of_site.size(); ++site) {
        wide_site_[site] = targets_of_site[site] > options.max_targets_cloned;
    }

    for (std::uint32_t c : graph.topological_order) {
        // Callers come first, so every context of this component is known by now.
        std::vector<ContextId>& contexts = component_contexts_[c];
        const bool worth_cloning =
            (options_.max_component_cloned == 0 ||
             graph.members[c].size() <= options_.max_component_cloned) &&
            (options_.cloned.empty() || std::any_of(graph.members[c].begin(), graph.members[c].end(),
                                                    [&](std::uint32_t f) { return options_.cloned[f]; }));
        if (graph.called_from_outside[c] && worth_cloning) {
            contexts.assign(incoming[c].begin(), incoming[c].end());
            std::sort(contexts.begin(), contexts.end());
        } else {
            contexts = {0};
            if (!worth_cloning) {
                merged_[c] = true;  // calls from other components reach context 0
                if (graph.called_from_outside[c]) uncloned_functions_ += graph.members[c].size();
            }
        }
        incoming[c].clear();
        const std::uint64_t size = graph.members[c].size();
        std::uint64_t statements = 0;
        for (std::uint32_t f : graph.members[c]) {
            statements += 1 + program.functions[f].assigns.size() + program.functions[f].calls.size();
        }
        const std::uint64_t extra = (contexts.size() - 1) * size;
        const std::uint64_t extra_statements = (contexts.size() - 1) * statements;
        if (size > 1 && options_.max_component_clone_statements != 0 &&
            extra_statements > options_.max_component_clone_statements) {
            // A large recursive component: one copy, by design rather than over the budget.
            merged_[c] = true;
            contexts = {0};
            large_recursive_functions_ += size;
        } else if (clones_ + extra > options_.max_clones ||
                   clone_statements_ + extra_statements > options_.max_clone_statements) {
            // Over budget: this component gets one copy for all its callers (context 0).
            merged_[c] = true;
            contexts = {0};
            merged_functions_.insert(merged_functions_.end(), graph.members[c].begin(),
                                     graph.members[c].end());
        } else {
            clones_ += extra;
            clone_statements_ += extra_statements;
        }
        instances_ += contexts.size() * size;
        for (std::uint32_t f : graph.members[c]) {
            for (const auto& [site, callee] : graph.calls[f]) {
                const std::uint32_t d = graph.component[callee];
                if (d == c) continue;  // recursion: the caller's context
                if (wide_site_[site]) {
                    incoming[d].insert(0);
                    continue;
                }
                for (ContextId context : contexts) incoming[d].insert(extend(context, site));
            }
        }
    }
    drop_unused_contexts();
}

// Contexts handed to a component that then went over the clone budget are not used by any
// function; renumber the rest densely (in order of creation) so contexts.tsv lists only
// contexts that some node lives in.
void ContextTable::drop_unused_contexts() {
    std::vector<bool> used(strings_.size(), false);
    used[0] = true;
    for (const auto& contexts : component_contexts_) {
        for (ContextId c : contexts) used[c] = true;
    }
    std::vector<ContextId> renumbered(strings_.size(), 0);
    std::vector<std::vector<std::uint32_t>> kept;
    for (ContextId c = 0; c < strings_.size(); ++c) {
        if (!used[c]) continue;
        renumbered[c] = static_cast<ContextId>(kept.size());
        kept.push_back(std::move(strings_[c]));
    }
    strings_ = std::move(kept);
    ids_.clear();
    for (ContextId c = 0; c < strings_.size(); ++c) ids_.emplace(encode(strings_[c]), c);
    for (auto& contexts : component_contexts_) {
        for (ContextId& c : contexts) c = renumbered[c];
    }
}

ContextId ContextTable::extend(ContextId context, std::uint32_t site) {
    if (options_.k == 0) return 0;
    std::vector<std::uint32_t> sites = strings_[context];
    sites.push_back(site);
    if (sites.size() > options_.k) sites.erase(sites.begin(), sites.end() - options_.k);
    auto [it, inserted] = ids_.try_emplace(encode(sites), static_cast<ContextId>(strings_.size()));
    if (inserted) strings_.push_back(std::move(sites));
    return it->second;
}

const std::vector<ContextId>& ContextTable::contexts_of(std::uint32_t function_index) const {
    return component_contexts_[graph_.component[function_index]];
}

ContextId ContextTable::callee_context(std::uint32_t site, ContextId caller_context, EntityId callee) const {
    if (options_.k == 0) return 0;
    const std::uint32_t d = graph_.component[program_.function_index.at(callee)];
    const std::uint32_t c = graph_.component[program_.call_sites[site].first];
    if (d == c) return caller_context;
    if (merged_[d] || wide_site_[site]) return 0;
    std::vector<std::uint32_t> sites = strings_[caller_context];
    sites.push_back(site);
    if (sites.size() > options_.k) sites.erase(sites.begin(), sites.end() - options_.k);
    return ids_.at(encode(sites));
}

std::string ContextTable::call_string(ContextId context) const {
    std::string out;
    for (std::uint32_t site : strings_[context]) {
        if (!out.empty()) out += " > ";
        const CallSite& call = program_.call_site(site);
        out += program_.entities[program_.caller_of(site).entity].name + "@" +
               std::filesystem::path(call.begin.file).filename().string() + ":" +
               std::to_string(call.begin.line) + ":" + std::to_string(call.begin.column);
    }
    return out;
}

}  // namespace galias::frontend
