#include "frontend/translator_context.hpp"

#include <algorithm>

#include "facts/memory_functions.hpp"

namespace galias::frontend::detail {

std::string callee_name(const clang::CallExpr* e) {
    if (const clang::FunctionDecl* callee = e->getDirectCallee()) return callee->getNameAsString();
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->getCallee()->IgnoreParenImpCasts());
    return ref != nullptr ? ref->getDecl()->getNameAsString() : std::string();
}

bool releases_block(const clang::CallExpr* e, const TranslateOptions& options) {
    const std::string name = callee_name(e);
    if (name.empty()) return false;
    if (const facts::ReleaseFunction* library = facts::find_release_function(name))
        return library->target == facts::ReleaseTarget::Block;
    return std::binary_search(options.release_functions.begin(), options.release_functions.end(), name);
}

const clang::DeclRefExpr* FunctionState::tracked_reference(const clang::Expr* e) const {
    if (locals == nullptr || e == nullptr) return nullptr;
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParens());
    if (ref == nullptr) return nullptr;
    const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    return var != nullptr && locals->tracked(var) ? ref : nullptr;
}

const clang::Stmt* FunctionState::parent_of(const clang::Stmt* s) {
    if (parents_.empty() && decl != nullptr && decl->getBody() != nullptr) {
        std::vector<const clang::Stmt*> work{decl->getBody()};
        while (!work.empty()) {
            const clang::Stmt* p = work.back();
            work.pop_back();
            for (const clang::Stmt* child : p->children()) {
                if (child == nullptr) continue;
                parents_.emplace(child, p);
                work.push_back(child);
            }
        }
    }
    auto it = parents_.find(s);
    return it == parents_.end() ? nullptr : it->second;
}

const std::vector<const clang::CallExpr*>& FunctionState::calls_in_body() {
    if (body_calls_) return *body_calls_;
    body_calls_.emplace();
    if (decl == nullptr || decl->getBody() == nullptr) return *body_calls_;
    std::vector<const clang::Stmt*> work{decl->getBody()};
    while (!work.empty()) {
        const clang::Stmt* s = work.back();
        work.pop_back();
        if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(s)) continue;
        for (const clang::Stmt* child : s->children()) {
            if (child != nullptr) work.push_back(child);
        }
        if (const auto* call = llvm::dyn_cast<clang::CallExpr>(s)) body_calls_->push_back(call);
    }
    return *body_calls_;
}

TranslationContext::TranslationContext(clang::ASTContext& ast_context,
                                       const TranslateOptions& translate_options, TranslationUnitIr& unit)
    : ast(ast_context),
      sm(ast_context.getSourceManager()),
      options(translate_options),
      ir(unit),
      positions(ast_context.getSourceManager(), ast_context.getLangOpts(), translate_options.directory),
      types(ast_context, translate_options.integer_pointers),
      fields(ast_context, unit, [this](clang::SourceLocation loc) { return positions.pos(loc); }) {}

void TranslationContext::unmodelled(const std::string& category, clang::SourceLocation loc,
                                    std::string detail) {
    facts::UnmodelledConstruct u{category, positions.pos(loc), std::move(detail)};
    (function.index != kNone ? current().unmodelled : ir.unmodelled).push_back(std::move(u));
}

void TranslationContext::add_assign(TermId src, TermId dst, clang::SourceLocation loc) {
    if (src == kNone || dst == kNone || src == dst) return;
    Assign a{src, dst, positions.pos(loc)};
    if (function.index != kNone) {
        current().assigns.push_back(std::move(a));
    } else {
        ir.global_assigns.push_back(std::move(a));
    }
}

std::vector<Leaf> TranslationContext::leaves_of(clang::QualType type) {
    std::vector<Leaf> leaves;
    for (PointerTypes::LeafDecl& leaf : types.leaves_of(type)) {
        leaves.push_back(
            Leaf{std::move(leaf.path), leaf.field != nullptr ? fields.field(leaf.field) : kNone});
    }
    return leaves;
}

void TranslationContext::copy_aggregate(TermId src, TermId dst, clang::QualType type,
                                        clang::SourceLocation loc) {
    if (src == kNone || dst == kNone) return;
    for (const Leaf& leaf : leaves_of(type)) {
        add_assign(ir.terms.extend(src, leaf), ir.terms.extend(dst, leaf), loc);
    }
}

std::string TranslationContext::expression_key(const void* node) {
    const auto it = expression_keys_.emplace(node, static_cast<std::uint32_t>(expression_keys_.size())).first;
    return std::to_string(it->second);
}

}  // namespace galias::frontend::detail
