#include "frontend/unused_functions.hpp"

#include <unordered_map>

namespace galias::frontend {

void prune_unused_static_functions(TranslationUnitIr& unit) {
    std::unordered_map<EntityId, std::size_t> index_of;  // function entity -> unit.functions index
    for (std::size_t i = 0; i < unit.functions.size(); ++i) index_of.emplace(unit.functions[i].entity, i);

    std::vector<bool> used(unit.functions.size(), false);
    std::vector<std::size_t> work;
    const auto use = [&](EntityId entity) {
        auto it = index_of.find(entity);
        if (it == index_of.end() || used[it->second]) return;
        used[it->second] = true;
        work.push_back(it->second);
    };
    for (std::size_t i = 0; i < unit.functions.size(); ++i) {
        const Function& f = unit.functions[i];
        if (is_external_key(unit.entities[f.entity].key) && !f.inline_only) use(f.entity);
    }
    for (const Term& term : unit.terms.terms()) {
        if (term.kind == TermKind::AddrOf && term.entity != kNone &&
            unit.entities[term.entity].kind == facts::NodeKind::Function) {
            use(term.entity);
        }
    }
    while (!work.empty()) {
        const std::size_t f = work.back();
        work.pop_back();
        for (const CallSite& call : unit.functions[f].calls) {
            if (call.direct_callee != kNone) use(call.direct_callee);
        }
    }
    std::vector<Function> kept;
    kept.reserve(unit.functions.size());
    for (std::size_t i = 0; i < unit.functions.size(); ++i) {
        if (used[i] || !unit.functions[i].has_body) {
            kept.push_back(std::move(unit.functions[i]));
        } else {
            ++unit.unused_static_functions;
        }
    }
    unit.functions = std::move(kept);
}

}  // namespace galias::frontend
