#include "frontend/branch_tests.hpp"

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>

namespace galias::frontend {

const clang::VarDecl* plain_variable(const clang::Expr* e) {
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref == nullptr ? nullptr : llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
}

namespace {

// The variable `e` reads, or assigns in `(v = e)`: its value is what a test sees.
const clang::VarDecl* tested_variable(const clang::Expr* e) {
    e = e->IgnoreParenImpCasts();
    if (const auto* assign = llvm::dyn_cast<clang::BinaryOperator>(e);
        assign != nullptr && assign->getOpcode() == clang::BO_Assign)
        e = assign->getLHS();
    return plain_variable(e);
}

}  // namespace

const clang::Expr* block_condition(const clang::CFGBlock& block) {
    if (block.succ_size() != 2) return nullptr;
    const clang::Stmt* terminator = block.getTerminatorStmt();
    if (terminator == nullptr) return nullptr;
    const clang::Expr* condition = nullptr;
    switch (terminator->getStmtClass()) {
        case clang::Stmt::IfStmtClass:
            condition = llvm::cast<clang::IfStmt>(terminator)->getCond();
            break;
        case clang::Stmt::WhileStmtClass:
            condition = llvm::cast<clang::WhileStmt>(terminator)->getCond();
            break;
        case clang::Stmt::DoStmtClass:
            condition = llvm::cast<clang::DoStmt>(terminator)->getCond();
            break;
        case clang::Stmt::ForStmtClass:
            condition = llvm::cast<clang::ForStmt>(terminator)->getCond();
            break;
        case clang::Stmt::ConditionalOperatorClass:
            condition = llvm::cast<clang::ConditionalOperator>(terminator)->getCond();
            break;
        case clang::Stmt::BinaryOperatorClass: {
            const auto* logical = llvm::cast<clang::BinaryOperator>(terminator);
            if (!logical->isLogicalOp()) return nullptr;
            condition = logical->getLHS();
            break;
        }
        default:
            return nullptr;
    }
    // The block of a whole `a && b` condition evaluates its last operand only.
    while (condition != nullptr) {
        const auto* logical = llvm::dyn_cast<clang::BinaryOperator>(condition->IgnoreParenImpCasts());
        if (logical == nullptr || !logical->isLogicalOp()) break;
        condition = logical->getRHS();
    }
    return condition;
}

std::optional<std::int64_t> constant_value(const clang::Expr* e, clang::ASTContext& context) {
    if (e == nullptr || e->isValueDependent()) return std::nullopt;
    if (e->getType()->isPointerType() || e->getType()->isNullPtrType()) {
        if (e->IgnoreParenCasts()->isNullPointerConstant(context, clang::Expr::NPC_ValueDependentIsNotNull) !=
            clang::Expr::NPCK_NotNull)
            return 0;
        return std::nullopt;
    }
    clang::Expr::EvalResult result;
    if (!e->getType()->isIntegralOrEnumerationType() || !e->EvaluateAsInt(result, context))
        return std::nullopt;
    const llvm::APSInt& v = result.Val.getInt();
    if (v.getMinSignedBits() > 64) return std::nullopt;
    return v.getExtValue();
}

std::optional<VariableTest> variable_test(const clang::Expr* condition, clang::ASTContext& context) {
    if (condition == nullptr) return std::nullopt;
    const clang::Expr* e = condition->IgnoreParenImpCasts();
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e);
        unary != nullptr && unary->getOpcode() == clang::UO_LNot) {
        std::optional<VariableTest> inner = variable_test(unary->getSubExpr(), context);
        if (inner) inner->equal = !inner->equal;
        return inner;
    }
    if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(e);
        binary != nullptr && (binary->getOpcode() == clang::BO_EQ || binary->getOpcode() == clang::BO_NE)) {
        const clang::VarDecl* var = tested_variable(binary->getLHS());
        std::optional<std::int64_t> value = constant_value(binary->getRHS(), context);
        if (var == nullptr || !value) {
            var = tested_variable(binary->getRHS());
            value = constant_value(binary->getLHS(), context);
        }
        if (var == nullptr || !value ||
            !(var->getType()->isPointerType() || var->getType()->isIntegralOrEnumerationType()))
            return std::nullopt;
        return VariableTest{var, *value, binary->getOpcode() == clang::BO_EQ};
    }
    if (const clang::VarDecl* var = tested_variable(e)) {
        const clang::QualType type = var->getType();
        if (type->isPointerType() || type->isIntegralOrEnumerationType())
            return VariableTest{var, 0, false};  // `if (v)`: v != 0
    }
    return std::nullopt;
}

}  // namespace galias::frontend
