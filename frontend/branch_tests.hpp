#pragma once
// What the branch at the end of a control-flow block tests, when it compares a local with
// a constant: `if (!result)`, `while (r != 0)`, `p == NULL ? a : b`, each operand of `&&`
// and `||`. Two walks use it: the branches where a pointer is null (realloc's failure
// keeps the old block), and paths on which a test must go the way an earlier assignment or
// test of the same variable decided (a flag set on an error path and tested later).

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/Analysis/CFG.h>

#include <cstdint>
#include <optional>

namespace galias::frontend {

// "The condition is true exactly when (`var` == `value`) is `equal`."
struct VariableTest {
    const clang::VarDecl* var = nullptr;
    std::int64_t value = 0;
    bool equal = true;
};

// The expression whose truth picks a two-way block's first successor (true) or its second
// (false); nullptr for other blocks. For `if (a && b)` the block that evaluates `b` tests
// `b`: the operands of `&&` and `||` are blocks of their own.
const clang::Expr* block_condition(const clang::CFGBlock& block);

// The test `condition` makes of a variable (`v`, `!v`, `v == K`, `K != v`, `(v = e) == K`,
// with K an integer constant, an enumerator or a null pointer constant); none for others.
std::optional<VariableTest> variable_test(const clang::Expr* condition, clang::ASTContext& context);

// The variable `e` names (through parentheses and implicit casts), or nullptr.
const clang::VarDecl* plain_variable(const clang::Expr* e);

// The constant value of `e` (an integer, enumerator or null pointer constant), if it has one
// that fits 64 bits.
std::optional<std::int64_t> constant_value(const clang::Expr* e, clang::ASTContext& context);

}  // namespace galias::frontend
