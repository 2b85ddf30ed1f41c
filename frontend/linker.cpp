#include "frontend/linker.hpp"

#include <algorithm>
#include <filesystem>
#include <tuple>
#include <utility>

namespace galias::frontend {

namespace {

// Copies one TU into the program, renumbering its entities and terms.
class UnitLinker {
public:
    UnitLinker(ProgramIr& program, std::unordered_map<std::string, EntityId>& external,
               TranslationUnitIr& unit)
        : program_(program),
          external_(external),
          unit_(unit),
          entity_map_(unit.entities.size(), kNone),
          term_map_(unit.terms.size(), kNone) {}

    void link() {
        for (EntityId e = 0; e < unit_.entities.size(); ++e) entity_map_[e] = link_entity(unit_.entities[e]);
        for (Function& f : unit_.functions) link_function(f);
        for (const Assign& a : unit_.global_assigns) {
            program_.global_assigns.push_back(Assign{term(a.src), term(a.dst), a.pos});
        }
        for (const CollapsedPath& c : unit_.collapsed) {
            const EntityId entity = entity_map_[c.entity];
            program_.collapsed[entity].push_back(CollapsedPath{entity, c.path, mapped(c.field), c.kind});
        }
        for (const FieldOverlap& o : unit_.field_overlaps)
            program_.field_overlaps.push_back(FieldOverlap{mapped(o.a), mapped(o.b)});
        for (auto& u : unit_.unmodelled) program_.unmodelled.push_back(std::move(u));
        program_.unused_static_functions += unit_.unused_static_functions;
    }

private:
    EntityId link_entity(Entity& entity) {
        if (is_external_key(entity.key)) {
            auto [it, inserted] =
                external_.try_emplace(entity.key, static_cast<EntityId>(program_.entities.size()));
            if (!inserted) {
                // `extern char buf[];` in one unit, its definition in another: the size is
                // the definition's (the largest declared, to be safe).
                Entity& linked = program_.entities[it->second];
                linked.bytes = std::max(linked.bytes, entity.bytes);
                return it->second;
            }
        }
        program_.entities.push_back(std::move(entity));
        return static_cast<EntityId>(program_.entities.size() - 1);
    }

    EntityId mapped(EntityId e) const { return e == kNone ? kNone : entity_map_[e]; }

    TermId term(TermId t) {
        if (t == kNone) return kNone;
        if (term_map_[t] != kNone) return term_map_[t];
        Term copy = unit_.terms[t];
        copy.entity = mapped(copy.entity);
        copy.field = mapped(copy.field);
        if (copy.operand != kNone) copy.operand = term(copy.operand);
        term_map_[t] = program_.terms.intern(copy);
        return term_map_[t];
    }

    CallValue value(CallValue v) {
        v.term = term(v.term);
        for (Leaf& leaf : v.leaves) leaf.field = mapped(leaf.field);
        for (TermId& object : v.excluded) object = term(object);
        return v;
    }

    void link_function(Function& f) {
        for (auto& u : f.unmodelled) program_.unmodelled.push_back(std::move(u));
        f.unmodelled.clear();
        const EntityId entity = entity_map_[f.entity];
        f.entity = entity;
        for (TermId& p : f.params) p = term(p);
        f.return_value = term(f.return_value);
        f.varargs = term(f.varargs);
        for (Assign& a : f.assigns) {
            a.src = term(a.src);
            a.dst = term(a.dst);
        }
        for (CallSite& call : f.calls) {
            if (call.direct_callee != kNone) call.direct_callee = entity_map_[call.direct_callee];
            call.callee_pointer = term(call.callee_pointer);
            for (CallValue& arg : call.args) arg = value(std::move(arg));
            call.result = value(std::move(call.result));
        }
        for (FrameStore& store : f.frame_stores) {
            store.object = term(store.object);
            store.variable = term(store.variable);
            store.pointer = term(store.pointer);
        }
        auto [it, inserted] = program_.function_index.try_emplace(
            entity, static_cast<std::uint32_t>(program_.functions.size()));
        if (inserted) {
            program_.functions.push_back(std::move(f));
            return;
        }
        Function& existing = program_.functions[it->second];
        if (!f.has_body) return;  // a declaration adds nothing to what is known
        if (!existing.has_body || (existing.inline_only && !f.inline_only)) {
            // A definition replaces what declarations said, and a real definition an inline one.
            existing = std::move(f);
            return;
        }
        if (f.inline_only) return;  // one copy of a header's inline definition is enough
        // A second definition: analyse both bodies as one function.
        ++program_.duplicate_definitions;
        program_.warnings.push_back("function '" + program_.entities[entity].name +
                                    "' is defined in more than one " + "translation unit (also in " +
                                    unit_.file + "); the definitions are analysed as one function");
        existing.assigns.insert(existing.assigns.end(), f.assigns.begin(), f.assigns.end());
        // Arguments refer to the allocating call by its index in the body's calls.
        const auto shift = static_cast<std::uint32_t>(existing.calls.size());
        for (CallSite& call : f.calls) {
            for (CallValue& arg : call.args) {
                if (arg.allocation != kNone) arg.allocation += shift;
                for (std::uint32_t& c : arg.needs_fresh) c += shift;
                for (CallValue::Apart& a : arg.apart) {
                    for (std::uint32_t& c : a.needs_fresh) c += shift;
                }
            }
        }
        for (FrameStore& store : f.frame_stores) {
            if (store.alloca_call != kNone) store.alloca_call += shift;
        }
        for (LaterUse& use : f.later_uses) {
            use.call += shift;
            if (use.use_call != kNone) use.use_call += shift;
        }
        existing.later_uses.insert(existing.later_uses.end(), f.later_uses.begin(), f.later_uses.end());
        existing.frame_stores.insert(existing.frame_stores.end(), f.frame_stores.begin(),
                                     f.frame_stores.end());
        existing.calls.insert(existing.calls.end(), std::make_move_iterator(f.calls.begin()),
                              std::make_move_iterator(f.calls.end()));
        // Parameters of external functions are linked by position, so they already match;
        // a definition that declares more of them (or a return value) fills the gaps.
        if (existing.params.size() < f.params.size()) existing.params.resize(f.params.size(), kNone);
        if (existing.param_aggregate.size() < f.param_aggregate.size())
            existing.param_aggregate.resize(f.param_aggregate.size(), false);
        for (std::size_t i = 0; i < f.params.size(); ++i) {
            if (existing.params[i] == kNone) {
                existing.params[i] = f.params[i];
                existing.param_aggregate[i] = f.param_aggregate[i];
            }
        }
        if (existing.return_value == kNone) {
            existing.return_value = f.return_value;
            existing.return_aggregate = f.return_aggregate;
        }
        if (existing.varargs == kNone) existing.varargs = f.varargs;
    }

    ProgramIr& program_;
    std::unordered_map<std::string, EntityId>& external_;
    TranslationUnitIr& unit_;
    std::vector<EntityId> entity_map_;
    std::vector<TermId> term_map_;
};

// Union-find over the overlapping fields; each class is represented by its smallest entity
// (the field seen first), so that the result does not depend on the order of the pairs.
std::unordered_map<EntityId, EntityId> field_classes(const std::vector<FieldOverlap>& overlaps) {
    std::unordered_map<EntityId, EntityId> parent;
    const auto find = [&](EntityId e) {
        EntityId root = e;
        for (auto it = parent.find(root); it != parent.end() && it->second != root; it = parent.find(root))
            root = it->second;
        while (e != root) {  // path compression
            EntityId& up = parent[e];
            e = std::exchange(up, root);
        }
        return root;
    };
    for (const FieldOverlap& o : overlaps) {
        parent.try_emplace(o.a, o.a);
        parent.try_emplace(o.b, o.b);
        const EntityId a = find(o.a);
        const EntityId b = find(o.b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
    std::unordered_map<EntityId, EntityId> classes;
    for (const auto& entry : parent) {
        const EntityId root = find(entry.first);
        if (root != entry.first) classes.emplace(entry.first, root);
    }
    return classes;
}

}  // namespace

ProgramIr link_program(std::vector<TranslationUnitIr>& units, const std::vector<LinkUnit>& programs) {
    ProgramIr program;
    std::vector<std::size_t> uses_left(units.size(), 0);
    for (const LinkUnit& p : programs) {
        for (std::size_t u : p.units) ++uses_left[u];
    }
    for (std::uint32_t p = 0; p < programs.size(); ++p) {
        program.programs.push_back(programs[p].name);
        std::unordered_map<std::string, EntityId> external;  // per program: programs share nothing
        for (std::size_t u : programs[p].units) {
            if (--uses_left[u] == 0) {
                UnitLinker(program, external, units[u]).link();
            } else {
                TranslationUnitIr copy = units[u];  // the linker moves out of what it links
                UnitLinker(program, external, copy).link();
            }
        }
        program.function_program.resize(program.functions.size(), p);
    }
    for (auto& [entity, parts] : program.collapsed) {
        const auto key = [](const CollapsedPath& c) { return std::tie(c.path, c.field, c.kind); };
        std::sort(parts.begin(), parts.end(),
                  [&](const CollapsedPath& a, const CollapsedPath& b) { return key(a) < key(b); });
        parts.erase(
            std::unique(parts.begin(), parts.end(),
                        [&](const CollapsedPath& a, const CollapsedPath& b) { return key(a) == key(b); }),
            parts.end());
    }
    program.field_class = field_classes(program.field_overlaps);
    for (std::uint32_t f = 0; f < program.functions.size(); ++f) {
        std::vector<CallSite>& calls = program.functions[f].calls;
        for (std::uint32_t c = 0; c < calls.size(); ++c) {
            calls[c].id = static_cast<std::uint32_t>(program.call_sites.size());
            program.call_sites.emplace_back(f, c);
        }
    }
    return program;
}

}  // namespace galias::frontend
