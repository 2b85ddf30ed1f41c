// The AST translator's walk over a translation unit (frontend/translator.hpp).
#include "frontend/translator.hpp"

#include <clang/AST/DeclCXX.h>

namespace galias::frontend::detail {

void Translator::translate_declarations(const clang::DeclContext* dc) {
    for (const clang::Decl* decl : dc->decls()) {
        if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
            if (fd->doesThisDeclarationHaveABody()) translate_function(fd);
        } else if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(decl)) {
            if (EntityTable::external(vd) &&
                vd->isThisDeclarationADefinition() != clang::VarDecl::DeclarationOnly) {
                ir().defined_variables.push_back(external_variable_key(vd->getNameAsString()));
            }
            if (vd->hasInit())
                statements_.initialize(entities_.entity_term(vd), vd->getType(), vd->getInit());
        } else if (const auto* linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(decl)) {
            translate_declarations(linkage);
        }
    }
}

void Translator::translate_function(const clang::FunctionDecl* fd) {
    function() = FunctionState{};
    function().decl = fd;
    function().index = entities_.function_for(fd);
    describe_definition(fd);
    function().locals = std::make_unique<LocalDefinitions>(fd, ast(), [this](const clang::VarDecl* var) {
        return may_hold_pointer(var->getType()) && !is_aggregate(var->getType());
    });
    begin_function();
    statements_.statement(fd->getBody());
    // What needs the whole body: every store's value and every call's number.
    forwarding_.forward_field_arguments();
    memory_.finish_frame_stores();
    lifetimes_.finish_lifetimes();
    function() = FunctionState{};
}

void Translator::describe_definition(const clang::FunctionDecl* fd) {
    const std::string fn = fd->getNameAsString();
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
}

void Translator::begin_function() {
    local_values_.begin_function();
    addresses_.begin_function();
    forwarding_.begin_function();
    memory_.begin_function();
}

}  // namespace galias::frontend::detail
