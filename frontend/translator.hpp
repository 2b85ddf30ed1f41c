#pragma once
// The AST translator's class, shared by its source files (internal to frontend/):
//   tu_translator.cpp           declarations, functions, statements, initializers, entities
//   translator_expressions.cpp  places and values of expressions, casts, operators
//   translator_calls.cpp        call sites, builtins, atomics
//   translator_addresses.cpp    where call arguments point (argument addresses)
//   translator_memory.cpp       released pointers' guards and steps, frame stores
//   translator_lifetimes.cpp    the uses of values after calls that may release them
// The entry point is translate_translation_unit() (tu_translator.hpp).

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/translator_addresses.hpp"
#include "frontend/translator_arguments.hpp"
#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"
#include "frontend/translator_escape.hpp"
#include "frontend/translator_forwarding.hpp"
#include "frontend/translator_lifetimes.hpp"
#include "frontend/translator_locals.hpp"
#include "frontend/translator_memory.hpp"
#include "frontend/translator_sums.hpp"

namespace galias::frontend::detail {

// Walks one TU. Expressions are evaluated in two ways:
//   place(e)  the location an lvalue denotes: an Entity term (variable or field path) or a
//             Deref term; also used for aggregates (structs and unions), whose "value" is
//             the location holding them.
//   value(e)  the term holding a pointer-valued rvalue; kNone when e holds no pointer.
// Both evaluate side effects of subexpressions (assignments, calls) on the way.
class Translator : private TranslatorPart {
public:
    explicit Translator(TranslationContext& context)
        : TranslatorPart(context),
          entities_(context),
          local_values_(context, entities_),
          sums_(context, addresses_),
          addresses_(context, entities_, sums_, forwarding_),
          forwarding_(context, addresses_),
          escape_(context, addresses_),
          arguments_(context, addresses_, sums_, escape_),
          conditions_(context),
          memory_(context, addresses_, forwarding_, conditions_),
          lifetimes_(context, addresses_, forwarding_) {}

    void translate_declarations(const clang::DeclContext* dc);

private:
    void translate_function(const clang::FunctionDecl* fd);

    // ---------------------------------------------------------------- statements

    void statement(const clang::Stmt* s);

    // Initializes the location `dst` (of `type`) from `init`, descending into braces.
    void initialize(TermId dst, clang::QualType type, const clang::Expr* init);

    // ---------------------------------------------------------------- expressions

    // Evaluates `e` for its side effects only.
    void effects(const clang::Expr* e);

    // A pure expression moves no pointer, but a pointer cast to an integer inside it is a
    // pointer value leaving what is tracked: report it like value() would.
    void report_pointer_to_int_casts(const clang::Stmt* s);

    void effects_of_children(const clang::Expr* e);

    // Records that the part of a variable at `location` escapes (its address is taken) or
    // holds a union (docs/FACTS.md, "Fields through pointers"); nothing for locations reached through
    // pointers.
    void collapse(TermId location, CollapseKind kind);

    // &place: the pointer to a location. Taking the address of an aggregate part of a
    // variable lets pointers reach its fields (CollapseKind::Escaped).
    TermId address_of(TermId location, clang::QualType type);

    // The field `field` of the location `base` (a.f, p->f): a longer path in a variable, a
    // Member term under a dereference. A union member shares its union's storage.
    TermId member_of(TermId base, const clang::FieldDecl* field);

    TermId deref(TermId pointer, clang::SourceLocation loc);

    TermId place(const clang::Expr* e);

    TermId value_of_aggregate_or_lvalue(const clang::Expr* e);

    TermId compound_literal(const clang::CompoundLiteralExpr* e);

    TermId opaque(const clang::OpaqueValueExpr* e);

    // A fresh temporary receiving each of `branches` (used by ?: and a ?: b).
    TermId join(const clang::Expr* e, std::initializer_list<const clang::Expr*> branches);

    TermId value(const clang::Expr* e);

    TermId cast(const clang::CastExpr* e);

    TermId unary(const clang::UnaryOperator* e);

    TermId binary(const clang::BinaryOperator* e);

    // Arithmetic on integers that may hold a pointer (--integer-pointers): alignment masks,
    // offsets and tags keep the pointer's target, so the result holds what the tracked
    // operands hold. The difference of two pointers is an offset, not a pointer.
    TermId integer_arithmetic(const clang::BinaryOperator* e);

    // The atomic builtins that move pointers: loads, stores and exchanges through `ptr`.
    TermId atomic(const clang::AtomicExpr* e);

    // Builtins that are not functions of their own: evaluated here, never call sites.
    // Returns true (and sets `result`) when `call` is one of them.
    bool builtin(const clang::CallExpr* call, unsigned id, TermId& result);

    CallValue call_value(const clang::Expr* arg);

    // memcpy(&b, &a, n) and the other library copies: between two struct types, their
    // overlapping fields are one (FieldTable::convert); between buffers of characters or
    // numbers, the copy moves no pointer (CallSite::copies_bytes_only).
    void copied_types(const clang::CallExpr* e, const clang::FunctionDecl* callee, CallSite& site);

    TermId call(const clang::CallExpr* e, bool want_value);
    // Where a call is reported (CallSite::begin, end, macro).
    void call_range(const clang::CallExpr* e, CallSite& site);

    EntityTable entities_;
    LocalValues local_values_;

    IntegerSums sums_;
    SymbolicAddresses addresses_;
    StoreForwarding forwarding_;
    BlockEscape escape_;
    ArgumentAddresses arguments_;
    RepeatedConditions conditions_;
    MemoryFacts memory_;
    Lifetimes lifetimes_;

    std::unordered_map<const clang::OpaqueValueExpr*, TermId> opaque_values_;
};

}  // namespace galias::frontend::detail
