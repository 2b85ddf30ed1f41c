#pragma once
// The call graph over the functions that have a body, built with Boost.Graph, with its
// strongly connected components (recursion) collapsed and put in topological order, so
// that calling contexts can flow from callers to callees in one pass.

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/program_ir.hpp"

namespace galias::frontend {

// For each call site id, the Function entities it may call.
using CallTargets = std::vector<std::vector<EntityId>>;

struct CallGraph {
    std::vector<std::uint32_t> component;             // per function index; kNone without a body
    std::vector<std::vector<std::uint32_t>> members;  // per component: its function indices
    std::vector<std::uint32_t> topological_order;     // components, callers before callees
    std::vector<bool> called_from_outside;            // per component: has a caller in another component
    // Per function index: (call site, callee function index) for each call between bodies.
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> calls;
    std::size_t edges = 0;                 // (call site, target) pairs between bodies
    std::size_t recursive_components = 0;  // components with a cycle
    std::size_t largest_component = 0;     // functions in the largest component
};

// Calls to functions named in `modelled` (user allocators, analysed by their model rather
// than their body) are not edges.
CallGraph build_call_graph(const ProgramIr& program, const CallTargets& targets,
                           const std::vector<std::string>& modelled);

}  // namespace galias::frontend
