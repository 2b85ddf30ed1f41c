#include "frontend/tu_translator.hpp"

#include <clang/AST/DeclCXX.h>

#include "frontend/symbol_references.hpp"
#include "frontend/translator.hpp"

namespace galias::frontend {
namespace detail {

void Translator::translate_declarations(const clang::DeclContext* dc) {
    for (const clang::Decl* decl : dc->decls()) {
        if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
            if (fd->doesThisDeclarationHaveABody()) translate_function(fd);
        } else if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(decl)) {
            if (EntityTable::external(vd) &&
                vd->isThisDeclarationADefinition() != clang::VarDecl::DeclarationOnly) {
                ir().defined_variables.push_back(external_variable_key(vd->getNameAsString()));
            }
            if (vd->hasInit()) {
                function().index = kNone;
                initialize(entities_.entity_term(vd), vd->getType(), vd->getInit());
            }
        } else if (const auto* linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(decl)) {
            translate_declarations(linkage);
        }
    }
}

void Translator::translate_function(const clang::FunctionDecl* fd) {
    function() = FunctionState{};
    function().decl = fd;
    function().index = entities_.function_for(fd);
    const std::string fn = fd->getNameAsString();
    // Re-read the signature from the definition (an earlier declaration may have had none).
    current().has_body = true;
    current().inline_only = fd->isInlined() && !fd->isInlineDefinitionExternallyVisible();
    current().param_count = fd->getNumParams();
    current().variadic = fd->isVariadic();
    current().has_prototype = fd->hasPrototype();
    current().signature = types().signature(fd->getType()->getAs<clang::FunctionType>());
    current().restrict_params.clear();
    current().read_only_params.clear();
    current().params.clear();
    current().param_aggregate.clear();
    for (const clang::ParmVarDecl* param : fd->parameters()) {
        current().restrict_params.push_back(param->getType().isRestrictQualified());
        current().read_only_params.push_back(points_to_const(param->getType()));
        const bool pointer = may_hold_pointer(param->getType());
        current().params.push_back(pointer ? entities_.entity_term(param) : kNone);
        current().param_aggregate.push_back(pointer && is_struct_or_union(param->getType()));
    }
    const clang::QualType ret = fd->getReturnType();
    if (may_hold_pointer(ret)) {
        const SourcePos p = pos(fd->getLocation());
        const EntityId id = entities_.add_entity(NodeKind::Return, EntityTable::function_key(fd) + ":return",
                                                 fn + "::return", fn, p, true);
        current().return_value = terms().entity(id, "", p);
        current().return_aggregate = is_struct_or_union(ret);
    }
    if (fd->isVariadic()) {
        const SourcePos p = pos(fd->getLocation());
        const EntityId id = entities_.add_entity(NodeKind::Param, EntityTable::function_key(fd) + ":varargs",
                                                 fn + "::...", fn, p, true);
        current().varargs = terms().entity(id, "", p);
    }
    function().locals = std::make_unique<LocalDefinitions>(fd, ast(), [this](const clang::VarDecl* var) {
        return may_hold_pointer(var->getType()) && !is_aggregate(var->getType());
    });
    local_values_.begin_function();
    addresses_.begin_function();
    forwarding_.begin_function();
    memory_.begin_function();
    statement(fd->getBody());
    forwarding_.forward_field_arguments();
    memory_.finish_frame_stores();
    lifetimes_.finish_lifetimes();
    function() = FunctionState{};
}

void Translator::statement(const clang::Stmt* s) {
    if (s == nullptr) return;
    if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) {
        effects(e);
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
                effects(ret);
            } else if (current().return_aggregate) {
                context().copy_aggregate(place(ret), current().return_value, ret->getType(),
                                         ret->getExprLoc());
            } else {
                add_assign(value(ret), current().return_value, ret->getExprLoc());
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

void Translator::initialize(TermId dst, clang::QualType type, const clang::Expr* init) {
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
                    initialize(member_of(dst, field), field->getType(), list->getInit(0));
                return;
            }
            unsigned index = 0;
            for (const clang::FieldDecl* field : decl->fields()) {
                if (field->isUnnamedBitfield()) continue;  // has no initializer of its own
                if (index >= list->getNumInits()) break;
                initialize(member_of(dst, field), field->getType(), list->getInit(index++));
            }
            return;
        }
        if (list->getNumInits() > 0) initialize(dst, type, list->getInit(0));  // int *p = { &x };
        return;
    }
    if (llvm::isa<clang::ImplicitValueInitExpr>(init) || llvm::isa<clang::StringLiteral>(init)) return;
    if (is_struct_or_union(type)) {
        context().copy_aggregate(place(init), dst, type, init->getExprLoc());
    } else if (may_hold_pointer(type)) {
        add_assign(value(init), dst, init->getExprLoc());
    } else {
        effects(init);
    }
}

}  // namespace detail

TranslationUnitIr translate_translation_unit(clang::ASTContext& context, const std::string& main_file,
                                             const TranslateOptions& options) {
    TranslationUnitIr ir;
    ir.file = main_file;
    detail::TranslationContext shared(context, options, ir);
    detail::Translator translator(shared);
    translator.translate_declarations(context.getTranslationUnitDecl());
    ir.referenced_variables = referenced_variables(context);
    return ir;
}

}  // namespace galias::frontend
