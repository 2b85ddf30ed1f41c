#include "gpu_engine/plan/stratify.hpp"

#include <algorithm>
#include <limits>

namespace galias::engine::plan {

namespace {

// Iterative Tarjan (programs are small, but recursion depth should not depend on input).
class Tarjan {
public:
    explicit Tarjan(const std::vector<std::vector<std::uint32_t>>& graph)
        : graph_(graph),
          index_(graph.size(), kUnvisited),
          low_(graph.size(), 0),
          on_stack_(graph.size(), false) {}

    std::vector<Component> run() {
        for (std::uint32_t n = 0; n < graph_.size(); ++n)
            if (index_[n] == kUnvisited) visit(n);
        return std::move(components_);  // Tarjan emits sinks (dependencies) first
    }

private:
    static constexpr std::uint32_t kUnvisited = std::numeric_limits<std::uint32_t>::max();

    void visit(std::uint32_t root) {
        std::vector<std::pair<std::uint32_t, std::size_t>> frames{{root, 0}};
        enter(root);
        while (!frames.empty()) {
            auto& [node, edge] = frames.back();
            if (edge < graph_[node].size()) {
                const std::uint32_t next = graph_[node][edge++];
                if (index_[next] == kUnvisited) {
                    enter(next);
                    frames.emplace_back(next, 0);
                } else if (on_stack_[next]) {
                    low_[node] = std::min(low_[node], index_[next]);
                }
                continue;
            }
            const std::uint32_t done = node;
            frames.pop_back();
            if (!frames.empty()) low_[frames.back().first] = std::min(low_[frames.back().first], low_[done]);
            if (low_[done] == index_[done]) emit_component(done);
        }
    }

    void enter(std::uint32_t n) {
        index_[n] = low_[n] = counter_++;
        stack_.push_back(n);
        on_stack_[n] = true;
    }

    void emit_component(std::uint32_t root) {
        Component component;
        std::uint32_t n;
        do {
            n = stack_.back();
            stack_.pop_back();
            on_stack_[n] = false;
            component.nodes.push_back(n);
        } while (n != root);
        std::sort(component.nodes.begin(), component.nodes.end());
        component.recursive = component.nodes.size() > 1 ||
                              std::find(graph_[root].begin(), graph_[root].end(), root) != graph_[root].end();
        components_.push_back(std::move(component));
    }

    const std::vector<std::vector<std::uint32_t>>& graph_;
    std::vector<std::uint32_t> index_, low_;
    std::vector<bool> on_stack_;
    std::vector<std::uint32_t> stack_;
    std::uint32_t counter_ = 0;
    std::vector<Component> components_;
};

}  // namespace

std::vector<Component> strongly_connected_components(
    const std::vector<std::vector<std::uint32_t>>& depends_on) {
    return Tarjan(depends_on).run();
}

}  // namespace galias::engine::plan
