#pragma once
// A walk over every statement and expression of a function body, for the translator's parts
// that look for a kind of statement anywhere in it (stores, uses, writes, reads).

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <vector>

namespace galias::frontend {

// Whether the walk enters the operand of sizeof and _Alignof, which is not evaluated.
enum class Operands { All, Evaluated };

// Calls visit(s) for every statement of `body`, a parent before its children (depth first,
// the last child first); visit returns false to stop the walk. With Operands::Evaluated a
// sizeof or _Alignof and its operand are passed over. Returns false when visit stopped it.
template <class Visit>
bool for_each_statement(const clang::Stmt* body, Operands operands, Visit&& visit) {
    std::vector<const clang::Stmt*> work{body};
    while (!work.empty()) {
        const clang::Stmt* s = work.back();
        work.pop_back();
        if (operands == Operands::Evaluated && llvm::isa<clang::UnaryExprOrTypeTraitExpr>(s)) continue;
        for (const clang::Stmt* child : s->children()) {
            if (child != nullptr) work.push_back(child);
        }
        if (!visit(s)) return false;
    }
    return true;
}

}  // namespace galias::frontend
