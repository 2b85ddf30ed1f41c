#pragma once
// Strongly connected components of the predicate dependency graph (Tarjan), returned in
// topological order: every component comes after the components it depends on.

#include <cstdint>
#include <vector>

namespace galias::engine::plan {

struct Component {
    std::vector<std::uint32_t> nodes;
    bool recursive = false;  // more than one node, or a node depending on itself
};

// `depends_on[n]` lists the nodes n reads from.
std::vector<Component> strongly_connected_components(
    const std::vector<std::vector<std::uint32_t>>& depends_on);

}  // namespace galias::engine::plan
