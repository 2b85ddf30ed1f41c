// The stores of a function into memory, and store-to-load forwarding
// (frontend/translator_forwarding.hpp).
#include "frontend/translator_forwarding.hpp"

#include "frontend/library_models.hpp"
#include "frontend/statement_walk.hpp"
#include "frontend/translator_addresses.hpp"

namespace galias::frontend::detail {

namespace {

using Base = facts::ArgumentAddress::Base;
using Point = LocalDefinitions::Point;

}  // namespace

const std::vector<Store>& StoreForwarding::stores() {
    if (stores_) return *stores_;
    stores_.emplace();
    if (function().decl == nullptr || function().decl->getBody() == nullptr) return *stores_;
    for_each_statement(function().decl->getBody(), Operands::Evaluated, [&](const clang::Stmt* s) {
        const clang::Expr* target = nullptr;
        const clang::Expr* value = nullptr;
        if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(s);
            binary != nullptr && binary->isAssignmentOp()) {
            target = binary->getLHS();
            if (binary->getOpcode() == clang::BO_Assign) value = binary->getRHS();
        } else if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(s);
                   unary != nullptr && unary->isIncrementDecrementOp()) {
            target = unary->getSubExpr();
        }
        if (target == nullptr || tracked_reference(target) != nullptr) return true;
        const auto* site = llvm::cast<clang::Expr>(s);
        const EvaluationPoint at{"s" + expression_key(site), Point{site, nullptr}};
        stores_->push_back(Store{site, target, value, addresses_.location_address(target, at, 0)});
        return true;
    });
    return *stores_;
}

// A member of another struct type, or disjoint bytes of the same one, cannot be the cell
// (C's effective types, as the field model assumes); nor can a store of a number.
bool StoreForwarding::may_overwrite(const clang::Expr* target, const Symbolic& address,
                                    const Symbolic& cell) {
    const clang::QualType type = target->getType().getCanonicalType();
    if ((type->isIntegerType() || type->isRealFloatingType() || type->isEnumeralType()) &&
        !type->isCharType() && !type->isPointerType()) {
        return false;
    }
    if (address.kind != Base::Unknown && !address.record.empty() && !cell.record.empty()) {
        if (address.record != cell.record) return false;
        if (address.hi <= cell.lo || cell.hi <= address.lo) return false;
    }
    return true;
}

std::optional<Symbolic> StoreForwarding::forwarded(const Symbolic& cell, const EvaluationPoint& at,
                                                   int depth) {
    std::vector<std::uint32_t> needs_fresh;
    const Store* store = forwarding_store(cell, at, depth, needs_fresh);
    if (store == nullptr) return std::nullopt;
    const EvaluationPoint stored_at{"s" + expression_key(store->site), Point{store->site, nullptr}};
    Symbolic value = addresses_.pointer_address(store->value, stored_at, depth + 1);
    if (value.kind == Base::Unknown) return std::nullopt;
    value.needs_fresh.insert(value.needs_fresh.end(), needs_fresh.begin(), needs_fresh.end());
    value.needs_fresh.insert(value.needs_fresh.end(), cell.needs_fresh.begin(), cell.needs_fresh.end());
    return value;
}

TermId StoreForwarding::forwarded_argument(const clang::Expr* arg, const clang::CallExpr* call) {
    if (locals() == nullptr || !arg->getType()->isPointerType()) return kNone;
    // A read of a pointer-typed field (an array field decays to its address: no read).
    const auto* member = llvm::dyn_cast<clang::MemberExpr>(arg->IgnoreParenImpCasts());
    if (member == nullptr || !member->getType()->isPointerType()) return kNone;
    // What may change outside the code (a volatile field or object) is read as the field.
    if (member->getType().isVolatileQualified() || member->getBase()->getType().isVolatileQualified() ||
        (member->isArrow() && member->getBase()->getType()->getPointeeType().isVolatileQualified())) {
        return kNone;
    }
    const EvaluationPoint at{"", Point{call, nullptr}};
    const Symbolic cell = addresses_.location_address(member, at, 0);
    if (cell.kind == Base::Unknown) return kNone;
    std::vector<std::uint32_t> needs_fresh;
    const Store* store = forwarding_store(cell, at, 0, needs_fresh);
    // A store forwarded only if some calls between allocate is not a fact of every run.
    if (store == nullptr || !needs_fresh.empty() || !cell.needs_fresh.empty()) return kNone;
    auto it = function().stored_terms.find(store->site);
    return it == function().stored_terms.end() ? kNone : it->second;
}

void StoreForwarding::forward_field_arguments() {
    for (const clang::CallExpr* call : function().translated_calls) {
        CallSite& site = current().calls[function().call_index.at(call)];
        for (unsigned i = 0; i < site.args.size() && i < call->getNumArgs(); ++i) {
            CallValue& arg = site.args[i];
            if (arg.term == kNone || arg.aggregate) continue;
            if (const TermId stored = forwarded_argument(call->getArg(i), call); stored != kNone)
                arg.term = stored;
        }
    }
}

const Store* StoreForwarding::forwarding_store(const Symbolic& cell, const EvaluationPoint& at, int depth,
                                               std::vector<std::uint32_t>& needs_fresh) {
    if (locals() == nullptr || depth > kMaxAddressDepth || !cell.offset || !locals()->in_graph(at.point) ||
        at.point.entry())
        return nullptr;
    for (const Store& store : stores()) {
        if (store.value == nullptr || store.address.kind == Base::Unknown ||
            store.address.base != cell.base || store.address.offset != cell.offset) {
            continue;
        }
        const Point from{store.site, nullptr};
        // The store happens on every path to the load ...
        if (!locals()->in_graph(from) || locals()->reaches_avoiding(Point{}, at.point, from)) continue;
        // ... and nothing that may write the cell comes between.
        const LocalDefinitions::PathSet between = locals()->between(from, at.point, from);
        if (!between.known()) continue;
        if (overwritten_between(store, between, cell) || calls_may_write(between, cell, depth, needs_fresh))
            continue;
        return &store;
    }
    return nullptr;
}

bool StoreForwarding::overwritten_between(const Store& store, const LocalDefinitions::PathSet& between,
                                          const Symbolic& cell) {
    for (const Store& other : stores()) {
        if (&other != &store && between.contains(Point{other.site, nullptr}) &&
            may_overwrite(other.target, other.address, cell)) {
            return true;
        }
    }
    return false;
}

bool StoreForwarding::calls_may_write(const LocalDefinitions::PathSet& between, const Symbolic& cell,
                                      int depth, std::vector<std::uint32_t>& needs_fresh) {
    needs_fresh.clear();
    for (const clang::CallExpr* call : calls_in_body()) {
        if (!between.contains(Point{call, nullptr})) continue;
        const clang::FunctionDecl* callee = call->getDirectCallee();
        if (callee != nullptr && callee->getBuiltinID() != 0 && function().call_index.count(call) == 0)
            continue;
        const LibraryModel* model = callee != nullptr ? find_library_model(callee->getName()) : nullptr;
        if (model != nullptr && (model->kind == ModelKind::NoEffect || model->kind == ModelKind::Allocate ||
                                 model->kind == ModelKind::ReturnStatic)) {
            continue;  // writes none of the program's memory
        }
        if (model != nullptr &&
            (model->kind == ModelKind::CopyPointees || model->kind == ModelKind::ReturnArg) &&
            model->arg < call->getNumArgs()) {
            // memcpy, memset, fgets: they write through their destination, which may
            // be a new block other than the cell's object.
            const EvaluationPoint call_at{"c" + expression_key(call), Point{call, nullptr}};
            const Symbolic written = addresses_.pointer_address(call->getArg(model->arg), call_at, depth + 1);
            if (written.allocation != kNone && cell.allocation != kNone &&
                written.allocation != cell.allocation) {
                needs_fresh.push_back(written.allocation);
                needs_fresh.push_back(cell.allocation);
                needs_fresh.insert(needs_fresh.end(), written.needs_fresh.begin(), written.needs_fresh.end());
                continue;
            }
        }
        // Any other call may write the cell unless it only allocates (an allocation hook
        // between two stores, say), which is known once its targets are.
        const auto index = function().call_index.find(call);
        if (index == function().call_index.end() || model != nullptr) {
            return true;
        }
        needs_fresh.push_back(index->second);
    }
    return false;
}

}  // namespace galias::frontend::detail
