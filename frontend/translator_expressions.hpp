#pragma once
// The places and values of C expressions (part of the AST translator,
// frontend/translator.hpp). An expression is evaluated in one of two ways:
//   place(e)  the location an lvalue denotes: an Entity term (variable or field path) or a
//             Deref term; also used for aggregates (structs and unions), whose "value" is
//             the location holding them.
//   value(e)  the term holding a pointer-valued rvalue; kNone when e holds no pointer.
// Both evaluate side effects of subexpressions (assignments, calls) on the way.

#include <clang/AST/Expr.h>

#include <initializer_list>
#include <unordered_map>

#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"
#include "frontend/translator_locals.hpp"
#include "frontend/translator_memory.hpp"

namespace galias::frontend::detail {

class CallTranslator;
class StatementTranslator;

class ExpressionTranslator : private TranslatorPart {
public:
    ExpressionTranslator(TranslationContext& context, EntityTable& entities, LocalValues& local_values,
                         StatementTranslator& statements, CallTranslator& calls, MemoryFacts& memory)
        : TranslatorPart(context),
          entities_(entities),
          local_values_(local_values),
          statements_(statements),
          calls_(calls),
          memory_(memory) {}

    TermId place(const clang::Expr* e);
    TermId value(const clang::Expr* e);
    // Evaluates `e` for its side effects only.
    void effects(const clang::Expr* e);
    void effects_of_children(const clang::Expr* e);

    // The field `field` of the location `base` (a.f, p->f): a longer path in a variable, a
    // Member term under a dereference. A union member shares its union's storage.
    TermId member_of(TermId base, const clang::FieldDecl* field);
    TermId deref(TermId pointer, clang::SourceLocation loc);

private:
    // A pure expression moves no pointer, but a pointer cast to an integer inside it is a
    // pointer value leaving what is tracked: report it like value() would.
    void report_pointer_to_int_casts(const clang::Stmt* s);

    // Records that the part of a variable at `location` escapes (its address is taken) or
    // holds a union (docs/FACTS.md, "Fields through pointers"); nothing for locations reached
    // through pointers.
    void collapse(TermId location, CollapseKind kind);

    // &place: the pointer to a location. Taking the address of an aggregate part of a
    // variable lets pointers reach its fields (CollapseKind::Escaped).
    TermId address_of(TermId location, clang::QualType type);

    TermId value_of_aggregate_or_lvalue(const clang::Expr* e);
    TermId compound_literal(const clang::CompoundLiteralExpr* e);
    TermId opaque(const clang::OpaqueValueExpr* e);
    // A fresh temporary receiving each of `branches` (used by ?: and a ?: b).
    TermId join(const clang::Expr* e, std::initializer_list<const clang::Expr*> branches);

    TermId cast(const clang::CastExpr* e);
    TermId unary(const clang::UnaryOperator* e);
    TermId binary(const clang::BinaryOperator* e);
    // Arithmetic on integers that may hold a pointer (--integer-pointers): alignment masks,
    // offsets and tags keep the pointer's target, so the result holds what the tracked
    // operands hold. The difference of two pointers is an offset, not a pointer.
    TermId integer_arithmetic(const clang::BinaryOperator* e);

    EntityTable& entities_;
    LocalValues& local_values_;
    StatementTranslator& statements_;
    CallTranslator& calls_;
    MemoryFacts& memory_;
    std::unordered_map<const clang::OpaqueValueExpr*, TermId> opaque_values_;
};

}  // namespace galias::frontend::detail
