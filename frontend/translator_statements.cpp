// The statements and initializers of a function (frontend/translator_statements.hpp).
#include "frontend/translator_statements.hpp"

#include "frontend/translator_expressions.hpp"

namespace galias::frontend::detail {

void StatementTranslator::statement(const clang::Stmt* s) {
    if (s == nullptr) return;
    if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) {
        expressions_.effects(e);
        return;
    }
    switch (s->getStmtClass()) {
        case clang::Stmt::DeclStmtClass:
            for (const clang::Decl* decl : llvm::cast<clang::DeclStmt>(s)->decls()) {
                const auto* var = llvm::dyn_cast<clang::VarDecl>(decl);
                if (var == nullptr || !var->hasInit()) continue;
                const bool tracked = locals() != nullptr && locals()->tracked(var);
                const TermId target = tracked
                                          ? local_values_.version(locals()->definition_of_declaration(var))
                                          : entities_.entity_term(var);
                initialize(target, var->getType(), var->getInit());
            }
            return;
        case clang::Stmt::ReturnStmtClass: {
            const clang::Expr* ret = llvm::cast<clang::ReturnStmt>(s)->getRetValue();
            if (ret == nullptr) return;
            if (function().index == kNone || current().return_value == kNone) {
                expressions_.effects(ret);
            } else if (current().return_aggregate) {
                context().copy_aggregate(expressions_.place(ret), current().return_value, ret->getType(),
                                         ret->getExprLoc());
            } else {
                add_assign(expressions_.value(ret), current().return_value, ret->getExprLoc());
                memory_.note_frame_store(ret, nullptr, kNone, ret);
            }
            return;
        }
        case clang::Stmt::GCCAsmStmtClass:
        case clang::Stmt::MSAsmStmtClass:
            unmodelled("inline-asm", s->getBeginLoc(), "asm statement (its effects on pointers are ignored)");
            return;
        default:
            for (const clang::Stmt* child : s->children()) statement(child);
    }
}

void StatementTranslator::initialize(TermId dst, clang::QualType type, const clang::Expr* init) {
    if (init == nullptr) return;
    init = init->IgnoreParens();
    if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(init)) {
        if (list->isSyntacticForm() && list->getSemanticForm() != nullptr) list = list->getSemanticForm();
        const clang::Type* t = type.getCanonicalType().getTypePtr();
        if (const auto* array = llvm::dyn_cast<clang::ArrayType>(t)) {
            for (const clang::Expr* element : list->inits())
                initialize(dst, array->getElementType(), element);
            return;
        }
        if (const auto* record = t->getAs<clang::RecordType>()) {
            const clang::RecordDecl* decl = record->getDecl()->getDefinition();
            if (decl == nullptr) return;
            if (decl->isUnion()) {
                const clang::FieldDecl* field = list->getInitializedFieldInUnion();
                if (field != nullptr && list->getNumInits() > 0)
                    initialize(expressions_.member_of(dst, field), field->getType(), list->getInit(0));
                return;
            }
            unsigned index = 0;
            for (const clang::FieldDecl* field : decl->fields()) {
                if (field->isUnnamedBitfield()) continue;  // has no initializer of its own
                if (index >= list->getNumInits()) break;
                initialize(expressions_.member_of(dst, field), field->getType(), list->getInit(index++));
            }
            return;
        }
        if (list->getNumInits() > 0) initialize(dst, type, list->getInit(0));  // int *p = { &x };
        return;
    }
    if (llvm::isa<clang::ImplicitValueInitExpr>(init) || llvm::isa<clang::StringLiteral>(init)) return;
    if (is_struct_or_union(type)) {
        context().copy_aggregate(expressions_.place(init), dst, type, init->getExprLoc());
    } else if (may_hold_pointer(type)) {
        add_assign(expressions_.value(init), dst, init->getExprLoc());
    } else {
        expressions_.effects(init);
    }
}

}  // namespace galias::frontend::detail
