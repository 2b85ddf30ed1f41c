#include "frontend/program_ir.hpp"

#include <functional>

namespace galias::frontend {

std::size_t TermTable::KeyHash::operator()(const Key& k) const {
    std::size_t h = std::hash<std::string>{}(k.path);
    h = h * 31 + static_cast<std::size_t>(k.kind);
    h = h * 1000003u + k.entity;
    h = h * 1000003u + k.operand;
    h = h * 1000003u + k.field;
    return h;
}

TermId TermTable::intern(const Term& term) {
    Key key{term.kind, term.entity, term.path, term.operand, term.field};
    auto [it, inserted] = ids_.try_emplace(std::move(key), static_cast<TermId>(terms_.size()));
    if (inserted) terms_.push_back(term);
    return it->second;
}

TermId TermTable::entity(EntityId entity, std::string path, const facts::SourcePos& pos, EntityId field) {
    return intern(Term{TermKind::Entity, entity, std::move(path), kNone, field, pos});
}

TermId TermTable::deref(TermId operand, const facts::SourcePos& pos) {
    // *&x is x: no node for it, so that x keeps its own identity.
    const Term inner = terms_[operand];  // a copy: interning may reallocate terms_
    if (inner.kind == TermKind::AddrOf) {
        if (inner.operand != kNone) return inner.operand;  // *&p->f is p->f
        return entity(inner.entity, inner.path, inner.pos, inner.field);
    }
    return intern(Term{TermKind::Deref, kNone, "", operand, kNone, pos});
}

TermId TermTable::addr_of(EntityId entity, std::string path, const facts::SourcePos& pos, EntityId field) {
    return intern(Term{TermKind::AddrOf, entity, std::move(path), kNone, field, pos});
}

TermId TermTable::address_of_location(TermId location) {
    const Term t = terms_[location];
    switch (t.kind) {
        case TermKind::Entity:
            return addr_of(t.entity, t.path, t.pos, t.field);
        case TermKind::Member:
            return intern(Term{TermKind::AddrOf, kNone, "", location, kNone, t.pos});
        case TermKind::Deref:
            return t.operand;  // &*p is p
        case TermKind::AddrOf:
            break;
    }
    return kNone;
}

TermId TermTable::member(TermId base, EntityId field, const facts::SourcePos& pos) {
    // A member of a member (p->in.x) is named by its innermost field; its base is the
    // dereference both start from.
    const Term& b = terms_[base];
    const TermId operand = b.kind == TermKind::Member ? b.operand : base;
    return intern(Term{TermKind::Member, kNone, "", operand, field, pos});
}

TermId TermTable::extend(TermId base, const Leaf& leaf) {
    const Term term = terms_[base];  // a copy: interning may reallocate terms_
    if (leaf.field == kNone && leaf.path.empty()) return base;
    switch (term.kind) {
        case TermKind::Entity: {
            std::string path = leaf.path.empty()   ? term.path
                               : term.path.empty() ? leaf.path
                                                   : term.path + "." + leaf.path;
            return entity(term.entity, std::move(path), term.pos, leaf.field);
        }
        case TermKind::Deref:
        case TermKind::Member:
            return leaf.field == kNone ? base : member(base, leaf.field, term.pos);
        case TermKind::AddrOf:
            break;
    }
    return base;
}

}  // namespace galias::frontend
