#pragma once
// Call sites, the builtins that are not calls, and atomic operations (part of the AST
// translator, frontend/translator.hpp).

#include <clang/AST/Expr.h>

#include "frontend/translator_arguments.hpp"
#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"
#include "frontend/translator_memory.hpp"

namespace galias::frontend::detail {

class ExpressionTranslator;

class CallTranslator : private TranslatorPart {
public:
    CallTranslator(TranslationContext& context, EntityTable& entities, ExpressionTranslator& expressions,
                   ArgumentAddresses& arguments, MemoryFacts& memory)
        : TranslatorPart(context),
          entities_(entities),
          expressions_(expressions),
          arguments_(arguments),
          memory_(memory) {}

    // The call site of `e` (its value's term when `want_value` and it may hold a pointer).
    TermId call(const clang::CallExpr* e, bool want_value);
    // The atomic builtins that move pointers: loads, stores and exchanges through `ptr`.
    TermId atomic(const clang::AtomicExpr* e);

private:
    // Builtins that are not functions of their own: evaluated here, never call sites.
    // Returns true (and sets `result`) when `call` is one of them.
    bool builtin(const clang::CallExpr* call, unsigned id, TermId& result);
    // The callee and its parameters: a function of the program, or what a function pointer
    // of this type may call.
    void describe_callee(const clang::CallExpr* e, CallSite& site);
    CallValue call_value(const clang::Expr* arg);
    // memcpy(&b, &a, n) and the other library copies: between two struct types, their
    // overlapping fields are one (FieldTable::convert); between buffers of characters or
    // numbers, the copy moves no pointer (CallSite::copies_bytes_only).
    void copied_types(const clang::CallExpr* e, const clang::FunctionDecl* callee, CallSite& site);
    // Where a call is reported (CallSite::begin, end, macro).
    void call_range(const clang::CallExpr* e, CallSite& site);

    EntityTable& entities_;
    ExpressionTranslator& expressions_;
    ArgumentAddresses& arguments_;
    MemoryFacts& memory_;
};

}  // namespace galias::frontend::detail
