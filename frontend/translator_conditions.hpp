#pragma once
// Conditions an `if` repeats from an earlier one (part of the AST translator,
// frontend/translator.hpp): when two `if`s test the same condition over values nothing writes
// in between, every path takes the same branch at both, which the memory checks' guards use
// (translator_memory.hpp).

#include <clang/AST/Stmt.h>

#include "frontend/translator_context.hpp"

namespace galias::frontend::detail {

class RepeatedConditions : private TranslatorPart {
public:
    explicit RepeatedConditions(TranslationContext& context) : TranslatorPart(context) {}

    // Whether `later` tests the condition `earlier` tested, with the same outcome: the same
    // expression, reading only locals and parameters (with `fields`, also members of what they
    // name or point to) that nothing writes after `earlier` begins, both in one loop body.
    bool repeats_condition(const clang::IfStmt* earlier, const clang::IfStmt* later, bool fields);
    // The nearest `if` whose then or else branch holds `s` (not its condition).
    const clang::IfStmt* enclosing_if(const clang::Stmt* s);
    // Whether `s` is in the then branch of `branch`.
    bool in_then(const clang::IfStmt* branch, const clang::Stmt* s);

private:
    // Whether `a` comes before `b` in the translation unit.
    [[nodiscard]] bool before(clang::SourceLocation a, clang::SourceLocation b) const;
    // The innermost loop around `s`; null outside loops.
    const clang::Stmt* loop_of(const clang::Stmt* s);
};

}  // namespace galias::frontend::detail
