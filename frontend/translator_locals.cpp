#include "frontend/translator_locals.hpp"

#include <algorithm>

namespace galias::frontend::detail {

void LocalValues::begin_function() {
    versions_.clear();
    phis_.clear();
}

TermId LocalValues::version(DefinitionId definition) {
    if (auto it = versions_.find(definition); it != versions_.end()) return it->second;
    const LocalDefinition& d = locals()->definition(definition);
    TermId term = kNone;
    switch (d.kind) {
        case LocalDefinition::Kind::Uninit:
            break;
        case LocalDefinition::Kind::Entry:
            term = entities_.entity_term(d.var);  // the parameter itself receives the arguments
            break;
        case LocalDefinition::Kind::Init:
        case LocalDefinition::Kind::Assign:
        case LocalDefinition::Kind::Update:
            if (value_definitions(d.var) == 1) {
                term = entities_.entity_term(d.var);  // assigned once: the variable is its only value
            } else {
                const SourcePos p = pos(d.site != nullptr ? d.site->getBeginLoc() : d.var->getLocation());
                const std::string fn = entities_.function_name();
                const std::string name = d.var->getNameAsString();
                const std::string at = SourcePositions::line_col(p);
                const EntityId id = entities_.add_entity(
                    NodeKind::Local,
                    "tu:local:" + fn + ":" + name + "@" + at + "#" + std::to_string(ir().entities.size()),
                    fn + "::" + name + "@" + at, fn, p, true);
                term = terms().entity(id, "", p);
            }
            break;
    }
    versions_.emplace(definition, term);
    return term;
}

std::size_t LocalValues::value_definitions(const clang::VarDecl* var) const {
    std::size_t n = 0;
    for (DefinitionId d : locals()->definitions_of(var)) {
        n += locals()->definition(d).kind != LocalDefinition::Kind::Uninit ? 1 : 0;
    }
    return n;
}

TermId LocalValues::read(const clang::DeclRefExpr* reference) {
    std::vector<DefinitionId> reaching;
    std::vector<TermId> values;
    for (DefinitionId d : locals()->reaching(reference)) {
        const TermId v = version(d);
        if (v == kNone) continue;  // not yet assigned on that path
        reaching.push_back(d);
        if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
    }
    if (values.size() <= 1) return values.empty() ? kNone : values.front();
    if (auto it = phis_.find(reaching); it != phis_.end()) return it->second;
    // Several definitions reach: a phi, one node the reaching values flow into.
    const SourcePos p = pos(reference->getLocation());
    const std::string fn = entities_.function_name();
    const std::string name = reference->getDecl()->getNameAsString();
    const std::string at = SourcePositions::line_col(p);
    const EntityId id = entities_.add_entity(
        NodeKind::Local, "tu:phi:" + fn + ":" + name + "@" + at + "#" + std::to_string(ir().entities.size()),
        fn + "::" + name + "@phi:" + at, fn, p, true);
    const TermId phi = terms().entity(id, "", p);
    phis_.emplace(reaching, phi);
    for (TermId v : values) add_assign(v, phi, reference->getLocation());
    return phi;
}

TermId LocalValues::define(const clang::Expr* site) {
    const DefinitionId d = locals()->definition_at(site);
    return d == LocalDefinitions::kNoDefinition ? kNone : version(d);
}

}  // namespace galias::frontend::detail
