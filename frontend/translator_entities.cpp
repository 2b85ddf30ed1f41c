#include "frontend/translator_entities.hpp"

namespace galias::frontend::detail {

EntityId EntityTable::add_entity(NodeKind kind, std::string key, std::string name, std::string function,
                                 SourcePos p, bool per_context) {
    ir().entities.push_back(
        Entity{kind, std::move(key), std::move(name), std::move(function), std::move(p), per_context});
    return static_cast<EntityId>(ir().entities.size() - 1);
}

std::string EntityTable::function_name() const {
    return function().decl != nullptr ? function().decl->getNameAsString() : std::string();
}

std::string EntityTable::function_key(const clang::FunctionDecl* fd) {
    return (external(fd) ? "ext:" : "tu:") + fd->getNameAsString();
}

EntityId EntityTable::entity_for(const clang::VarDecl* var) {
    var = var->getCanonicalDecl();
    if (auto it = entities_.find(var); it != entities_.end()) return it->second;
    const std::string name = var->getNameAsString();
    const SourcePos p = pos(var->getLocation());
    EntityId id = kNone;
    if (const auto* param = llvm::dyn_cast<clang::ParmVarDecl>(var)) {
        const auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(param->getDeclContext());
        const std::string fn = fd != nullptr ? fd->getNameAsString() : function_name();
        const unsigned index = param->getFunctionScopeIndex();
        const std::string key = fd != nullptr ? function_key(fd) + ":param#" + std::to_string(index)
                                              : "tu:param:" + name + "@" + SourcePositions::line_col(p);
        id = add_entity(NodeKind::Param, key, fn + "::" + (name.empty() ? "#" + std::to_string(index) : name),
                        fn, p, true);
    } else if (var->hasLocalStorage()) {
        const std::string fn = function_name();
        id = add_entity(NodeKind::Local, "tu:local:" + fn + ":" + name + "@" + SourcePositions::line_col(p),
                        fn + "::" + name, fn, p, true);
    } else if (var->isStaticLocal()) {
        const std::string fn = function_name();
        id = add_entity(NodeKind::Static, "tu:static:" + fn + ":" + name + "@" + SourcePositions::line_col(p),
                        fn + "::" + name, fn, p, false);
    } else if (external(var)) {
        id = add_entity(NodeKind::Global, external_variable_key(name), name, "", p, false);
    } else {
        id = add_entity(NodeKind::Static, "tu:static:" + name, base_name(p.file) + "::" + name, "", p, false);
    }
    describe_object(id, var);
    entities_.emplace(var, id);
    return id;
}

void EntityTable::describe_object(EntityId id, const clang::VarDecl* var) {
    // A struct variable or a table of records holds many separate parts; pointers into two
    // of them are no evidence of one buffer (reports' is_one_object).
    const clang::Type* type = var->getType().getCanonicalType().getTypePtr();
    while (type->isArrayType())
        type = type->getArrayElementTypeNoTypeQual()->getCanonicalTypeInternal().getTypePtr();
    ir().entities[id].compound = type->isRecordType();
    // A const object (a sentinel whose address is only compared, a table of constants) is
    // never written; a pointer that may point to it is not where a copy writes.
    ir().entities[id].constant = var->getType().isConstQualified() ||
                                 (var->getType()->isArrayType() &&
                                  ast().getAsArrayType(var->getType())->getElementType().isConstQualified());
    if (const clang::QualType whole = var->getType();
        !whole->isIncompleteType() && whole->isConstantSizeType())
        ir().entities[id].bytes = static_cast<std::uint64_t>(ast().getTypeSizeInChars(whole).getQuantity());
}

EntityId EntityTable::entity_for(const clang::FunctionDecl* fd) {
    fd = fd->getCanonicalDecl();
    if (auto it = entities_.find(fd); it != entities_.end()) return it->second;
    const std::string name = fd->getNameAsString();
    const EntityId id =
        add_entity(NodeKind::Function, function_key(fd) + ":fn", name, "", pos(fd->getLocation()), false);
    entities_.emplace(fd, id);
    return id;
}

std::uint32_t EntityTable::function_for(const clang::FunctionDecl* fd) {
    const clang::FunctionDecl* canonical = fd->getCanonicalDecl();
    if (auto it = functions_.find(canonical); it != functions_.end()) return it->second;
    Function f;
    f.entity = entity_for(fd);
    const clang::FunctionDecl* sig = fd->getDefinition() != nullptr ? fd->getDefinition() : fd;
    f.param_count = sig->getNumParams();
    f.variadic = sig->isVariadic();
    f.has_prototype = sig->hasPrototype();
    f.signature = types().signature(sig->getType()->getAs<clang::FunctionType>());
    for (const clang::ParmVarDecl* param : sig->parameters()) {
        f.restrict_params.push_back(param->getType().isRestrictQualified());
        f.read_only_params.push_back(points_to_const(param->getType()));
    }
    ir().functions.push_back(std::move(f));
    const auto index = static_cast<std::uint32_t>(ir().functions.size() - 1);
    functions_.emplace(canonical, index);
    return index;
}

TermId EntityTable::temporary(const char* what, clang::SourceLocation loc) {
    const SourcePos p = pos(loc);
    const std::string fn = function_name();
    const std::string name = fn.empty() ? std::string("$") + what + "@" + SourcePositions::file_line_col(p)
                                        : fn + "::$" + what + "@" + SourcePositions::line_col(p);
    const EntityId id = add_entity(NodeKind::Temp, "tu:tmp:" + std::to_string(ir().entities.size()), name, fn,
                                   p, function().index != kNone);
    return terms().entity(id, "", p);
}

TermId EntityTable::string_literal(const clang::Expr* e) {
    if (auto it = literals_.find(e); it != literals_.end()) return it->second;
    const SourcePos p = pos(e->getBeginLoc());
    const EntityId id = add_entity(NodeKind::String, "tu:str:" + std::to_string(ir().entities.size()),
                                   "str@" + SourcePositions::file_line_col(p), function_name(), p, false);
    const TermId term = terms().entity(id, "", p);
    literals_.emplace(e, term);
    return term;
}

std::optional<TermId> EntityTable::literal(const clang::Expr* e) const {
    const auto it = literals_.find(e);
    return it == literals_.end() ? std::nullopt : std::optional<TermId>(it->second);
}

}  // namespace galias::frontend::detail
