// Conditions an `if` repeats from an earlier one (frontend/translator_conditions.hpp).
#include "frontend/translator_conditions.hpp"

#include <algorithm>
#include <vector>

#include "frontend/statement_walk.hpp"

namespace galias::frontend::detail {

namespace {

// The variables a condition reads, when it reads nothing else: locals and parameters, with
// no call, no assignment and no memory access but, with `fields`, a member of a struct a local
// or a parameter names or points to (`pTab->bStat1`, its field added to `fields`); false
// otherwise.
bool stable_reads(const clang::Stmt* s, std::vector<const clang::VarDecl*>& vars,
                  std::vector<const clang::ValueDecl*>* fields = nullptr) {
    if (s == nullptr) return true;
    if (const auto* member = llvm::dyn_cast<clang::MemberExpr>(s); member != nullptr && fields != nullptr) {
        const auto* base = llvm::dyn_cast<clang::DeclRefExpr>(member->getBase()->IgnoreParenImpCasts());
        if (base == nullptr) return false;
        fields->push_back(member->getMemberDecl());
        return stable_reads(base, vars, fields);
    }
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        if (var == nullptr) return llvm::isa<clang::EnumConstantDecl>(ref->getDecl());
        if (!var->hasLocalStorage() || var->getType().isVolatileQualified()) return false;
        vars.push_back(var);
        return true;
    }
    if (llvm::isa<clang::CallExpr>(s) || llvm::isa<clang::MemberExpr>(s) ||
        llvm::isa<clang::ArraySubscriptExpr>(s) || llvm::isa<clang::StmtExpr>(s))
        return false;
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(s);
        unary != nullptr && (unary->getOpcode() == clang::UO_Deref || unary->isIncrementDecrementOp()))
        return false;
    if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(s);
        binary != nullptr && binary->isAssignmentOp())
        return false;
    for (const clang::Stmt* child : s->children()) {
        if (!stable_reads(child, vars, fields)) return false;
    }
    return true;
}

}  // namespace

const clang::IfStmt* RepeatedConditions::enclosing_if(const clang::Stmt* s) {
    for (const clang::Stmt *node = s, *parent = parent_of(s); parent != nullptr;
         node = parent, parent = parent_of(node)) {
        const auto* branch = llvm::dyn_cast<clang::IfStmt>(parent);
        if (branch != nullptr && branch->getCond() != node) return branch;
    }
    return nullptr;
}

bool RepeatedConditions::in_then(const clang::IfStmt* branch, const clang::Stmt* s) {
    for (const clang::Stmt* node = s; node != nullptr; node = parent_of(node)) {
        if (node == branch->getThen()) return true;
        if (node == branch) return false;
    }
    return false;
}

bool RepeatedConditions::repeats_condition(const clang::IfStmt* earlier, const clang::IfStmt* later,
                                           bool fields) {
    if (earlier == later || !before(earlier->getEndLoc(), later->getBeginLoc()) ||
        loop_of(earlier) != loop_of(later))
        return false;
    std::vector<const clang::VarDecl*> vars;
    std::vector<const clang::ValueDecl*> members;
    if (!stable_reads(later->getCond(), vars, fields ? &members : nullptr)) return false;
    llvm::FoldingSetNodeID condition;
    later->getCond()->IgnoreParenImpCasts()->Profile(condition, ast(), true);
    llvm::FoldingSetNodeID same;
    earlier->getCond()->IgnoreParenImpCasts()->Profile(same, ast(), true);
    if (same != condition) return false;
    // Nothing the condition reads is written after the earlier if begins.
    const bool unwritten =
        for_each_statement(function().decl->getBody(), Operands::All, [&](const clang::Stmt* t) {
            const clang::Expr* written = nullptr;
            if (const auto* assign = llvm::dyn_cast<clang::BinaryOperator>(t);
                assign && assign->isAssignmentOp())
                written = assign->getLHS();
            if (const auto* step = llvm::dyn_cast<clang::UnaryOperator>(t)) {
                if (step->isIncrementDecrementOp() || step->getOpcode() == clang::UO_AddrOf)
                    written = step->getSubExpr();
            }
            if (written == nullptr || before(t->getBeginLoc(), earlier->getBeginLoc())) return true;
            written = written->IgnoreParenImpCasts();
            const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(written);
            if (ref != nullptr && std::find(vars.begin(), vars.end(), ref->getDecl()) != vars.end())
                return false;
            const auto* member = llvm::dyn_cast<clang::MemberExpr>(written);
            return member == nullptr ||
                   std::find(members.begin(), members.end(), member->getMemberDecl()) == members.end();
        });
    if (!unwritten) return false;
    return true;
}

bool RepeatedConditions::before(clang::SourceLocation a, clang::SourceLocation b) const {
    return sm().isBeforeInTranslationUnit(sm().getFileLoc(a), sm().getFileLoc(b));
}

const clang::Stmt* RepeatedConditions::loop_of(const clang::Stmt* s) {
    for (const clang::Stmt* p = parent_of(s); p != nullptr; p = parent_of(p)) {
        if (llvm::isa<clang::ForStmt>(p) || llvm::isa<clang::WhileStmt>(p) || llvm::isa<clang::DoStmt>(p))
            return p;
    }
    return nullptr;
}

}  // namespace galias::frontend::detail
