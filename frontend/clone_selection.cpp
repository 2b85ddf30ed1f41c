#include "frontend/clone_selection.hpp"

#include <algorithm>

#include "frontend/library_models.hpp"

namespace galias::frontend {

namespace {

class DependenceAnalysis {
public:
    DependenceAnalysis(const ProgramIr& program, const CallTargets& targets,
                       const std::vector<std::string>& allocators, FieldModel model)
        : program_(program),
          targets_(targets),
          allocators_(allocators.begin(), allocators.end()),
          model_(model) {
        for (const Term& t : program.terms.terms()) {
            if (t.kind == TermKind::AddrOf && t.entity != kNone) address_taken_.insert(t.entity);
        }
    }

    // Adds to `result` the per-context entities of `f` whose values may differ between
    // contexts, given which parameters do (`varying_param`) and, for calls to functions of
    // the same recursive component (`component`, which run in the caller's context), what
    // `result` already says of their parameters and return values. True if it added any.
    bool add_dependent(const Function& f, const std::vector<bool>& varying_param,
                       const std::unordered_set<EntityId>& component, std::unordered_set<EntityId>& result) {
        bool added = false;
        const auto mark = [&](TermId t) {
            if (t == kNone) return false;
            const Term& term = program_.terms[t];
            if (term.kind != TermKind::Entity || !program_.entities[term.entity].per_context) return false;
            const bool inserted = result.insert(term.entity).second;
            added = added || inserted;
            return inserted;
        };
        for (std::size_t i = 0; i < f.params.size(); ++i) {
            if (i < varying_param.size() && varying_param[i]) mark(f.params[i]);
        }
        if (f.varargs != kNone && varying_param.size() > f.params.size() &&
            std::any_of(varying_param.begin() + static_cast<std::ptrdiff_t>(f.params.size()),
                        varying_param.end(), [](bool v) { return v; })) {
            mark(f.varargs);
        }
        for (const Assign& a : f.assigns) {
            for (TermId t : {a.src, a.dst}) mark_address_taken(t, result, added);
        }
        for (const CallSite& call : f.calls) {
            if (creates_object(call)) mark(call.result.term);
        }
        // Forward through the body until nothing changes.
        bool changed = true;
        while (changed) {
            changed = false;
            for (const Assign& a : f.assigns) {
                if (depends(a.src, result) && mark(a.dst)) changed = true;
            }
            for (const CallSite& call : f.calls) {
                if (call.result.term != kNone && returns_dependent_argument(call, result) &&
                    mark(call.result.term))
                    changed = true;
                for (EntityId target : targets_[call.id]) {
                    if (component.count(target) == 0) continue;
                    const Function* g = program_.function_of(target);
                    for (std::size_t i = 0; i < call.args.size(); ++i) {
                        if (call.args[i].term == kNone || !depends(call.args[i].term, result)) continue;
                        if (mark(i < g->params.size() ? g->params[i] : g->varargs)) changed = true;
                    }
                    if (g->return_value != kNone && depends(g->return_value, result) &&
                        mark(call.result.term))
                        changed = true;
                }
            }
        }
        return added;
    }

private:
    void mark_address_taken(TermId t, std::unordered_set<EntityId>& result, bool& added) const {
        if (t == kNone) return;
        const Term& term = program_.terms[t];
        if (term.kind == TermKind::Deref || term.kind == TermKind::Member) {
            mark_address_taken(term.operand, result, added);
            return;
        }
        if (term.entity != kNone && address_taken_.count(term.entity) != 0 &&
            program_.entities[term.entity].per_context && result.insert(term.entity).second) {
            added = true;
        }
    }

    // Is the value (or location) `t` one that may differ between the body's copies?
    bool depends(TermId t, const std::unordered_set<EntityId>& dependent) const {
        const Term& term = program_.terms[t];
        switch (term.kind) {
            case TermKind::Entity:
            case TermKind::AddrOf:
                if (term.entity != kNone) return dependent.count(term.entity) != 0;
                // &p->f: points into *p.
                return depends(program_.terms[term.operand].operand, dependent);
            case TermKind::Deref:
                return depends(term.operand, dependent);
            case TermKind::Member:  // a field's node is one node in every context
                return model_ != FieldModel::Types && depends(term.operand, dependent);
        }
        return true;
    }

    // A call whose result is an object of the caller's copy: an allocation (heap cloning).
    bool creates_object(const CallSite& call) const {
        for (EntityId target : targets_[call.id]) {
            if (program_.allocation_wrappers.count(target) != 0) return true;
            const std::string& name = program_.entities[target].name;
            if (allocators_.count(name) != 0) return true;
            const Function* callee = program_.function_of(target);
            if (callee != nullptr && callee->has_body) continue;
            const LibraryModel* model = find_library_model(name);
            if (model != nullptr &&
                (model->kind == ModelKind::Allocate || model->kind == ModelKind::Reallocate ||
                 model->kind == ModelKind::StoreAllocate)) {
                return true;
            }
        }
        return false;
    }

    // A library call returning (a pointer into) an argument that may differ between copies.
    bool returns_dependent_argument(const CallSite& call,
                                    const std::unordered_set<EntityId>& dependent) const {
        for (EntityId target : targets_[call.id]) {
            const Function* callee = program_.function_of(target);
            if (callee != nullptr && callee->has_body && program_.allocation_wrappers.count(target) == 0)
                continue;
            unsigned arg = 0;
            if (auto it = program_.allocation_wrappers.find(target);
                it != program_.allocation_wrappers.end()) {
                if (!it->second.reallocates) continue;
                arg = it->second.arg;
            } else {
                const LibraryModel* model = find_library_model(program_.entities[target].name);
                if (model == nullptr || model->kind == ModelKind::NoEffect ||
                    model->kind == ModelKind::Allocate || model->kind == ModelKind::ReturnStatic ||
                    model->kind == ModelKind::StoreAllocate) {
                    continue;
                }
                arg = model->arg;
            }
            if (arg < call.args.size() && call.args[arg].term != kNone &&
                depends(call.args[arg].term, dependent))
                return true;
        }
        return false;
    }

    const ProgramIr& program_;
    const CallTargets& targets_;
    std::unordered_set<std::string> allocators_;
    FieldModel model_;
    std::unordered_set<EntityId> address_taken_;
};

bool calls_itself(const ProgramIr& program, const CallTargets& targets, std::uint32_t f) {
    const Function& function = program.functions[f];
    return std::any_of(function.calls.begin(), function.calls.end(), [&](const CallSite& call) {
        const auto& t = targets[call.id];
        return std::find(t.begin(), t.end(), function.entity) != t.end();
    });
}

}  // namespace

CloneSelection select_clones(const ProgramIr& program, const CallGraph& graph, const CallTargets& targets,
                             const VaryingArguments& varying, const std::vector<std::string>& allocators,
                             FieldModel model) {
    const std::size_t n = program.functions.size();
    CloneSelection selection;
    if (varying.empty()) {
        selection.cloned.assign(n, true);
        return selection;
    }
    DependenceAnalysis analysis(program, targets, allocators, model);
    std::unordered_set<EntityId> dependent;
    for (const std::vector<std::uint32_t>& members : graph.members) {
        std::unordered_set<EntityId> component;
        if (members.size() > 1 || calls_itself(program, targets, members.front())) {
            for (std::uint32_t f : members) component.insert(program.functions[f].entity);
        }
        // A recursive component's functions run in their callers' contexts: iterate.
        bool changed = true;
        while (changed) {
            changed = false;
            for (std::uint32_t f : members) {
                if (analysis.add_dependent(program.functions[f], varying[f], component, dependent))
                    changed = true;
            }
            if (component.empty()) break;
        }
    }
    selection.cloned.assign(n, false);
    for (std::uint32_t f = 0; f < n; ++f) {
        const Function& function = program.functions[f];
        if (!function.has_body) continue;
        // Every per-context entity the body names that depends on nothing is shared.
        const auto share = [&](TermId t) {
            while (t != kNone) {
                const Term& term = program.terms[t];
                if (term.entity != kNone) {
                    const Entity& e = program.entities[term.entity];
                    if (!e.per_context || e.kind == facts::NodeKind::Heap) return;
                    if (dependent.count(term.entity) != 0) {
                        selection.cloned[f] = true;
                    } else {
                        selection.shared.insert(term.entity);
                    }
                    return;
                }
                t = term.operand;
            }
        };
        for (TermId p : function.params) share(p);
        share(function.return_value);
        share(function.varargs);
        for (const Assign& a : function.assigns) {
            share(a.src);
            share(a.dst);
        }
        for (const CallSite& call : function.calls) {
            share(call.result.term);
            share(call.callee_pointer);
            for (const CallValue& arg : call.args) share(arg.term);
        }
    }
    return selection;
}

}  // namespace galias::frontend
