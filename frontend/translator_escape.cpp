// Where the block a call allocates may have gone before a later call
// (frontend/translator_escape.hpp).
#include "frontend/translator_escape.hpp"

#include "frontend/library_models.hpp"
#include "frontend/statement_walk.hpp"
#include "frontend/translator_addresses.hpp"

namespace galias::frontend::detail {

namespace {

using Base = facts::ArgumentAddress::Base;
using Point = LocalDefinitions::Point;

}  // namespace

Escape BlockEscape::escape_before(const clang::CallExpr* allocation, const clang::CallExpr* use) {
    Escape escape;
    escape.anywhere = true;
    const auto index = function().call_index.find(allocation);
    if (index == function().call_index.end() || locals() == nullptr || function().decl == nullptr)
        return escape;
    const std::string block = "call:" + std::to_string(index->second);
    const Point from{allocation, nullptr};
    const Point to{use, nullptr};
    if (!locals()->in_graph(from) || !locals()->in_graph(to)) return escape;
    const LocalDefinitions::PathSet between = locals()->between(from, to, from);
    // Where the block can go before the call: the result itself, then every read of a
    // local that may hold it, on a path from the allocation to the call.
    std::vector<Symbolic> cells;
    if (!stays_private(allocation, block, use, cells)) return escape;
    const bool stays =
        for_each_statement(function().decl->getBody(), Operands::All, [&](const clang::Stmt* s) {
            const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(s);
            if (ref == nullptr || tracked_reference(ref) == nullptr) return true;
            const auto* read = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(parent_of(ref));
            if (read == nullptr || read->getCastKind() != clang::CK_LValueToRValue) return true;  // a write
            if (!between.contains(Point{ref, nullptr})) return true;
            bool may_hold = false;
            for (DefinitionId d : locals()->reaching(ref))
                may_hold = may_hold || addresses_.definition_address(d, 0).base == block;
            return !may_hold || stays_private(read, block, use, cells);
        });
    if (!stays) return escape;
    escape.anywhere = false;
    escape.cells = std::move(cells);
    return escape;
}

bool BlockEscape::stays_private(const clang::Stmt* node, const std::string& block, const clang::CallExpr* use,
                                std::vector<Symbolic>& cells) {
    while (true) {
        const clang::Stmt* parent = parent_of(node);
        if (parent == nullptr) return false;
        const Flow flow = llvm::isa<clang::Expr>(parent) ? into_expression(node, parent, block, use, cells)
                                                         : into_statement(node, parent, block);
        if (flow != Flow::Onward) return flow == Flow::Private;
    }
}

// A statement: a condition, a value computed and dropped, an initializer, or the value of a
// statement expression.
BlockEscape::Flow BlockEscape::into_statement(const clang::Stmt*& node, const clang::Stmt* parent,
                                              const std::string& block) {
    if (llvm::isa<clang::ReturnStmt>(parent) || llvm::isa<clang::AsmStmt>(parent)) return Flow::Escapes;
    if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(parent)) {
        for (const clang::Decl* d : decls->decls()) {
            const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
            if (var == nullptr || var->getInit() == nullptr || var->getInit()->IgnoreParens() != node)
                continue;
            if (!locals()->tracked(var)) return Flow::Escapes;
            const DefinitionId def = locals()->definition_of_declaration(var);
            return def != LocalDefinitions::kNoDefinition &&
                           addresses_.definition_address(def, 0).base == block
                       ? Flow::Private
                       : Flow::Escapes;
        }
        return Flow::Escapes;
    }
    const clang::Stmt* above = parent_of(parent);
    const auto* body = llvm::dyn_cast<clang::CompoundStmt>(parent);
    if (body != nullptr && !body->body_empty() && body->body_back() == node &&
        llvm::isa_and_nonnull<clang::StmtExpr>(above)) {
        node = above;  // ({ ...; p; }) has p's value
        return Flow::Onward;
    }
    return Flow::Private;
}

BlockEscape::Flow BlockEscape::into_expression(const clang::Stmt*& node, const clang::Stmt* parent,
                                               const std::string& block, const clang::CallExpr* use,
                                               std::vector<Symbolic>& cells) {
    const clang::Stmt* above = parent_of(parent);
    const auto address_taken = [&] {
        const auto* addr = llvm::dyn_cast_or_null<clang::UnaryOperator>(above);
        const auto* decay = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(above);
        return (addr != nullptr && addr->getOpcode() == clang::UO_AddrOf) ||
               (decay != nullptr && decay->getCastKind() == clang::CK_ArrayToPointerDecay);
    };
    if (llvm::isa<clang::ParenExpr>(parent)) {
        node = parent;
        return Flow::Onward;
    }
    if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(parent)) {
        switch (cast->getCastKind()) {
            case clang::CK_PointerToBoolean:
            case clang::CK_ToVoid:
                return Flow::Private;
            case clang::CK_PointerToIntegral:
                return Flow::Escapes;
            default:
                node = parent;
                return Flow::Onward;
        }
    }
    if (const auto* conditional = llvm::dyn_cast<clang::AbstractConditionalOperator>(parent)) {
        if (conditional->getCond() == node) return Flow::Private;
        node = parent;  // a branch: the result may be the block
        return Flow::Onward;
    }
    if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(parent))
        return into_binary(node, binary, block, cells);
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(parent)) {
        if (unary->getOpcode() == clang::UO_LNot) return Flow::Private;
        if (unary->getOpcode() == clang::UO_Deref) {
            if (!address_taken()) return Flow::Private;  // *p: the block's contents
            node = above;
            return Flow::Onward;
        }
        return Flow::Escapes;
    }
    if (llvm::isa<clang::MemberExpr>(parent) || llvm::isa<clang::ArraySubscriptExpr>(parent)) {
        // p->f, p[i]: a part of the block, read or written, unless its address is taken.
        if (!address_taken()) return Flow::Private;
        node = above;
        return Flow::Onward;
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(parent)) return into_call(node, call, above, use);
    return Flow::Escapes;
}

BlockEscape::Flow BlockEscape::into_binary(const clang::Stmt*& node, const clang::BinaryOperator* binary,
                                           const std::string& block, std::vector<Symbolic>& cells) {
    if (binary->isComparisonOp() || binary->isLogicalOp()) return Flow::Private;
    if (binary->isAdditiveOp()) {
        node = binary;  // pointer arithmetic: still the block
        return Flow::Onward;
    }
    if (binary->getOpcode() == clang::BO_Comma) {
        if (binary->getLHS() == node) return Flow::Private;
        node = binary;
        return Flow::Onward;
    }
    if (binary->getOpcode() != clang::BO_Assign || binary->getRHS() != node) return Flow::Escapes;
    if (tracked_reference(binary->getLHS()) == nullptr) {
        // Stored into memory: into a cell it can be read back from only.
        const EvaluationPoint at{"s" + expression_key(binary), Point{binary, nullptr}};
        Symbolic cell = addresses_.location_address(binary->getLHS(), at, 0);
        if (cell.kind == Base::Unknown || !cell.offset) return Flow::Escapes;
        cells.push_back(std::move(cell));
        node = binary;
        return Flow::Onward;
    }
    // Into a tracked local whose definition is known to hold the block (its own reads are
    // followed); the assignment's value goes on.
    const DefinitionId d = locals()->definition_at(binary);
    if (d == LocalDefinitions::kNoDefinition || addresses_.definition_address(d, 0).base != block)
        return Flow::Escapes;
    node = binary;
    return Flow::Onward;
}

BlockEscape::Flow BlockEscape::into_call(const clang::Stmt* node, const clang::CallExpr* call,
                                         const clang::Stmt* above, const clang::CallExpr* use) {
    if (call->getCallee() == node) return Flow::Escapes;
    if (call == use) return Flow::Private;  // the call being described
    const clang::FunctionDecl* callee = call->getDirectCallee();
    const LibraryModel* model = callee != nullptr ? find_library_model(callee->getName()) : nullptr;
    if (model == nullptr) return Flow::Escapes;
    // A library function that keeps no pointer, or one that returns its argument while that
    // result is dropped.
    const bool dropped = above == nullptr || !llvm::isa<clang::Expr>(above) ||
                         (llvm::isa<clang::CastExpr>(above) &&
                          llvm::cast<clang::CastExpr>(above)->getCastKind() == clang::CK_ToVoid);
    switch (model->kind) {
        case ModelKind::NoEffect:
            return Flow::Private;
        case ModelKind::CopyPointees:
        case ModelKind::ReturnArg:
            return dropped ? Flow::Private : Flow::Escapes;
        default:
            return Flow::Escapes;
    }
}

}  // namespace galias::frontend::detail
