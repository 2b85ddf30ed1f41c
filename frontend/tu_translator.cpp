#include "frontend/tu_translator.hpp"

#include <clang/AST/DeclCXX.h>
#include <clang/Lex/Lexer.h>

#include "frontend/symbol_references.hpp"
#include "frontend/translator.hpp"

namespace galias::frontend {
namespace detail {

void Translator::translate_declarations(const clang::DeclContext* dc) {
    for (const clang::Decl* decl : dc->decls()) {
        if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
            if (fd->doesThisDeclarationHaveABody()) translate_function(fd);
        } else if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(decl)) {
            if (external(vd) && vd->isThisDeclarationADefinition() != clang::VarDecl::DeclarationOnly) {
                ir_.defined_variables.push_back(external_variable_key(vd->getNameAsString()));
            }
            if (vd->hasInit()) {
                current_ = kNone;
                initialize(entity_term(vd), vd->getType(), vd->getInit());
            }
        } else if (const auto* linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(decl)) {
            translate_declarations(linkage);
        }
    }
}

SourcePos Translator::pos(clang::SourceLocation loc) {
    if (loc.isInvalid()) return {};
    const clang::SourceLocation at = sm_.getExpansionLoc(loc);
    const clang::FileID fid = sm_.getFileID(at);
    auto it = file_names_.find(fid.getHashValue());
    if (it == file_names_.end()) {
        std::string name;
        if (const clang::FileEntry* entry = sm_.getFileEntryForID(fid)) {
            name = entry->tryGetRealPathName().str();
            if (name.empty()) name = entry->getName().str();
        } else {
            name = sm_.getBufferName(at).str();  // <built-in>, <command line>, <scratch space>
        }
        if (!name.empty() && name.front() != '<' && std::filesystem::path(name).is_relative()) {
            name = (std::filesystem::path(options_.directory) / name).lexically_normal().string();
        }
        it = file_names_.emplace(fid.getHashValue(), name).first;
    }
    return SourcePos{it->second, sm_.getExpansionLineNumber(at), sm_.getExpansionColumnNumber(at)};
}

SourcePos Translator::end_pos(clang::SourceLocation loc) {
    SourcePos p = pos(loc);
    const clang::SourceLocation at = sm_.getExpansionLoc(loc);
    const unsigned length = clang::Lexer::MeasureTokenLength(at, sm_, context_.getLangOpts());
    if (length > 1) p.column += length - 1;
    return p;
}

std::string Translator::line_col(const SourcePos& p) {
    return std::to_string(p.line) + ":" + std::to_string(p.column);
}

void Translator::unmodelled(const std::string& category, clang::SourceLocation loc, std::string detail) {
    facts::UnmodelledConstruct u{category, pos(loc), std::move(detail)};
    (current_ != kNone ? current().unmodelled : ir_.unmodelled).push_back(std::move(u));
}

EntityId Translator::add_entity(NodeKind kind, std::string key, std::string name, std::string function,
                                SourcePos p, bool per_context) {
    ir_.entities.push_back(
        Entity{kind, std::move(key), std::move(name), std::move(function), std::move(p), per_context});
    return static_cast<EntityId>(ir_.entities.size() - 1);
}

std::string Translator::function_name() const {
    return current_decl_ != nullptr ? current_decl_->getNameAsString() : std::string();
}

std::string Translator::function_key(const clang::FunctionDecl* fd) {
    return (external(fd) ? "ext:" : "tu:") + fd->getNameAsString();
}

EntityId Translator::entity_for(const clang::VarDecl* var) {
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
                                              : "tu:param:" + name + "@" + line_col(p);
        id = add_entity(NodeKind::Param, key, fn + "::" + (name.empty() ? "#" + std::to_string(index) : name),
                        fn, p, true);
    } else if (var->hasLocalStorage()) {
        const std::string fn = function_name();
        id = add_entity(NodeKind::Local, "tu:local:" + fn + ":" + name + "@" + line_col(p), fn + "::" + name,
                        fn, p, true);
    } else if (var->isStaticLocal()) {
        const std::string fn = function_name();
        id = add_entity(NodeKind::Static, "tu:static:" + fn + ":" + name + "@" + line_col(p),
                        fn + "::" + name, fn, p, false);
    } else if (external(var)) {
        id = add_entity(NodeKind::Global, external_variable_key(name), name, "", p, false);
    } else {
        id = add_entity(NodeKind::Static, "tu:static:" + name, base_name(p.file) + "::" + name, "", p, false);
    }
    // A struct variable or a table of records holds many separate parts; pointers into two
    // of them are no evidence of one buffer (reports' is_one_object).
    const clang::Type* type = var->getType().getCanonicalType().getTypePtr();
    while (type->isArrayType())
        type = type->getArrayElementTypeNoTypeQual()->getCanonicalTypeInternal().getTypePtr();
    ir_.entities[id].compound = type->isRecordType();
    // A const object (a sentinel whose address is only compared, a table of constants) is
    // never written; a pointer that may point to it is not where a copy writes.
    ir_.entities[id].constant =
        var->getType().isConstQualified() ||
        (var->getType()->isArrayType() &&
         context_.getAsArrayType(var->getType())->getElementType().isConstQualified());
    if (const clang::QualType whole = var->getType();
        !whole->isIncompleteType() && whole->isConstantSizeType())
        ir_.entities[id].bytes = static_cast<std::uint64_t>(context_.getTypeSizeInChars(whole).getQuantity());
    entities_.emplace(var, id);
    return id;
}

EntityId Translator::entity_for(const clang::FunctionDecl* fd) {
    fd = fd->getCanonicalDecl();
    if (auto it = entities_.find(fd); it != entities_.end()) return it->second;
    const std::string name = fd->getNameAsString();
    const EntityId id =
        add_entity(NodeKind::Function, function_key(fd) + ":fn", name, "", pos(fd->getLocation()), false);
    entities_.emplace(fd, id);
    return id;
}

TermId Translator::temporary(const char* what, clang::SourceLocation loc) {
    const SourcePos p = pos(loc);
    const std::string fn = function_name();
    const std::string name =
        fn.empty() ? std::string("$") + what + "@" + file_line_col(p) : fn + "::$" + what + "@" + line_col(p);
    const EntityId id = add_entity(NodeKind::Temp, "tu:tmp:" + std::to_string(ir_.entities.size()), name, fn,
                                   p, current_ != kNone);
    return terms().entity(id, "", p);
}

std::uint32_t Translator::function_for(const clang::FunctionDecl* fd) {
    const clang::FunctionDecl* canonical = fd->getCanonicalDecl();
    if (auto it = functions_.find(canonical); it != functions_.end()) return it->second;
    Function f;
    f.entity = entity_for(fd);
    // The definition's signature if there is one in this TU, else the first declaration.
    const clang::FunctionDecl* sig = fd->getDefinition() != nullptr ? fd->getDefinition() : fd;
    f.param_count = sig->getNumParams();
    f.variadic = sig->isVariadic();
    f.has_prototype = sig->hasPrototype();
    f.signature = signature(sig->getType()->getAs<clang::FunctionType>());
    for (const clang::ParmVarDecl* param : sig->parameters()) {
        f.restrict_params.push_back(param->getType().isRestrictQualified());
        f.read_only_params.push_back(points_to_const(param->getType()));
    }
    ir_.functions.push_back(std::move(f));
    const auto index = static_cast<std::uint32_t>(ir_.functions.size() - 1);
    functions_.emplace(canonical, index);
    return index;
}

void Translator::translate_function(const clang::FunctionDecl* fd) {
    current_decl_ = fd;
    current_ = function_for(fd);
    const std::string fn = fd->getNameAsString();
    // Re-read the signature from the definition (an earlier declaration may have had none).
    current().has_body = true;
    current().inline_only = fd->isInlined() && !fd->isInlineDefinitionExternallyVisible();
    current().param_count = fd->getNumParams();
    current().variadic = fd->isVariadic();
    current().has_prototype = fd->hasPrototype();
    current().signature = signature(fd->getType()->getAs<clang::FunctionType>());
    current().restrict_params.clear();
    current().read_only_params.clear();
    current().params.clear();
    current().param_aggregate.clear();
    for (const clang::ParmVarDecl* param : fd->parameters()) {
        current().restrict_params.push_back(param->getType().isRestrictQualified());
        current().read_only_params.push_back(points_to_const(param->getType()));
        const bool pointer = may_hold_pointer(param->getType());
        current().params.push_back(pointer ? entity_term(param) : kNone);
        current().param_aggregate.push_back(pointer && is_struct_or_union(param->getType()));
    }
    const clang::QualType ret = fd->getReturnType();
    if (may_hold_pointer(ret)) {
        const SourcePos p = pos(fd->getLocation());
        const EntityId id =
            add_entity(NodeKind::Return, function_key(fd) + ":return", fn + "::return", fn, p, true);
        current().return_value = terms().entity(id, "", p);
        current().return_aggregate = is_struct_or_union(ret);
    }
    if (fd->isVariadic()) {
        const SourcePos p = pos(fd->getLocation());
        const EntityId id =
            add_entity(NodeKind::Param, function_key(fd) + ":varargs", fn + "::...", fn, p, true);
        current().varargs = terms().entity(id, "", p);
    }
    locals_ = std::make_unique<LocalDefinitions>(fd, context_, [this](const clang::VarDecl* var) {
        return may_hold_pointer(var->getType()) && !is_aggregate(var->getType());
    });
    versions_.clear();
    phis_.clear();
    call_index_.clear();
    definition_addresses_.clear();
    parents_.clear();
    stores_.reset();
    body_calls_.reset();
    stored_terms_.clear();
    translated_calls_.clear();
    pending_frame_stores_.clear();
    statement(fd->getBody());
    forward_field_arguments();
    finish_frame_stores();
    finish_lifetimes();
    locals_.reset();
    current_ = kNone;
    current_decl_ = nullptr;
}

const clang::DeclRefExpr* Translator::tracked_reference(const clang::Expr* e) const {
    if (locals_ == nullptr || e == nullptr) return nullptr;
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParens());
    if (ref == nullptr) return nullptr;
    const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    return var != nullptr && locals_->tracked(var) ? ref : nullptr;
}

TermId Translator::version(DefinitionId definition) {
    if (auto it = versions_.find(definition); it != versions_.end()) return it->second;
    const LocalDefinition& d = locals_->definition(definition);
    TermId term = kNone;
    switch (d.kind) {
        case LocalDefinition::Kind::Uninit:
            break;
        case LocalDefinition::Kind::Entry:
            term = entity_term(d.var);  // the parameter itself receives the arguments
            break;
        case LocalDefinition::Kind::Init:
        case LocalDefinition::Kind::Assign:
        case LocalDefinition::Kind::Update:
            if (value_definitions(d.var) == 1) {
                term = entity_term(d.var);  // assigned once: the variable is its only value
            } else {
                const SourcePos p = pos(d.site != nullptr ? d.site->getBeginLoc() : d.var->getLocation());
                const std::string fn = function_name();
                const std::string name = d.var->getNameAsString();
                const EntityId id = add_entity(NodeKind::Local,
                                               "tu:local:" + fn + ":" + name + "@" + line_col(p) + "#" +
                                                   std::to_string(ir_.entities.size()),
                                               fn + "::" + name + "@" + line_col(p), fn, p, true);
                term = terms().entity(id, "", p);
            }
            break;
    }
    versions_.emplace(definition, term);
    return term;
}

std::size_t Translator::value_definitions(const clang::VarDecl* var) const {
    std::size_t n = 0;
    for (DefinitionId d : locals_->definitions_of(var)) {
        n += locals_->definition(d).kind != LocalDefinition::Kind::Uninit ? 1 : 0;
    }
    return n;
}

TermId Translator::read(const clang::DeclRefExpr* reference) {
    std::vector<DefinitionId> reaching;
    std::vector<TermId> values;
    for (DefinitionId d : locals_->reaching(reference)) {
        const TermId v = version(d);
        if (v == kNone) continue;  // not yet assigned on that path
        reaching.push_back(d);
        if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
    }
    if (values.size() <= 1) return values.empty() ? kNone : values.front();
    if (auto it = phis_.find(reaching); it != phis_.end()) return it->second;
    // Several definitions reach: a phi, one node the reaching values flow into.
    const SourcePos p = pos(reference->getLocation());
    const std::string fn = function_name();
    const std::string name = reference->getDecl()->getNameAsString();
    const EntityId id = add_entity(
        NodeKind::Local,
        "tu:phi:" + fn + ":" + name + "@" + line_col(p) + "#" + std::to_string(ir_.entities.size()),
        fn + "::" + name + "@phi:" + line_col(p), fn, p, true);
    const TermId phi = terms().entity(id, "", p);
    phis_.emplace(reaching, phi);
    for (TermId v : values) add_assign(v, phi, reference->getLocation());
    return phi;
}

TermId Translator::define(const clang::Expr* site) {
    const DefinitionId d = locals_->definition_at(site);
    return d == LocalDefinitions::kNoDefinition ? kNone : version(d);
}

void Translator::add_assign(TermId src, TermId dst, clang::SourceLocation loc) {
    if (src == kNone || dst == kNone || src == dst) return;
    Assign a{src, dst, pos(loc)};
    if (current_ != kNone) {
        current().assigns.push_back(std::move(a));
    } else {
        ir_.global_assigns.push_back(std::move(a));
    }
}

std::vector<Leaf> Translator::leaves_of(clang::QualType type) {
    std::vector<Leaf> leaves;
    for (PointerTypes::LeafDecl& leaf : types_.leaves_of(type)) {
        leaves.push_back(
            Leaf{std::move(leaf.path), leaf.field != nullptr ? fields_.field(leaf.field) : kNone});
    }
    return leaves;
}

void Translator::copy_aggregate(TermId src, TermId dst, clang::QualType type, clang::SourceLocation loc) {
    if (src == kNone || dst == kNone) return;
    for (const Leaf& leaf : leaves_of(type)) {
        add_assign(terms().extend(src, leaf), terms().extend(dst, leaf), loc);
    }
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
                const bool tracked = locals_ != nullptr && locals_->tracked(var);
                const TermId target =
                    tracked ? version(locals_->definition_of_declaration(var)) : entity_term(var);
                initialize(target, var->getType(), var->getInit());
            }
            return;
        case clang::Stmt::ReturnStmtClass: {
            const clang::Expr* ret = llvm::cast<clang::ReturnStmt>(s)->getRetValue();
            if (ret == nullptr) return;
            if (current_ == kNone || current().return_value == kNone) {
                effects(ret);
            } else if (current().return_aggregate) {
                copy_aggregate(place(ret), current().return_value, ret->getType(), ret->getExprLoc());
            } else {
                add_assign(value(ret), current().return_value, ret->getExprLoc());
                note_frame_store(ret, nullptr, kNone, ret);
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
        copy_aggregate(place(init), dst, type, init->getExprLoc());
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
    detail::Translator translator(context, options, ir);
    translator.translate_declarations(context.getTranslationUnitDecl());
    ir.referenced_variables = referenced_variables(context);
    return ir;
}

}  // namespace galias::frontend
