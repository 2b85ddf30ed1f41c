#include "frontend/tu_translator.hpp"

#include "frontend/pointer_types.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/Builtins.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <filesystem>
#include <unordered_map>

namespace galias::frontend {

namespace {

using facts::NodeKind;
using facts::SourcePos;

std::string base_name(const std::string& file) { return std::filesystem::path(file).filename().string(); }

// Walks one TU. Expressions are evaluated in two ways:
//   place(e)  the location an lvalue denotes: an Entity term (variable or field path) or a
//             Deref term; also used for aggregates (structs and unions), whose "value" is
//             the location holding them.
//   value(e)  the term holding a pointer-valued rvalue; kNone when e holds no pointer.
// Both evaluate side effects of subexpressions (assignments, calls) on the way.
class Translator {
public:
    Translator(clang::ASTContext& context, const TranslateOptions& options, TranslationUnitIr& ir)
        : context_(context), sm_(context.getSourceManager()), options_(options), ir_(ir),
          types_(context, options.integer_pointers) {}

    void translate_declarations(const clang::DeclContext* dc) {
        for (const clang::Decl* decl : dc->decls()) {
            if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
                if (fd->doesThisDeclarationHaveABody()) translate_function(fd);
            } else if (const auto* vd = llvm::dyn_cast<clang::VarDecl>(decl)) {
                if (vd->hasInit()) {
                    current_ = kNone;
                    initialize(entity_term(vd), vd->getType(), vd->getInit());
                }
            } else if (const auto* linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(decl)) {
                translate_declarations(linkage);
            }
        }
    }

private:
    // ---------------------------------------------------------------- positions and names

    SourcePos pos(clang::SourceLocation loc) {
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

    // Position of the last character of the token at `loc`.
    SourcePos end_pos(clang::SourceLocation loc) {
        SourcePos p = pos(loc);
        const clang::SourceLocation at = sm_.getExpansionLoc(loc);
        const unsigned length = clang::Lexer::MeasureTokenLength(at, sm_, context_.getLangOpts());
        if (length > 1) p.column += length - 1;
        return p;
    }

    static std::string line_col(const SourcePos& p) {
        return std::to_string(p.line) + ":" + std::to_string(p.column);
    }
    static std::string file_line_col(const SourcePos& p) { return base_name(p.file) + ":" + line_col(p); }

    void unmodelled(const std::string& category, clang::SourceLocation loc, std::string detail) {
        facts::UnmodelledConstruct u{category, pos(loc), std::move(detail)};
        (current_ != kNone ? current().unmodelled : ir_.unmodelled).push_back(std::move(u));
    }

    // ---------------------------------------------------------------- types

    bool may_hold_pointer(clang::QualType type) { return types_.may_hold_pointer(type); }
    static bool is_aggregate(clang::QualType type) { return PointerTypes::is_aggregate(type); }
    static bool is_struct_or_union(clang::QualType type) { return PointerTypes::is_struct_or_union(type); }
    static std::string field_component(const clang::FieldDecl* field) { return PointerTypes::field_component(field); }
    std::vector<std::string> leaves_of(clang::QualType type) { return types_.leaves_of(type); }
    std::string signature(const clang::FunctionType* type) { return types_.signature(type); }

    // ---------------------------------------------------------------- entities

    EntityId add_entity(NodeKind kind, std::string key, std::string name, std::string function, SourcePos p,
                        bool per_context) {
        ir_.entities.push_back(Entity{kind, std::move(key), std::move(name), std::move(function), std::move(p),
                                      per_context});
        return static_cast<EntityId>(ir_.entities.size() - 1);
    }

    static bool external(const clang::NamedDecl* decl) { return decl->isExternallyVisible(); }

    std::string function_name() const {
        return current_decl_ != nullptr ? current_decl_->getNameAsString() : std::string();
    }

    // The key prefix for entities that belong to function `fd`: linked across TUs when the
    // function has external linkage.
    static std::string function_key(const clang::FunctionDecl* fd) {
        return (external(fd) ? "ext:" : "tu:") + fd->getNameAsString();
    }

    EntityId entity_for(const clang::VarDecl* var) {
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
            id = add_entity(NodeKind::Local, "tu:local:" + fn + ":" + name + "@" + line_col(p), fn + "::" + name, fn,
                            p, true);
        } else if (var->isStaticLocal()) {
            const std::string fn = function_name();
            id = add_entity(NodeKind::Static, "tu:static:" + fn + ":" + name + "@" + line_col(p), fn + "::" + name,
                            fn, p, false);
        } else if (external(var)) {
            id = add_entity(NodeKind::Global, "ext:var:" + name, name, "", p, false);
        } else {
            id = add_entity(NodeKind::Static, "tu:static:" + name, base_name(p.file) + "::" + name, "", p, false);
        }
        entities_.emplace(var, id);
        return id;
    }

    EntityId entity_for(const clang::FunctionDecl* fd) {
        fd = fd->getCanonicalDecl();
        if (auto it = entities_.find(fd); it != entities_.end()) return it->second;
        const std::string name = fd->getNameAsString();
        const EntityId id =
            add_entity(NodeKind::Function, function_key(fd) + ":fn", name, "", pos(fd->getLocation()), false);
        entities_.emplace(fd, id);
        return id;
    }

    TermId entity_term(const clang::VarDecl* var) { return terms().entity(entity_for(var), "", pos(var->getLocation())); }

    // A compiler temporary in the current function (one per calling context).
    TermId temporary(const char* what, clang::SourceLocation loc) {
        const SourcePos p = pos(loc);
        const std::string fn = function_name();
        const std::string name =
            fn.empty() ? std::string("$") + what + "@" + file_line_col(p) : fn + "::$" + what + "@" + line_col(p);
        const EntityId id = add_entity(NodeKind::Temp, "tu:tmp:" + std::to_string(ir_.entities.size()), name, fn, p,
                                       current_ != kNone);
        return terms().entity(id, "", p);
    }

    TermTable& terms() { return ir_.terms; }

    // ---------------------------------------------------------------- functions

    std::uint32_t function_for(const clang::FunctionDecl* fd) {
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
        }
        ir_.functions.push_back(std::move(f));
        const auto index = static_cast<std::uint32_t>(ir_.functions.size() - 1);
        functions_.emplace(canonical, index);
        return index;
    }

    Function& current() { return ir_.functions[current_]; }

    void translate_function(const clang::FunctionDecl* fd) {
        current_decl_ = fd;
        current_ = function_for(fd);
        const std::string fn = fd->getNameAsString();
        // Re-read the signature from the definition (an earlier declaration may have had none).
        current().has_body = true;
        current().param_count = fd->getNumParams();
        current().variadic = fd->isVariadic();
        current().has_prototype = fd->hasPrototype();
        current().signature = signature(fd->getType()->getAs<clang::FunctionType>());
        current().restrict_params.clear();
        current().params.clear();
        current().param_aggregate.clear();
        for (const clang::ParmVarDecl* param : fd->parameters()) {
            current().restrict_params.push_back(param->getType().isRestrictQualified());
            const bool pointer = may_hold_pointer(param->getType());
            current().params.push_back(pointer ? entity_term(param) : kNone);
            current().param_aggregate.push_back(pointer && is_struct_or_union(param->getType()));
        }
        const clang::QualType ret = fd->getReturnType();
        if (may_hold_pointer(ret)) {
            const SourcePos p = pos(fd->getLocation());
            const EntityId id = add_entity(NodeKind::Return, function_key(fd) + ":return", fn + "::return", fn, p, true);
            current().return_value = terms().entity(id, "", p);
            current().return_aggregate = is_struct_or_union(ret);
        }
        if (fd->isVariadic()) {
            const SourcePos p = pos(fd->getLocation());
            const EntityId id = add_entity(NodeKind::Param, function_key(fd) + ":varargs", fn + "::...", fn, p, true);
            current().varargs = terms().entity(id, "", p);
        }
        statement(fd->getBody());
        current_ = kNone;
        current_decl_ = nullptr;
    }

    // ---------------------------------------------------------------- statements

    void add_assign(TermId src, TermId dst, clang::SourceLocation loc) {
        if (src == kNone || dst == kNone || src == dst) return;
        Assign a{src, dst, pos(loc)};
        if (current_ != kNone) {
            current().assigns.push_back(std::move(a));
        } else {
            ir_.global_assigns.push_back(std::move(a));
        }
    }

    // Copies every pointer-holding field of an aggregate of `type` from `src` to `dst`.
    void copy_aggregate(TermId src, TermId dst, clang::QualType type, clang::SourceLocation loc) {
        if (src == kNone || dst == kNone) return;
        for (const std::string& leaf : leaves_of(type)) {
            add_assign(terms().extend(src, leaf), terms().extend(dst, leaf), loc);
        }
    }

    void statement(const clang::Stmt* s) {
        if (s == nullptr) return;
        if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) {
            effects(e);
            return;
        }
        switch (s->getStmtClass()) {
            case clang::Stmt::DeclStmtClass:
                for (const clang::Decl* decl : llvm::cast<clang::DeclStmt>(s)->decls()) {
                    const auto* var = llvm::dyn_cast<clang::VarDecl>(decl);
                    if (var != nullptr && var->hasInit()) initialize(entity_term(var), var->getType(), var->getInit());
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

    // Initializes the location `dst` (of `type`) from `init`, descending into braces.
    void initialize(TermId dst, clang::QualType type, const clang::Expr* init) {
        if (init == nullptr) return;
        init = init->IgnoreParens();
        if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(init)) {
            if (list->isSyntacticForm() && list->getSemanticForm() != nullptr) list = list->getSemanticForm();
            const clang::Type* t = type.getCanonicalType().getTypePtr();
            if (const auto* array = llvm::dyn_cast<clang::ArrayType>(t)) {
                for (const clang::Expr* element : list->inits()) initialize(dst, array->getElementType(), element);
                return;
            }
            if (const auto* record = t->getAs<clang::RecordType>()) {
                const clang::RecordDecl* decl = record->getDecl()->getDefinition();
                if (decl == nullptr) return;
                if (decl->isUnion()) {
                    collapse(dst);
                    const clang::FieldDecl* field = list->getInitializedFieldInUnion();
                    if (field != nullptr && list->getNumInits() > 0) initialize(dst, field->getType(), list->getInit(0));
                    return;
                }
                unsigned index = 0;
                for (const clang::FieldDecl* field : decl->fields()) {
                    if (index >= list->getNumInits()) break;
                    initialize(terms().extend(dst, field_component(field)), field->getType(), list->getInit(index++));
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

    // ---------------------------------------------------------------- expressions

    // Evaluates `e` for its side effects only.
    void effects(const clang::Expr* e) {
        if (e == nullptr) return;
        if (!e->HasSideEffects(context_, true)) {
            report_pointer_to_int_casts(e);
            return;
        }
        const clang::Expr* inner = e->IgnoreParenCasts();
        if (const auto* call = llvm::dyn_cast<clang::CallExpr>(inner)) {
            this->call(call, false);
            return;
        }
        (void)value(e);
    }

    // A pure expression moves no pointer, but a pointer cast to an integer inside it is a
    // pointer value leaving what is tracked: report it like value() would.
    void report_pointer_to_int_casts(const clang::Stmt* s) {
        if (s == nullptr || llvm::isa<clang::UnaryExprOrTypeTraitExpr>(s)) return;  // sizeof: unevaluated
        if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(s); cast != nullptr &&
            cast->getCastKind() == clang::CK_PointerToIntegral && !types_.is_tracked_integer(cast->getType())) {
            unmodelled("pointer-to-int-cast", cast->getExprLoc(), "integers are not tracked; the pointer value is lost");
        }
        for (const clang::Stmt* child : s->children()) report_pointer_to_int_casts(child);
    }

    void effects_of_children(const clang::Expr* e) {
        for (const clang::Stmt* child : e->children()) {
            if (const auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child)) effects(sub);
        }
    }

    // Field paths below `location` are not told apart any more (docs/FACTS.md, "Fields").
    void collapse(TermId location) {
        if (location == kNone) return;
        const Term& term = terms()[location];
        if (term.kind == TermKind::Entity) ir_.collapsed.push_back(CollapsedPath{term.entity, term.path});
    }

    // &place: the pointer to a location. Taking the address of an aggregate part of a
    // variable collapses that part's fields: a pointer to it reaches all of them.
    TermId address_of(TermId location, clang::QualType type) {
        if (location == kNone) return kNone;
        const Term term = terms()[location];
        if (term.kind == TermKind::Deref) return term.operand;  // &*p is p
        if (term.kind != TermKind::Entity) return kNone;
        if (is_aggregate(type)) collapse(location);
        return terms().addr_of(term.entity, term.path, term.pos);
    }

    TermId deref(TermId pointer, clang::SourceLocation loc) {
        if (pointer == kNone) return kNone;
        return terms().deref(pointer, pos(loc));
    }

    TermId place(const clang::Expr* e) {
        e = e->IgnoreParens();
        switch (e->getStmtClass()) {
            case clang::Stmt::DeclRefExprClass: {
                const clang::ValueDecl* decl = llvm::cast<clang::DeclRefExpr>(e)->getDecl();
                if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) return entity_term(var);
                if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
                    function_for(fd);
                    return terms().entity(entity_for(fd), "", pos(fd->getLocation()));
                }
                return kNone;  // enumerators
            }
            case clang::Stmt::MemberExprClass: {
                const auto* member = llvm::cast<clang::MemberExpr>(e);
                const TermId base = member->isArrow() ? deref(value(member->getBase()), member->getExprLoc())
                                                      : place(member->getBase());
                const auto* field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
                if (base == kNone || field == nullptr) return base;
                if (field->getParent()->isUnion()) {  // all members share the union's storage
                    collapse(base);
                    return base;
                }
                return terms().extend(base, field_component(field));
            }
            case clang::Stmt::ArraySubscriptExprClass: {
                const auto* subscript = llvm::cast<clang::ArraySubscriptExpr>(e);
                effects(subscript->getIdx());
                // a[i] on an array object is the array itself (one abstract element); on a
                // pointer it is *(p + i), a dereference of the same object.
                const clang::Expr* base = subscript->getBase()->IgnoreParens();
                if (const auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(base);
                    cast != nullptr && cast->getCastKind() == clang::CK_ArrayToPointerDecay) {
                    return place(cast->getSubExpr());
                }
                return deref(value(subscript->getBase()), subscript->getExprLoc());
            }
            case clang::Stmt::UnaryOperatorClass: {
                const auto* unary = llvm::cast<clang::UnaryOperator>(e);
                if (unary->getOpcode() == clang::UO_Deref) return deref(value(unary->getSubExpr()), unary->getExprLoc());
                if (unary->getOpcode() == clang::UO_Extension) return place(unary->getSubExpr());
                if (unary->isIncrementDecrementOp()) return place(unary->getSubExpr());  // ++x as an lvalue
                break;
            }
            case clang::Stmt::StringLiteralClass:
                return string_literal(e);
            case clang::Stmt::PredefinedExprClass: {
                const clang::StringLiteral* name = llvm::cast<clang::PredefinedExpr>(e)->getFunctionName();
                return name != nullptr ? string_literal(name) : kNone;
            }
            case clang::Stmt::CompoundLiteralExprClass:
                return compound_literal(llvm::cast<clang::CompoundLiteralExpr>(e));
            case clang::Stmt::ChooseExprClass:
                return place(llvm::cast<clang::ChooseExpr>(e)->getChosenSubExpr());
            case clang::Stmt::GenericSelectionExprClass:
                return place(llvm::cast<clang::GenericSelectionExpr>(e)->getResultExpr());
            case clang::Stmt::ConstantExprClass:
                return place(llvm::cast<clang::ConstantExpr>(e)->getSubExpr());
            case clang::Stmt::ImplicitCastExprClass:
            case clang::Stmt::CStyleCastExprClass: {
                const auto* cast = llvm::cast<clang::CastExpr>(e);
                if (cast->getCastKind() == clang::CK_LValueToRValue || cast->getCastKind() == clang::CK_NoOp ||
                    cast->getCastKind() == clang::CK_ToUnion) {
                    return place(cast->getSubExpr());
                }
                break;
            }
            case clang::Stmt::OpaqueValueExprClass:
                return opaque(llvm::cast<clang::OpaqueValueExpr>(e));
            case clang::Stmt::VAArgExprClass:
                effects(llvm::cast<clang::VAArgExpr>(e)->getSubExpr());
                return current_ != kNone ? current().varargs : kNone;
            default:
                break;
        }
        // Rvalue aggregates (a struct returned by a call, a ?: of structs, s1 = s2) and the
        // remaining lvalues: their value is the location.
        if (is_struct_or_union(e->getType()) || e->isGLValue()) return value_of_aggregate_or_lvalue(e);
        effects(e);
        return kNone;
    }

    TermId value_of_aggregate_or_lvalue(const clang::Expr* e) {
        switch (e->getStmtClass()) {
            case clang::Stmt::CallExprClass:
                return call(llvm::cast<clang::CallExpr>(e), true);
            case clang::Stmt::BinaryOperatorClass:
            case clang::Stmt::ConditionalOperatorClass:
            case clang::Stmt::BinaryConditionalOperatorClass:
            case clang::Stmt::StmtExprClass:
            case clang::Stmt::InitListExprClass:
                if (!e->isGLValue()) return value(e);
                break;
            default:
                break;
        }
        if (may_hold_pointer(e->getType())) {
            unmodelled("expression", e->getExprLoc(), std::string("location of a ") + e->getStmtClassName() + " expression");
        }
        effects_of_children(e);
        return kNone;
    }

    TermId string_literal(const clang::Expr* e) {
        if (auto it = literals_.find(e); it != literals_.end()) return it->second;
        const SourcePos p = pos(e->getBeginLoc());
        const EntityId id = add_entity(NodeKind::String, "tu:str:" + std::to_string(ir_.entities.size()),
                                       "str@" + file_line_col(p), function_name(), p, false);
        const TermId term = terms().entity(id, "", p);
        literals_.emplace(e, term);
        return term;
    }

    TermId compound_literal(const clang::CompoundLiteralExpr* e) {
        if (auto it = literals_.find(e); it != literals_.end()) return it->second;
        const TermId term = temporary("literal", e->getBeginLoc());
        literals_.emplace(e, term);
        initialize(term, e->getType(), e->getInitializer());
        return term;
    }

    TermId opaque(const clang::OpaqueValueExpr* e) {
        if (auto it = opaque_values_.find(e); it != opaque_values_.end()) return it->second;
        const clang::Expr* source = e->getSourceExpr();
        const TermId term = source == nullptr ? kNone : (e->isGLValue() ? place(source) : value(source));
        opaque_values_.emplace(e, term);
        return term;
    }

    // A fresh temporary receiving each of `branches` (used by ?: and a ?: b).
    TermId join(const clang::Expr* e, std::initializer_list<const clang::Expr*> branches) {
        const bool aggregate = is_struct_or_union(e->getType());
        std::vector<TermId> values;
        for (const clang::Expr* branch : branches) {
            const TermId v = aggregate ? place(branch) : value(branch);
            if (v != kNone) values.push_back(v);
        }
        if (values.empty()) return kNone;
        if (values.size() == 1 || values[0] == values[1]) return values[0];
        const TermId temp = temporary("cond", e->getExprLoc());
        for (TermId v : values) {
            if (aggregate) {
                copy_aggregate(v, temp, e->getType(), e->getExprLoc());
            } else {
                add_assign(v, temp, e->getExprLoc());
            }
        }
        return temp;
    }

    TermId value(const clang::Expr* e) {
        if (e == nullptr) return kNone;
        e = e->IgnoreParens();
        if (e->isGLValue()) return place(e);
        switch (e->getStmtClass()) {
            case clang::Stmt::ImplicitCastExprClass:
            case clang::Stmt::CStyleCastExprClass:
                return cast(llvm::cast<clang::CastExpr>(e));
            case clang::Stmt::UnaryOperatorClass:
                return unary(llvm::cast<clang::UnaryOperator>(e));
            case clang::Stmt::BinaryOperatorClass:
            case clang::Stmt::CompoundAssignOperatorClass:
                return binary(llvm::cast<clang::BinaryOperator>(e));
            case clang::Stmt::ConditionalOperatorClass: {
                const auto* cond = llvm::cast<clang::ConditionalOperator>(e);
                effects(cond->getCond());
                if (!may_hold_pointer(e->getType())) {
                    effects(cond->getTrueExpr());
                    effects(cond->getFalseExpr());
                    return kNone;
                }
                return join(e, {cond->getTrueExpr(), cond->getFalseExpr()});
            }
            case clang::Stmt::BinaryConditionalOperatorClass: {
                const auto* cond = llvm::cast<clang::BinaryConditionalOperator>(e);
                (void)opaque(cond->getOpaqueValue());  // evaluates the common operand once
                if (!may_hold_pointer(e->getType())) {
                    effects(cond->getFalseExpr());
                    return kNone;
                }
                return join(e, {cond->getTrueExpr(), cond->getFalseExpr()});
            }
            case clang::Stmt::CallExprClass:
                return call(llvm::cast<clang::CallExpr>(e), true);
            case clang::Stmt::StmtExprClass: {
                const clang::CompoundStmt* body = llvm::cast<clang::StmtExpr>(e)->getSubStmt();
                const clang::Stmt* last = body->body_empty() ? nullptr : body->body_back();
                for (const clang::Stmt* s : body->body()) {
                    if (s != last) statement(s);
                }
                const auto* result = llvm::dyn_cast_or_null<clang::Expr>(last);
                if (result == nullptr) {
                    statement(last);
                    return kNone;
                }
                return is_struct_or_union(result->getType()) ? place(result) : value(result);
            }
            case clang::Stmt::ChooseExprClass:
                return value(llvm::cast<clang::ChooseExpr>(e)->getChosenSubExpr());
            case clang::Stmt::GenericSelectionExprClass:
                return value(llvm::cast<clang::GenericSelectionExpr>(e)->getResultExpr());
            case clang::Stmt::OpaqueValueExprClass:
                return opaque(llvm::cast<clang::OpaqueValueExpr>(e));
            case clang::Stmt::VAArgExprClass:
            case clang::Stmt::CompoundLiteralExprClass:
            case clang::Stmt::MemberExprClass:  // f().x: a member of an rvalue struct
            case clang::Stmt::ArraySubscriptExprClass:
                return place(e);
            case clang::Stmt::AtomicExprClass:
                return atomic(llvm::cast<clang::AtomicExpr>(e));
            case clang::Stmt::ConstantExprClass:
                return value(llvm::cast<clang::ConstantExpr>(e)->getSubExpr());
            case clang::Stmt::AddrLabelExprClass:  // &&label (computed goto): code, which no data pointer reaches
            case clang::Stmt::IntegerLiteralClass:
            case clang::Stmt::FloatingLiteralClass:
            case clang::Stmt::CharacterLiteralClass:
            case clang::Stmt::ImaginaryLiteralClass:
            case clang::Stmt::UnaryExprOrTypeTraitExprClass:  // sizeof: its operand is not evaluated
            case clang::Stmt::OffsetOfExprClass:
            case clang::Stmt::ImplicitValueInitExprClass:
                return kNone;
            case clang::Stmt::InitListExprClass: {
                if (!may_hold_pointer(e->getType())) {
                    effects_of_children(e);
                    return kNone;
                }
                const TermId temp = temporary("init", e->getExprLoc());
                initialize(temp, e->getType(), e);
                return temp;
            }
            default:
                if (may_hold_pointer(e->getType())) {
                    unmodelled("expression", e->getExprLoc(),
                               std::string("value of a ") + e->getStmtClassName() + " expression");
                }
                effects_of_children(e);
                return kNone;
        }
    }

    static bool is_null_constant(const clang::Expr* e, clang::ASTContext& context) {
        return e->isNullPointerConstant(context, clang::Expr::NPC_ValueDependentIsNotNull) !=
               clang::Expr::NPCK_NotNull;
    }

    TermId cast(const clang::CastExpr* e) {
        const clang::Expr* sub = e->getSubExpr();
        switch (e->getCastKind()) {
            case clang::CK_LValueToRValue:
                if (!may_hold_pointer(e->getType())) {
                    effects(sub);
                    return kNone;
                }
                return place(sub);
            case clang::CK_ArrayToPointerDecay:
                return address_of(place(sub), sub->getType());
            case clang::CK_FunctionToPointerDecay:
            case clang::CK_BuiltinFnToFnPtr:
                return address_of(place(sub), sub->getType());
            case clang::CK_NullToPointer:
                return kNone;
            case clang::CK_IntegralToPointer:
                if (types_.is_tracked_integer(sub->getType())) return value(sub);
                if (!is_null_constant(sub, context_)) {
                    unmodelled("int-to-pointer-cast", e->getExprLoc(),
                               "the pointer made from an integer points to nothing known");
                }
                effects(sub);
                return kNone;
            case clang::CK_PointerToIntegral:
                if (types_.is_tracked_integer(e->getType())) return value(sub);
                unmodelled("pointer-to-int-cast", e->getExprLoc(), "integers are not tracked; the pointer value is lost");
                effects(sub);
                return kNone;
            case clang::CK_PointerToBoolean:
            case clang::CK_ToVoid:
                effects(sub);
                return kNone;
            default:
                if (!may_hold_pointer(e->getType())) {
                    effects(sub);
                    return kNone;
                }
                return is_struct_or_union(sub->getType()) ? place(sub) : value(sub);
        }
    }

    TermId unary(const clang::UnaryOperator* e) {
        const clang::Expr* sub = e->getSubExpr();
        switch (e->getOpcode()) {
            case clang::UO_AddrOf:
                return address_of(place(sub), sub->getType());
            case clang::UO_PreInc:
            case clang::UO_PreDec:
            case clang::UO_PostInc:
            case clang::UO_PostDec:
                // p++ points into the same object (pointer arithmetic stays in the object).
                if (may_hold_pointer(sub->getType())) return place(sub);
                effects(sub);
                return kNone;
            case clang::UO_Extension:
                return value(sub);
            default:
                effects(sub);
                return kNone;
        }
    }

    TermId binary(const clang::BinaryOperator* e) {
        const clang::Expr* lhs = e->getLHS();
        const clang::Expr* rhs = e->getRHS();
        switch (e->getOpcode()) {
            case clang::BO_Assign: {
                const clang::QualType type = lhs->getType();
                if (is_struct_or_union(type)) {
                    const TermId dst = place(lhs);
                    copy_aggregate(place(rhs), dst, type, e->getExprLoc());
                    return dst;
                }
                if (!may_hold_pointer(type)) {
                    effects(lhs);
                    effects(rhs);
                    return kNone;
                }
                const TermId src = value(rhs);
                const TermId dst = place(lhs);
                add_assign(src, dst, e->getExprLoc());
                return dst;
            }
            case clang::BO_Comma:
                effects(lhs);
                return is_struct_or_union(e->getType()) ? place(rhs) : value(rhs);
            case clang::BO_Add:
            case clang::BO_Sub:
            case clang::BO_AddAssign:
            case clang::BO_SubAssign:
                // Pointer arithmetic stays inside the object: the result is the pointer operand.
                if (e->getType()->isPointerType()) {
                    const bool left_is_pointer = lhs->getType()->isPointerType();
                    effects(left_is_pointer ? rhs : lhs);
                    const clang::Expr* pointer = left_is_pointer ? lhs : rhs;
                    return e->isCompoundAssignmentOp() ? place(pointer) : value(pointer);
                }
                return integer_arithmetic(e);
            default:
                return integer_arithmetic(e);
        }
    }

    // Arithmetic on integers that may hold a pointer (--integer-pointers): alignment masks,
    // offsets and tags keep the pointer's target, so the result holds what the tracked
    // operands hold. The difference of two pointers is an offset, not a pointer.
    TermId integer_arithmetic(const clang::BinaryOperator* e) {
        const clang::Expr* lhs = e->getLHS();
        const clang::Expr* rhs = e->getRHS();
        const bool arithmetic = e->isAdditiveOp() || e->isMultiplicativeOp() || e->isBitwiseOp() ||
                                e->isShiftOp() || e->isCompoundAssignmentOp();
        const bool pointer_difference = e->getOpcode() == clang::BO_Sub && lhs->getType()->isPointerType();
        if (!arithmetic || pointer_difference || !types_.is_tracked_integer(e->getType())) {
            effects(lhs);
            effects(rhs);
            return kNone;
        }
        const TermId right = types_.is_tracked_integer(rhs->getType()) ? value(rhs) : kNone;
        if (right == kNone) effects(rhs);
        if (e->isCompoundAssignmentOp()) {
            const TermId target = place(lhs);
            add_assign(right, target, e->getExprLoc());
            return target;
        }
        const TermId left = types_.is_tracked_integer(lhs->getType()) ? value(lhs) : kNone;
        if (left == kNone) effects(lhs);
        if (left == kNone || right == kNone || left == right) return left != kNone ? left : right;
        const TermId temp = temporary("arith", e->getExprLoc());
        add_assign(left, temp, e->getExprLoc());
        add_assign(right, temp, e->getExprLoc());
        return temp;
    }

    // The atomic builtins that move pointers: loads, stores and exchanges through `ptr`.
    TermId atomic(const clang::AtomicExpr* e) {
        const TermId target = deref(value(e->getPtr()), e->getExprLoc());
        using Op = clang::AtomicExpr;
        switch (e->getOp()) {
            case Op::AO__c11_atomic_load:
            case Op::AO__atomic_load_n:
                return target;
            case Op::AO__c11_atomic_store:
            case Op::AO__atomic_store_n:
                add_assign(value(e->getVal1()), target, e->getExprLoc());
                return kNone;
            case Op::AO__c11_atomic_exchange:
            case Op::AO__atomic_exchange_n:
            case Op::AO__c11_atomic_compare_exchange_strong:
            case Op::AO__c11_atomic_compare_exchange_weak:
            case Op::AO__atomic_compare_exchange_n: {
                const clang::Expr* stored = e->getOp() == Op::AO__c11_atomic_exchange ||
                                                    e->getOp() == Op::AO__atomic_exchange_n
                                                ? e->getVal1()
                                                : e->getVal2();
                if (stored != nullptr && may_hold_pointer(stored->getType())) {
                    add_assign(value(stored), target, e->getExprLoc());
                }
                return may_hold_pointer(e->getType()) ? target : kNone;
            }
            default:
                if (may_hold_pointer(e->getPtr()->getType()->getPointeeType())) {
                    unmodelled("atomic-builtin", e->getExprLoc(), "atomic operation on a pointer");
                }
                effects_of_children(e);
                return kNone;
        }
    }

    // Builtins that are not functions of their own: evaluated here, never call sites.
    // Returns true (and sets `result`) when `call` is one of them.
    bool builtin(const clang::CallExpr* call, unsigned id, TermId& result) {
        switch (id) {
            case clang::Builtin::BI__builtin_expect:
            case clang::Builtin::BI__builtin_expect_with_probability:
            case clang::Builtin::BI__builtin_assume_aligned:
            case clang::Builtin::BI__builtin_launder:
                for (unsigned i = 1; i < call->getNumArgs(); ++i) effects(call->getArg(i));
                result = call->getNumArgs() > 0 && may_hold_pointer(call->getType()) ? value(call->getArg(0)) : kNone;
                if (result == kNone && call->getNumArgs() > 0) effects(call->getArg(0));
                return true;
            case clang::Builtin::BI__builtin_va_start:
            case clang::Builtin::BI__builtin_va_end:
            case clang::Builtin::BI__builtin_va_copy:
            case clang::Builtin::BI__builtin_constant_p:
            case clang::Builtin::BI__builtin_object_size:
            case clang::Builtin::BI__builtin_dynamic_object_size:
            case clang::Builtin::BI__builtin_unreachable:
            case clang::Builtin::BI__builtin_trap:
            case clang::Builtin::BI__builtin_prefetch:
            case clang::Builtin::BI__builtin_classify_type:
                result = kNone;
                return true;
            default:
                return false;
        }
    }

    CallValue call_value(const clang::Expr* arg) {
        CallValue v;
        const clang::QualType type = arg->getType();
        if (!may_hold_pointer(type)) {
            effects(arg);
            return v;
        }
        if (is_struct_or_union(type)) {
            v.aggregate = true;
            v.leaves = leaves_of(type);
            v.term = place(arg);
        } else {
            v.term = value(arg);
        }
        return v;
    }

    TermId call(const clang::CallExpr* e, bool want_value) {
        const clang::FunctionDecl* callee = e->getDirectCallee();
        if (callee != nullptr && callee->getBuiltinID() != 0) {
            TermId result = kNone;
            if (builtin(e, callee->getBuiltinID(), result)) return result;
        }
        CallSite site;
        site.begin = pos(e->getBeginLoc());
        site.end = end_pos(e->getEndLoc());
        const clang::FunctionType* type = nullptr;
        if (callee != nullptr) {
            const std::uint32_t index = function_for(callee);
            site.direct_callee = ir_.functions[index].entity;
            site.restrict_params = ir_.functions[index].restrict_params;
            site.param_count = ir_.functions[index].param_count;
            site.variadic = ir_.functions[index].variadic;
            site.has_prototype = ir_.functions[index].has_prototype;
            site.signature = ir_.functions[index].signature;
        } else {
            site.callee_pointer = value(e->getCallee());
            const clang::QualType pointer = e->getCallee()->getType();
            if (pointer->isPointerType()) type = pointer->getPointeeType()->getAs<clang::FunctionType>();
            site.signature = signature(type);
            if (const auto* proto = llvm::dyn_cast_or_null<clang::FunctionProtoType>(type)) {
                site.param_count = proto->getNumParams();
                site.variadic = proto->isVariadic();
                for (const clang::QualType param : proto->param_types()) {
                    site.restrict_params.push_back(param.isRestrictQualified());
                }
            } else {
                site.has_prototype = false;
            }
            if (site.callee_pointer == kNone) {
                unmodelled("indirect-call", e->getExprLoc(), "the called function pointer comes from nowhere known");
            }
        }
        for (const clang::Expr* arg : e->arguments()) site.args.push_back(call_value(arg));
        const clang::QualType result_type = e->getCallReturnType(context_);
        if (want_value && may_hold_pointer(result_type)) {
            site.result.term = temporary("call", e->getBeginLoc());
            if (is_struct_or_union(result_type)) {
                site.result.aggregate = true;
                site.result.leaves = leaves_of(result_type);
            }
        }
        const TermId result = site.result.term;
        if (current_ == kNone) {
            unmodelled("call-outside-function", e->getExprLoc(), "a call at file scope");
        } else {
            current().calls.push_back(std::move(site));
        }
        return result;
    }

    clang::ASTContext& context_;
    clang::SourceManager& sm_;
    const TranslateOptions& options_;
    TranslationUnitIr& ir_;
    PointerTypes types_;

    std::uint32_t current_ = kNone;  // index into ir_.functions of the function being translated
    const clang::FunctionDecl* current_decl_ = nullptr;

    std::unordered_map<const clang::Decl*, EntityId> entities_;
    std::unordered_map<const clang::FunctionDecl*, std::uint32_t> functions_;
    std::unordered_map<const clang::Expr*, TermId> literals_;
    std::unordered_map<const clang::OpaqueValueExpr*, TermId> opaque_values_;
    std::unordered_map<unsigned, std::string> file_names_;
};

}  // namespace

TranslationUnitIr translate_translation_unit(clang::ASTContext& context, const std::string& main_file,
                                             const TranslateOptions& options) {
    TranslationUnitIr ir;
    ir.file = main_file;
    Translator translator(context, options, ir);
    translator.translate_declarations(context.getTranslationUnitDecl());
    return ir;
}

}  // namespace galias::frontend
