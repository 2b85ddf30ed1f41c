#pragma once
// The statements and initializers of a function (part of the AST translator,
// frontend/translator.hpp): declarations with initializers, returns, and the expressions the
// statements evaluate.

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"
#include "frontend/translator_locals.hpp"
#include "frontend/translator_memory.hpp"

namespace galias::frontend::detail {

class ExpressionTranslator;

class StatementTranslator : private TranslatorPart {
public:
    StatementTranslator(TranslationContext& context, EntityTable& entities, LocalValues& local_values,
                        ExpressionTranslator& expressions, MemoryFacts& memory)
        : TranslatorPart(context),
          entities_(entities),
          local_values_(local_values),
          expressions_(expressions),
          memory_(memory) {}

    void statement(const clang::Stmt* s);
    // Initializes the location `dst` (of `type`) from `init`, descending into braces.
    void initialize(TermId dst, clang::QualType type, const clang::Expr* init);

private:
    EntityTable& entities_;
    LocalValues& local_values_;
    ExpressionTranslator& expressions_;
    MemoryFacts& memory_;
};

}  // namespace galias::frontend::detail
