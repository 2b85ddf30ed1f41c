#pragma once
// The values of the tracked locals in SSA form (part of the AST translator,
// frontend/translator.hpp; local_definitions.hpp says which locals are tracked): a tracked
// variable has one term per definition, and a read is the term of the definition reaching
// it, or a phi of several.

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <map>
#include <unordered_map>
#include <vector>

#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"

namespace galias::frontend::detail {

class LocalValues : private TranslatorPart {
public:
    LocalValues(TranslationContext& context, EntityTable& entities)
        : TranslatorPart(context), entities_(entities) {}

    // Forgets the terms of the previous function's definitions.
    void begin_function();

    // The term of one definition (kNone for a declaration without initializer). A variable
    // assigned once keeps its own name; otherwise each definition is `f::p@LINE:COL`.
    TermId version(DefinitionId definition);
    // The value a read of a tracked variable sees.
    TermId read(const clang::DeclRefExpr* reference);
    // The term an assignment or increment of a tracked variable defines.
    TermId define(const clang::Expr* site);

private:
    // The definitions of a variable that give it a value (not a bare declaration).
    [[nodiscard]] std::size_t value_definitions(const clang::VarDecl* var) const;

    EntityTable& entities_;
    std::unordered_map<DefinitionId, TermId> versions_;
    std::map<std::vector<DefinitionId>, TermId> phis_;
};

}  // namespace galias::frontend::detail
