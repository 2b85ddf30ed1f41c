#include "frontend/call_graph.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <boost/graph/topological_sort.hpp>
#include <iterator>

namespace galias::frontend {

namespace {
using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
}

CallGraph build_call_graph(const ProgramIr& program, const CallTargets& targets,
                           const std::vector<std::string>& modelled) {
    CallGraph result;
    const auto is_modelled = [&](EntityId f) {
        return std::find(modelled.begin(), modelled.end(), program.entities[f].name) != modelled.end();
    };
    const std::size_t n = program.functions.size();
    // Vertices are the functions with a body, numbered densely.
    std::vector<std::uint32_t> vertex_of(n, kNone);
    std::vector<std::uint32_t> function_of_vertex;
    for (std::uint32_t f = 0; f < n; ++f) {
        if (program.functions[f].has_body) {
            vertex_of[f] = static_cast<std::uint32_t>(function_of_vertex.size());
            function_of_vertex.push_back(f);
        }
    }
    Graph graph(function_of_vertex.size());
    result.calls.resize(n);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    for (std::uint32_t f = 0; f < n; ++f) {
        if (vertex_of[f] == kNone) continue;
        for (const CallSite& call : program.functions[f].calls) {
            for (EntityId target : targets[call.id]) {
                const Function* callee = program.function_of(target);
                if (callee == nullptr || !callee->has_body || is_modelled(target)) continue;
                const std::uint32_t callee_index = program.function_index.at(target);
                const std::uint32_t to = vertex_of[callee_index];
                result.calls[f].emplace_back(call.id, callee_index);
                boost::add_edge(vertex_of[f], to, graph);
                edges.emplace_back(vertex_of[f], to);
            }
        }
    }
    result.edges = edges.size();

    std::vector<int> component_of_vertex(function_of_vertex.size());
    const int components =
        function_of_vertex.empty() ? 0 : boost::strong_components(graph, &component_of_vertex[0]);
    result.component.assign(n, kNone);
    result.members.resize(static_cast<std::size_t>(components));
    for (std::size_t v = 0; v < function_of_vertex.size(); ++v) {
        const auto c = static_cast<std::uint32_t>(component_of_vertex[v]);
        result.component[function_of_vertex[v]] = c;
        result.members[c].push_back(function_of_vertex[v]);
    }

    // The condensation: one vertex per component, an edge where a call crosses components.
    Graph dag(static_cast<std::size_t>(components));
    result.called_from_outside.assign(static_cast<std::size_t>(components), false);
    std::vector<bool> recursive(static_cast<std::size_t>(components), false);
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    for (const auto& [from, to] : edges) {
        const int a = component_of_vertex[from];
        const int b = component_of_vertex[to];
        if (a == b) {
            recursive[static_cast<std::size_t>(a)] = true;
            continue;
        }
        boost::add_edge(static_cast<std::size_t>(a), static_cast<std::size_t>(b), dag);
        result.called_from_outside[static_cast<std::size_t>(b)] = true;
    }
    result.recursive_components =
        static_cast<std::size_t>(std::count(recursive.begin(), recursive.end(), true));
    for (const auto& members : result.members)
        result.largest_component = std::max(result.largest_component, members.size());
    std::vector<std::size_t> reverse_order;
    boost::topological_sort(dag, std::back_inserter(reverse_order));  // callees first
    for (auto it = reverse_order.rbegin(); it != reverse_order.rend(); ++it) {
        result.topological_order.push_back(static_cast<std::uint32_t>(*it));
    }
    return result;
}

}  // namespace galias::frontend
