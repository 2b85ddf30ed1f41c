#pragma once
// What the parts of the AST translator (frontend/translator.hpp) share: the AST, the options,
// the IR being written, and the function whose body is being translated; and TranslatorPart,
// the base of each part, which reaches them.

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/field_table.hpp"
#include "frontend/local_definitions.hpp"
#include "frontend/pointer_types.hpp"
#include "frontend/program_ir.hpp"
#include "frontend/translator_positions.hpp"
#include "frontend/tu_translator.hpp"

namespace galias::frontend::detail {

using facts::NodeKind;

// A pointer to a const-qualified type: the callee only reads through it.
inline bool points_to_const(clang::QualType type) {
    return type->isPointerType() && type->getPointeeType().isConstQualified();
}

// `0`, `NULL`, `(void *)0`: a pointer that points nowhere.
inline bool is_null_constant(const clang::Expr* e, clang::ASTContext& context) {
    return e->isNullPointerConstant(context, clang::Expr::NPC_ValueDependentIsNotNull) !=
           clang::Expr::NPCK_NotNull;
}

// The name a call names its callee by: the function, or a function pointer variable (libxml2
// calls `xmlFree`, a global pointer, as it would call free); empty otherwise.
std::string callee_name(const clang::CallExpr* e);
// A call that releases the block its argument points to: free, realloc, fclose, ... or a
// configured release function (also through a function pointer variable of that name).
bool releases_block(const clang::CallExpr* e, const TranslateOptions& options);
// ... or a call through a function pointer, whose targets (known only once the program is
// linked) may be such functions.
inline bool may_release_block(const clang::CallExpr* e, const TranslateOptions& options) {
    return releases_block(e, options) || e->getDirectCallee() == nullptr;
}

// The function whose body is being translated. Between functions (the initializers of
// file-scope variables) `index` is kNone and `locals` null.
class FunctionState {
public:
    std::uint32_t index = kNone;  // into TranslationUnitIr::functions
    const clang::FunctionDecl* decl = nullptr;
    std::unique_ptr<LocalDefinitions> locals;
    // The calls translated so far: their indices into the function's calls, and their order.
    std::unordered_map<const clang::CallExpr*, std::uint32_t> call_index;
    std::vector<const clang::CallExpr*> translated_calls;
    // Per store into memory (`p->f = v`), the term of the value stored.
    std::unordered_map<const clang::Expr*, TermId> stored_terms;

    // The variable `e` names, when it is a tracked local of the function.
    [[nodiscard]] const clang::DeclRefExpr* tracked_reference(const clang::Expr* e) const;
    // The statement or expression `s` is a child of in the body (null for the body itself).
    const clang::Stmt* parent_of(const clang::Stmt* s);
    // The calls of the body outside sizeof and the like, which do not evaluate them.
    const std::vector<const clang::CallExpr*>& calls_in_body();

private:
    // Both built on the first question: most functions never ask.
    std::unordered_map<const clang::Stmt*, const clang::Stmt*> parents_;
    std::optional<std::vector<const clang::CallExpr*>> body_calls_;
};

// One per translation unit; it outlives the translator and its parts, which keep a reference.
class TranslationContext {
public:
    TranslationContext(clang::ASTContext& ast_context, const TranslateOptions& translate_options,
                       TranslationUnitIr& unit);
    TranslationContext(const TranslationContext&) = delete;
    TranslationContext& operator=(const TranslationContext&) = delete;

    clang::ASTContext& ast;
    clang::SourceManager& sm;
    const TranslateOptions& options;
    TranslationUnitIr& ir;
    SourcePositions positions;
    PointerTypes types;
    FieldTable fields;
    FunctionState function;

    Function& current() { return ir.functions[function.index]; }

    // An unmodelled construct of the current function, or of the file scope between functions.
    void unmodelled(const std::string& category, clang::SourceLocation loc, std::string detail);

    // The value flow `dst = src`, in the current function or at file scope.
    void add_assign(TermId src, TermId dst, clang::SourceLocation loc);
    // The pointer-holding parts of an aggregate of `type`, with their Field entities.
    std::vector<Leaf> leaves_of(clang::QualType type);
    // Copies every pointer-holding field of an aggregate of `type` from `src` to `dst`.
    void copy_aggregate(TermId src, TermId dst, clang::QualType type, clang::SourceLocation loc);

    // Names the expressions and declarations that argument addresses refer to, in the order
    // they are first met: the same input gives the same fact files (a memory address would not).
    std::string expression_key(const void* node);

private:
    std::unordered_map<const void*, std::uint32_t> expression_keys_;
};

// The base of each part of the translator: the shared context, and shorthands for what the
// parts ask of it most.
class TranslatorPart {
protected:
    explicit TranslatorPart(TranslationContext& context) : context_(context) {}

    [[nodiscard]] TranslationContext& context() const { return context_; }
    [[nodiscard]] clang::ASTContext& ast() const { return context_.ast; }
    [[nodiscard]] clang::SourceManager& sm() const { return context_.sm; }
    [[nodiscard]] const TranslateOptions& options() const { return context_.options; }
    [[nodiscard]] TranslationUnitIr& ir() const { return context_.ir; }
    [[nodiscard]] TermTable& terms() const { return context_.ir.terms; }
    [[nodiscard]] PointerTypes& types() const { return context_.types; }
    [[nodiscard]] FieldTable& fields() const { return context_.fields; }
    [[nodiscard]] FunctionState& function() const { return context_.function; }
    [[nodiscard]] Function& current() const { return context_.current(); }
    [[nodiscard]] LocalDefinitions* locals() const { return context_.function.locals.get(); }

    [[nodiscard]] SourcePos pos(clang::SourceLocation loc) const { return context_.positions.pos(loc); }
    [[nodiscard]] bool may_hold_pointer(clang::QualType type) const {
        return context_.types.may_hold_pointer(type);
    }
    static bool is_aggregate(clang::QualType type) { return PointerTypes::is_aggregate(type); }
    static bool is_struct_or_union(clang::QualType type) { return PointerTypes::is_struct_or_union(type); }
    [[nodiscard]] const clang::DeclRefExpr* tracked_reference(const clang::Expr* e) const {
        return context_.function.tracked_reference(e);
    }
    [[nodiscard]] const clang::Stmt* parent_of(const clang::Stmt* s) const {
        return context_.function.parent_of(s);
    }
    [[nodiscard]] const std::vector<const clang::CallExpr*>& calls_in_body() const {
        return context_.function.calls_in_body();
    }
    [[nodiscard]] std::string expression_key(const void* node) const { return context_.expression_key(node); }
    void unmodelled(const std::string& category, clang::SourceLocation loc, std::string detail) const {
        context_.unmodelled(category, loc, std::move(detail));
    }
    void add_assign(TermId src, TermId dst, clang::SourceLocation loc) const {
        context_.add_assign(src, dst, loc);
    }

private:
    TranslationContext& context_;
};

}  // namespace galias::frontend::detail
