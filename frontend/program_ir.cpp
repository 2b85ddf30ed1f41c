#include "frontend/program_ir.hpp"

#include <functional>

namespace galias::frontend {

std::size_t TermTable::KeyHash::operator()(const Key& k) const {
    std::size_t h = std::hash<std::string>{}(k.path);
    h = h * 31 + static_cast<std::size_t>(k.kind);
    h = h * 1000003u + k.entity;
    h = h * 1000003u + k.operand;
    return h;
}

TermId TermTable::intern(const Term& term) {
    Key key{term.kind, term.entity, term.path, term.operand};
    auto [it, inserted] = ids_.try_emplace(std::move(key), static_cast<TermId>(terms_.size()));
    if (inserted) terms_.push_back(term);
    return it->second;
}

TermId TermTable::entity(EntityId entity, std::string path, const facts::SourcePos& pos) {
    return intern(Term{TermKind::Entity, entity, std::move(path), kNone, pos});
}

TermId TermTable::deref(TermId operand, const facts::SourcePos& pos) {
    // *&x is x: no node for it, so that x keeps its own identity.
    const Term& inner = terms_[operand];
    if (inner.kind == TermKind::AddrOf) return entity(inner.entity, inner.path, inner.pos);
    return intern(Term{TermKind::Deref, kNone, "", operand, pos});
}

TermId TermTable::addr_of(EntityId entity, std::string path, const facts::SourcePos& pos) {
    return intern(Term{TermKind::AddrOf, entity, std::move(path), kNone, pos});
}

TermId TermTable::extend(TermId base, const std::string& leaf) {
    const Term& term = terms_[base];
    if (term.kind != TermKind::Entity || leaf.empty()) return base;
    std::string path = term.path.empty() ? leaf : term.path + "." + leaf;
    const EntityId entity_id = term.entity;
    const facts::SourcePos pos = term.pos;  // copy: interning may reallocate terms_
    return entity(entity_id, std::move(path), pos);
}

}  // namespace galias::frontend
