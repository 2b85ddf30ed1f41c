// Where a call's arguments point relative to the calling function's own values
// (frontend/translator.hpp; docs/FACTS.md, "Argument addresses").
//
// An argument is followed back through casts, pointer arithmetic, field and element
// addresses and the single reaching definitions of tracked locals to a *base*: a named
// variable, or a value the function computes (a parameter on entry, a phi, a load, a call's
// result). Two arguments of one call with equal bases point into one object at known
// distances; this is what proves an overlap ("must") and what separates two fields of one
// struct. A base that is a call's result may be fresh memory; whether each other argument
// can point into that block is decided here on the control-flow graph:
//   - a value computed before the allocation on every path to the call (its definition is
//     followed by the allocation on every path) existed before the block did;
//   - a block that is neither stored nor passed anywhere between the allocation and the
//     call can only be reached through the function's own copies of the result.
// Whether the call really returns fresh memory is known only once its callee is (an
// allocator, an allocation wrapper, a hook that reaches only those): fact_emitter.cpp.
#include <clang/AST/RecordLayout.h>
#include <clang/Basic/Builtins.h>

#include <algorithm>

#include "frontend/library_models.hpp"
#include "frontend/translator.hpp"

namespace galias::frontend::detail {

namespace {

using Base = facts::ArgumentAddress::Base;
using Point = LocalDefinitions::Point;

// Followed definitions and subexpressions; deeper chains are left unknown.
constexpr int kMaxDepth = 24;

}  // namespace

std::optional<std::int64_t> Translator::constant_of(const clang::Expr* e) {
    if (e == nullptr || e->isValueDependent()) return std::nullopt;
    clang::Expr::EvalResult result;
    if (!e->EvaluateAsInt(result, ast())) return std::nullopt;
    const llvm::APSInt& value = result.Val.getInt();
    if (value.getMinSignedBits() > 64) return std::nullopt;
    return value.getExtValue();
}

std::optional<Translator::KeyedSum> Translator::KeyedSum::plus(const std::optional<KeyedSum>& a,
                                                               const std::optional<KeyedSum>& b,
                                                               std::int64_t scale) {
    if (!a || !b) return std::nullopt;
    KeyedSum out = *a;
    std::int64_t scaled = 0;
    if (__builtin_mul_overflow(b->constant, scale, &scaled) ||
        __builtin_add_overflow(out.constant, scaled, &out.constant)) {
        return std::nullopt;
    }
    for (const auto& [key, term] : b->terms) {
        if (__builtin_mul_overflow(term.coefficient, scale, &scaled)) return std::nullopt;
        Term& sum = out.terms.try_emplace(key, Term{0, term.nonnegative}).first->second;
        if (__builtin_add_overflow(sum.coefficient, scaled, &sum.coefficient)) return std::nullopt;
        if (sum.coefficient == 0) out.terms.erase(key);
    }
    return out;
}

std::optional<std::string> Translator::integer_cell(const clang::Expr* e, const EvaluationPoint& at,
                                                    int depth) {
    if (depth > kMaxDepth || e == nullptr || e->getType().isVolatileQualified()) return std::nullopt;
    e = e->IgnoreParens();
    // The pointer an integer is read through, as "[base+offset]".
    const auto through = [&](const clang::Expr* pointer) -> std::optional<std::string> {
        const Symbolic p = pointer_address(pointer, at, depth + 1);
        if (p.kind == Base::Unknown || !p.offset) return std::nullopt;
        return "[" + p.base + "+" + std::to_string(*p.offset) + "]";
    };
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        if (var == nullptr) return std::nullopt;
        return "v" + expression_key(var->getCanonicalDecl());
    }
    if (const auto* member = llvm::dyn_cast<clang::MemberExpr>(e)) {
        const std::optional<std::string> outer =
            member->isArrow() ? through(member->getBase()) : integer_cell(member->getBase(), at, depth + 1);
        if (!outer) return std::nullopt;
        return *outer + ".f" + expression_key(member->getMemberDecl()->getCanonicalDecl());
    }
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e);
        unary != nullptr && unary->getOpcode() == clang::UO_Deref)
        return through(unary->getSubExpr());
    return std::nullopt;
}

std::optional<Translator::KeyedSum> Translator::integer_sum(const clang::Expr* e, const EvaluationPoint& at,
                                                            int depth) {
    if (depth > kMaxDepth || e == nullptr || !e->getType()->isIntegerType()) return std::nullopt;
    if (const std::optional<std::int64_t> c = constant_of(e)) return KeyedSum{*c, {}};
    e = e->IgnoreParens();
    if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(e)) {
        switch (cast->getCastKind()) {
            case clang::CK_LValueToRValue: {
                const std::optional<std::string> cell = integer_cell(cast->getSubExpr(), at, depth + 1);
                if (!cell) return std::nullopt;
                KeyedSum read;
                read.terms.emplace(*cell + "@" + at.key,
                                   KeyedSum::Term{1, e->getType()->isUnsignedIntegerType()});
                return read;
            }
            case clang::CK_IntegralCast:  // taken as exact: see facts/linear_form.hpp
            case clang::CK_NoOp:
                return integer_sum(cast->getSubExpr(), at, depth + 1);
            default:
                return std::nullopt;
        }
    }
    if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(e)) {
        const clang::Expr* lhs = binary->getLHS();
        const clang::Expr* rhs = binary->getRHS();
        switch (binary->getOpcode()) {
            case clang::BO_Add:
            case clang::BO_Sub:
                return KeyedSum::plus(integer_sum(lhs, at, depth + 1), integer_sum(rhs, at, depth + 1),
                                      binary->getOpcode() == clang::BO_Sub ? -1 : 1);
            case clang::BO_Mul: {
                if (const std::optional<std::int64_t> c = constant_of(lhs))
                    return KeyedSum::plus(KeyedSum{}, integer_sum(rhs, at, depth + 1), *c);
                if (const std::optional<std::int64_t> c = constant_of(rhs))
                    return KeyedSum::plus(KeyedSum{}, integer_sum(lhs, at, depth + 1), *c);
                return std::nullopt;
            }
            case clang::BO_Shl: {
                const std::optional<std::int64_t> c = constant_of(rhs);
                if (!c || *c < 0 || *c > 32) return std::nullopt;
                return KeyedSum::plus(KeyedSum{}, integer_sum(lhs, at, depth + 1), std::int64_t{1} << *c);
            }
            default:
                return std::nullopt;
        }
    }
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e)) {
        if (unary->getOpcode() == clang::UO_Minus)
            return KeyedSum::plus(KeyedSum{}, integer_sum(unary->getSubExpr(), at, depth + 1), -1);
        if (unary->getOpcode() == clang::UO_Plus) return integer_sum(unary->getSubExpr(), at, depth + 1);
    }
    return std::nullopt;
}

Translator::Symbolic Translator::advanced(Symbolic s, clang::QualType pointee, const clang::Expr* count,
                                          bool subtract, const EvaluationPoint& at, int depth) {
    if (s.kind == Base::Unknown) return s;
    std::optional<std::int64_t> step;
    if (pointee->isVoidType()) {
        step = 1;  // GNU arithmetic on void *
    } else if (!pointee->isIncompleteType() && !pointee->isFunctionType() && !pointee->isDependentType()) {
        step = ast().getTypeSizeInChars(pointee).getQuantity();
    }
    const std::optional<std::int64_t> n = count != nullptr ? constant_of(count) : std::nullopt;
    if (step && count != nullptr) {
        const std::optional<KeyedSum> elements = n ? KeyedSum{*n, {}} : integer_sum(count, at, depth + 1);
        s.sum = KeyedSum::plus(s.sum, elements, subtract ? -*step : *step);
    } else {
        s.sum.reset();
    }
    if (!step || !n || !s.offset) {
        s.offset.reset();
        // Indexing an array member stays inside it (C11 6.5.6); any other arithmetic by an
        // unknown amount may leave the member: `&s.f1 + i` may reach every field.
        if (!s.array) s.record.clear();
        return s;
    }
    const std::int64_t delta = (subtract ? -*n : *n) * *step;
    s.offset = *s.offset + delta;
    if (!s.record.empty() && !s.array) {
        // Stepping a pointer to a member by whole elements leaves the member.
        if (delta != 0) s.record.clear();
    } else if (!s.record.empty()) {
        const std::int64_t moved = static_cast<std::int64_t>(s.lo) + delta;
        if (moved < static_cast<std::int64_t>(s.lo) || moved > static_cast<std::int64_t>(s.hi))
            s.record.clear();
    }
    return s;
}

Translator::Symbolic Translator::definition_address(DefinitionId definition, int depth) {
    if (auto it = definition_addresses_.find(definition); it != definition_addresses_.end())
        return it->second;
    definition_addresses_.emplace(definition, Symbolic::unknown());  // a cycle through a loop: unknown
    const std::uint64_t untranslated_before = untranslated_calls_met_;
    const LocalDefinition& d = locals()->definition(definition);
    const EvaluationPoint at{"d" + std::to_string(definition), locals()->point_of(definition)};
    Symbolic s;
    switch (d.kind) {
        case LocalDefinition::Kind::Uninit:
            break;
        case LocalDefinition::Kind::Entry:
            s.kind = Base::Value;
            s.base =
                "param#" + std::to_string(llvm::cast<clang::ParmVarDecl>(d.var)->getFunctionScopeIndex());
            s.born.push_back(Point{});
            break;
        case LocalDefinition::Kind::Init: {
            const clang::Expr* init = d.var->getInit();
            if (const auto* list = llvm::dyn_cast_or_null<clang::InitListExpr>(init->IgnoreParens())) {
                init = list->getNumInits() == 1 ? list->getInit(0) : nullptr;
            }
            if (init != nullptr) s = pointer_address(init, at, depth + 1);
            break;
        }
        case LocalDefinition::Kind::Assign: {
            const auto* assign = llvm::cast<clang::BinaryOperator>(d.site);
            if (assign->getOpcode() == clang::BO_Assign) {
                s = pointer_address(assign->getRHS(), at, depth + 1);
            } else if (assign->getOpcode() == clang::BO_AddAssign ||
                       assign->getOpcode() == clang::BO_SubAssign) {
                s = loaded_address(assign->getLHS(), at, depth + 1);
                if (assign->getLHS()->getType()->isPointerType()) {
                    s = advanced(s, assign->getLHS()->getType()->getPointeeType(), assign->getRHS(),
                                 assign->getOpcode() == clang::BO_SubAssign, at, depth + 1);
                } else {
                    s = Symbolic::unknown();  // integer arithmetic (--integer-pointers)
                }
            }
            break;
        }
        case LocalDefinition::Kind::Update: {
            const auto* update = llvm::cast<clang::UnaryOperator>(d.site);
            s = loaded_address(update->getSubExpr(), at, depth + 1);
            const clang::QualType type = update->getSubExpr()->getType();
            if (type->isPointerType()) {
                clang::IntegerLiteral one(ast(), llvm::APInt(32, 1), ast().IntTy, clang::SourceLocation());
                s = advanced(s, type->getPointeeType(), &one, update->isDecrementOp(), at, depth + 1);
            } else {
                s = Symbolic::unknown();
            }
            break;
        }
    }
    if (untranslated_calls_met_ == untranslated_before)
        definition_addresses_[definition] = s;
    else
        definition_addresses_.erase(definition);  // asked again once the call is translated
    return s;
}

bool Translator::null_definition(DefinitionId definition) const {
    const LocalDefinition& d = locals()->definition(definition);
    const clang::Expr* value = nullptr;
    if (d.kind == LocalDefinition::Kind::Init) {
        value = d.var->getInit();
    } else if (d.kind == LocalDefinition::Kind::Assign) {
        const auto* assign = llvm::cast<clang::BinaryOperator>(d.site);
        if (assign->getOpcode() == clang::BO_Assign) value = assign->getRHS();
    }
    return value != nullptr && !value->isValueDependent() && is_null_constant(value, ast());
}

Translator::Symbolic Translator::loaded_address(const clang::Expr* location, const EvaluationPoint& at,
                                                int depth) {
    if (depth > kMaxDepth) return Symbolic::unknown();
    if (const clang::DeclRefExpr* tracked = tracked_reference(location)) {
        // A definition that leaves the variable null points nowhere: the value, where it
        // points anywhere, is one of the others (`p = NULL; if (c) p = malloc(n); if (p) ...`).
        std::vector<DefinitionId> reaching;
        for (DefinitionId d : locals()->reaching(tracked)) {
            if (locals()->definition(d).kind != LocalDefinition::Kind::Uninit && !null_definition(d))
                reaching.push_back(d);
        }
        if (reaching.size() == 1) return definition_address(reaching.front(), depth + 1);
        if (reaching.empty()) return Symbolic::unknown();
        // Several definitions reach: their join is one value at this point.
        Symbolic s;
        s.kind = Base::Value;
        s.base = "phi";
        for (DefinitionId d : reaching) {
            s.base += ":" + std::to_string(d);
            s.born.push_back(locals()->point_of(d));
        }
        return s;
    }
    const Symbolic where = location_address(location, at, depth + 1);
    if (where.kind == Base::Unknown || !where.offset) {
        // A read from a place not known exactly (`q->queue[i]->path`): a value equal only to
        // itself (another read of the same place may see another value), but one whose
        // birth is known: read before an allocation, it cannot point into the new block.
        Symbolic s;
        s.kind = Base::Value;
        s.base = "read#" + std::to_string(++inexact_reads_);
        s.born.push_back(at.point);
        return s;
    }
    if (std::optional<Symbolic> stored = forwarded(where, at, depth + 1)) return *stored;
    Symbolic s;
    s.kind = Base::Value;
    s.base = "load(" + where.base + "+" + std::to_string(*where.offset) + ")@" + at.key;
    s.born.push_back(at.point);
    s.needs_fresh = where.needs_fresh;
    s.cell = std::make_shared<const Symbolic>(where);
    return s;
}

const std::vector<Translator::Store>& Translator::stores() {
    if (stores_) return *stores_;
    stores_.emplace();
    if (function().decl == nullptr || function().decl->getBody() == nullptr) return *stores_;
    std::vector<const clang::Stmt*> work{function().decl->getBody()};
    while (!work.empty()) {
        const clang::Stmt* s = work.back();
        work.pop_back();
        if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(s)) continue;  // not evaluated
        for (const clang::Stmt* child : s->children()) {
            if (child != nullptr) work.push_back(child);
        }
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
        if (target == nullptr || tracked_reference(target) != nullptr) continue;
        const auto* site = llvm::cast<clang::Expr>(s);
        const EvaluationPoint at{"s" + expression_key(site), Point{site, nullptr}};
        stores_->push_back(Store{site, target, value, location_address(target, at, 0)});
    }
    return *stores_;
}

// A member of another struct type, or disjoint bytes of the same one, cannot be the cell
// (C's effective types, as the field model assumes); nor can a store of a number.
bool Translator::may_overwrite(const clang::Expr* target, const Symbolic& address, const Symbolic& cell) {
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

std::optional<Translator::Symbolic> Translator::forwarded(const Symbolic& cell, const EvaluationPoint& at,
                                                          int depth) {
    std::vector<std::uint32_t> needs_fresh;
    const Store* store = forwarding_store(cell, at, depth, needs_fresh);
    if (store == nullptr) return std::nullopt;
    const EvaluationPoint stored_at{"s" + expression_key(store->site), Point{store->site, nullptr}};
    Symbolic value = pointer_address(store->value, stored_at, depth + 1);
    if (value.kind == Base::Unknown) return std::nullopt;
    value.needs_fresh.insert(value.needs_fresh.end(), needs_fresh.begin(), needs_fresh.end());
    value.needs_fresh.insert(value.needs_fresh.end(), cell.needs_fresh.begin(), cell.needs_fresh.end());
    return value;
}

TermId Translator::forwarded_argument(const clang::Expr* arg, const clang::CallExpr* call) {
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
    const Symbolic cell = location_address(member, at, 0);
    if (cell.kind == Base::Unknown) return kNone;
    std::vector<std::uint32_t> needs_fresh;
    const Store* store = forwarding_store(cell, at, 0, needs_fresh);
    // A store forwarded only if some calls between allocate is not a fact of every run.
    if (store == nullptr || !needs_fresh.empty() || !cell.needs_fresh.empty()) return kNone;
    auto it = function().stored_terms.find(store->site);
    return it == function().stored_terms.end() ? kNone : it->second;
}

void Translator::forward_field_arguments() {
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

const Translator::Store* Translator::forwarding_store(const Symbolic& cell, const EvaluationPoint& at,
                                                      int depth, std::vector<std::uint32_t>& needs_fresh) {
    if (locals() == nullptr || depth > kMaxDepth || !cell.offset || !locals()->in_graph(at.point) ||
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
        bool overwritten = false;
        for (const Store& other : stores()) {
            if (&other != &store && between.contains(Point{other.site, nullptr}) &&
                may_overwrite(other.target, other.address, cell)) {
                overwritten = true;
                break;
            }
        }
        if (overwritten) continue;
        needs_fresh.clear();
        for (const clang::CallExpr* call : calls_in_body()) {
            if (!between.contains(Point{call, nullptr})) continue;
            const clang::FunctionDecl* callee = call->getDirectCallee();
            if (callee != nullptr && callee->getBuiltinID() != 0 && function().call_index.count(call) == 0)
                continue;
            const LibraryModel* model = callee != nullptr ? find_library_model(callee->getName()) : nullptr;
            if (model != nullptr &&
                (model->kind == ModelKind::NoEffect || model->kind == ModelKind::Allocate ||
                 model->kind == ModelKind::ReturnStatic)) {
                continue;  // writes none of the program's memory
            }
            if (model != nullptr &&
                (model->kind == ModelKind::CopyPointees || model->kind == ModelKind::ReturnArg) &&
                model->arg < call->getNumArgs()) {
                // memcpy, memset, fgets: they write through their destination, which may
                // be a new block other than the cell's object.
                const EvaluationPoint call_at{"c" + expression_key(call), Point{call, nullptr}};
                const Symbolic written = pointer_address(call->getArg(model->arg), call_at, depth + 1);
                if (written.allocation != kNone && cell.allocation != kNone &&
                    written.allocation != cell.allocation) {
                    needs_fresh.push_back(written.allocation);
                    needs_fresh.push_back(cell.allocation);
                    needs_fresh.insert(needs_fresh.end(), written.needs_fresh.begin(),
                                       written.needs_fresh.end());
                    continue;
                }
            }
            // Any other call may write the cell unless it only allocates (an allocation hook
            // between two stores, say), which is known once its targets are.
            const auto index = function().call_index.find(call);
            if (index == function().call_index.end() || model != nullptr) {
                overwritten = true;
                break;
            }
            needs_fresh.push_back(index->second);
        }
        if (overwritten) continue;
        return &store;
    }
    return nullptr;
}

Translator::Symbolic Translator::location_address(const clang::Expr* e, const EvaluationPoint& at,
                                                  int depth) {
    if (depth > kMaxDepth || e == nullptr) return Symbolic::unknown();
    e = e->IgnoreParens();
    switch (e->getStmtClass()) {
        case clang::Stmt::DeclRefExprClass: {
            const clang::ValueDecl* decl = llvm::cast<clang::DeclRefExpr>(e)->getDecl();
            Symbolic s;
            s.kind = Base::Object;
            if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) {
                // A variable of this call of the function ("frame:") came into being after
                // every parameter got its value: no parameter can point into it.
                s.object = entities_.entity_for(var);
                s.base = (var->hasLocalStorage() ? "frame:" : "object:") + ir().entities[s.object].key;
                const clang::QualType type = var->getType().getCanonicalType();
                if (const auto* record = type->getAsRecordDecl();
                    record != nullptr && !type->isIncompleteType()) {
                    s.record = fields().record_name(record);
                    s.hi = static_cast<std::uint64_t>(ast().getTypeSizeInChars(type).getQuantity());
                }
            } else if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
                s.base = "function:" + fd->getNameAsString();
            } else {
                return Symbolic::unknown();
            }
            return s;
        }
        case clang::Stmt::MemberExprClass: {
            const auto* member = llvm::cast<clang::MemberExpr>(e);
            const auto* field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
            if (field == nullptr || field->isBitField()) return Symbolic::unknown();
            Symbolic s = member->isArrow() ? pointer_address(member->getBase(), at, depth + 1)
                                           : location_address(member->getBase(), at, depth + 1);
            if (s.kind == Base::Unknown) return s;
            const clang::RecordDecl* parent = field->getParent();
            const std::int64_t offset = static_cast<std::int64_t>(
                ast()
                    .toCharUnitsFromBits(static_cast<std::int64_t>(
                        ast().getASTRecordLayout(parent).getFieldOffset(field->getFieldIndex())))
                    .getQuantity());
            const clang::QualType type = field->getType();
            const std::uint64_t size =
                type->isIncompleteType()
                    ? ~std::uint64_t{0} / 2  // a flexible array member: to the block's end
                    : static_cast<std::uint64_t>(ast().getTypeSizeInChars(type).getQuantity());
            if (s.offset) s.offset = *s.offset + offset;
            s.sum = KeyedSum::plus(s.sum, KeyedSum{offset, {}}, 1);
            if (member->isArrow() || s.record.empty()) {
                // p->f (or v.f of a variable): confined to f's bytes of the record p points to.
                s.record = fields().record_name(parent);
                s.lo = static_cast<std::uint64_t>(offset);
            } else {
                s.lo += static_cast<std::uint64_t>(offset);  // v.in.f: narrows within the outer record
            }
            s.hi = s.lo + size;
            s.array = type->isArrayType();
            return s;
        }
        case clang::Stmt::ArraySubscriptExprClass: {
            const auto* subscript = llvm::cast<clang::ArraySubscriptExpr>(e);
            const clang::Expr* base = subscript->getBase();
            const clang::Expr* index = subscript->getIdx();
            if (!base->getType()->isPointerType()) std::swap(base, index);  // 3[a]
            if (!base->getType()->isPointerType()) return Symbolic::unknown();
            return advanced(pointer_address(base, at, depth + 1), base->getType()->getPointeeType(), index,
                            false, at, depth + 1);
        }
        case clang::Stmt::UnaryOperatorClass: {
            const auto* unary = llvm::cast<clang::UnaryOperator>(e);
            if (unary->getOpcode() == clang::UO_Deref)
                return pointer_address(unary->getSubExpr(), at, depth + 1);
            if (unary->getOpcode() == clang::UO_Extension)
                return location_address(unary->getSubExpr(), at, depth + 1);
            return Symbolic::unknown();
        }
        case clang::Stmt::CompoundLiteralExprClass: {
            Symbolic s;
            s.kind = Base::Object;
            s.base = "literal:" + expression_key(e);
            if (const std::optional<TermId> literal = entities_.literal(e))
                s.object = terms()[*literal].entity;
            return s;
        }
        case clang::Stmt::StringLiteralClass: {
            // Equal literals may share storage: a value, not an object of its own.
            Symbolic s;
            s.kind = Base::Value;
            s.base = "string:" + expression_key(e);
            s.born.push_back(Point{});
            return s;
        }
        case clang::Stmt::ImplicitCastExprClass:
        case clang::Stmt::CStyleCastExprClass: {
            const auto* cast = llvm::cast<clang::CastExpr>(e);
            if (cast->getCastKind() == clang::CK_NoOp || cast->getCastKind() == clang::CK_LValueBitCast)
                return location_address(cast->getSubExpr(), at, depth + 1);
            return Symbolic::unknown();
        }
        default:
            return Symbolic::unknown();
    }
}

Translator::Symbolic Translator::pointer_address(const clang::Expr* e, const EvaluationPoint& at, int depth) {
    if (depth > kMaxDepth || e == nullptr) return Symbolic::unknown();
    e = e->IgnoreParens();
    switch (e->getStmtClass()) {
        case clang::Stmt::ImplicitCastExprClass:
        case clang::Stmt::CStyleCastExprClass: {
            const auto* cast = llvm::cast<clang::CastExpr>(e);
            const clang::Expr* sub = cast->getSubExpr();
            switch (cast->getCastKind()) {
                case clang::CK_LValueToRValue:
                    return loaded_address(sub, at, depth + 1);
                case clang::CK_ArrayToPointerDecay:
                case clang::CK_FunctionToPointerDecay:
                case clang::CK_BuiltinFnToFnPtr:
                    return location_address(sub, at, depth + 1);
                case clang::CK_NoOp:
                case clang::CK_BitCast:
                case clang::CK_AddressSpaceConversion:
                    return pointer_address(sub, at, depth + 1);
                case clang::CK_PointerToIntegral:
                case clang::CK_IntegralToPointer:
                case clang::CK_IntegralCast:
                    // Tracked integers carry addresses (--integer-pointers), not offsets.
                    if (types().is_tracked_integer(cast->getType()) ||
                        types().is_tracked_integer(sub->getType()) || cast->getType()->isPointerType()) {
                        Symbolic s = pointer_address(sub, at, depth + 1);
                        if (cast->getCastKind() != clang::CK_IntegralCast) s.record.clear();
                        return s;
                    }
                    return Symbolic::unknown();
                default:
                    return Symbolic::unknown();
            }
        }
        case clang::Stmt::UnaryOperatorClass: {
            const auto* unary = llvm::cast<clang::UnaryOperator>(e);
            switch (unary->getOpcode()) {
                case clang::UO_AddrOf:
                    return location_address(unary->getSubExpr(), at, depth + 1);
                case clang::UO_Extension:
                    return pointer_address(unary->getSubExpr(), at, depth + 1);
                case clang::UO_PreInc:
                case clang::UO_PreDec:
                    if (tracked_reference(unary->getSubExpr()) != nullptr) {
                        const DefinitionId d = locals()->definition_at(unary);
                        return d == LocalDefinitions::kNoDefinition ? Symbolic::unknown()
                                                                    : definition_address(d, depth + 1);
                    }
                    return Symbolic::unknown();
                case clang::UO_PostInc:
                case clang::UO_PostDec:
                    return loaded_address(unary->getSubExpr(), at, depth + 1);  // the value before
                default:
                    return Symbolic::unknown();
            }
        }
        case clang::Stmt::BinaryOperatorClass:
        case clang::Stmt::CompoundAssignOperatorClass: {
            const auto* binary = llvm::cast<clang::BinaryOperator>(e);
            switch (binary->getOpcode()) {
                case clang::BO_Add:
                case clang::BO_Sub: {
                    const bool left = binary->getLHS()->getType()->isPointerType();
                    const clang::Expr* pointer = left ? binary->getLHS() : binary->getRHS();
                    const clang::Expr* count = left ? binary->getRHS() : binary->getLHS();
                    if (!pointer->getType()->isPointerType() || count->getType()->isPointerType())
                        return Symbolic::unknown();
                    return advanced(pointer_address(pointer, at, depth + 1),
                                    pointer->getType()->getPointeeType(), count,
                                    binary->getOpcode() == clang::BO_Sub, at, depth + 1);
                }
                case clang::BO_Comma:
                    return pointer_address(binary->getRHS(), at, depth + 1);
                case clang::BO_Assign:
                case clang::BO_AddAssign:
                case clang::BO_SubAssign:
                    if (tracked_reference(binary->getLHS()) != nullptr) {
                        const DefinitionId d = locals()->definition_at(binary);
                        return d == LocalDefinitions::kNoDefinition ? Symbolic::unknown()
                                                                    : definition_address(d, depth + 1);
                    }
                    return binary->getOpcode() == clang::BO_Assign
                               ? pointer_address(binary->getRHS(), at, depth + 1)
                               : Symbolic::unknown();
                default:
                    return Symbolic::unknown();
            }
        }
        case clang::Stmt::CallExprClass: {
            const auto* call = llvm::cast<clang::CallExpr>(e);
            if (const clang::FunctionDecl* callee = call->getDirectCallee()) {
                switch (callee->getBuiltinID()) {
                    case clang::Builtin::BI__builtin_expect:
                    case clang::Builtin::BI__builtin_expect_with_probability:
                    case clang::Builtin::BI__builtin_assume_aligned:
                    case clang::Builtin::BI__builtin_launder:
                        return call->getNumArgs() > 0 ? pointer_address(call->getArg(0), at, depth + 1)
                                                      : Symbolic::unknown();
                    default:
                        break;
                }
            }
            Symbolic s;
            s.kind = Base::Value;
            auto it = function().call_index.find(call);
            if (it != function().call_index.end()) {
                s.allocation = it->second;
                s.base = "call:" + std::to_string(it->second);
            } else {
                s.base = "call@" + expression_key(call);
                ++untranslated_calls_met_;
            }
            s.born.push_back(Point{call, nullptr});
            return s;
        }
        case clang::Stmt::StmtExprClass: {
            const clang::CompoundStmt* body = llvm::cast<clang::StmtExpr>(e)->getSubStmt();
            const auto* last = body->body_empty() ? nullptr : llvm::dyn_cast<clang::Expr>(body->body_back());
            return last != nullptr ? pointer_address(last, at, depth + 1) : Symbolic::unknown();
        }
        case clang::Stmt::DeclRefExprClass:
        case clang::Stmt::MemberExprClass:
        case clang::Stmt::ArraySubscriptExprClass:
            if (e->isGLValue()) return loaded_address(e, at, depth + 1);
            return Symbolic::unknown();
        default:
            return Symbolic::unknown();
    }
}

bool Translator::stays_private(const clang::Stmt* node, const std::string& block, const clang::CallExpr* use,
                               std::vector<Symbolic>& cells) {
    while (true) {
        const clang::Stmt* parent = parent_of(node);
        if (parent == nullptr) return false;
        const clang::Stmt* above = parent_of(parent);
        const auto address_taken = [&] {
            const auto* addr = llvm::dyn_cast_or_null<clang::UnaryOperator>(above);
            const auto* decay = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(above);
            return (addr != nullptr && addr->getOpcode() == clang::UO_AddrOf) ||
                   (decay != nullptr && decay->getCastKind() == clang::CK_ArrayToPointerDecay);
        };
        // Statements: a condition, or a value computed and dropped.
        if (!llvm::isa<clang::Expr>(parent)) {
            if (llvm::isa<clang::ReturnStmt>(parent) || llvm::isa<clang::AsmStmt>(parent)) return false;
            if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(parent)) {
                for (const clang::Decl* d : decls->decls()) {
                    const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
                    if (var == nullptr || var->getInit() == nullptr || var->getInit()->IgnoreParens() != node)
                        continue;
                    if (!locals()->tracked(var)) return false;
                    const DefinitionId def = locals()->definition_of_declaration(var);
                    return def != LocalDefinitions::kNoDefinition && definition_address(def, 0).base == block;
                }
                return false;
            }
            const auto* body = llvm::dyn_cast<clang::CompoundStmt>(parent);
            if (body != nullptr && !body->body_empty() && body->body_back() == node &&
                llvm::isa_and_nonnull<clang::StmtExpr>(above)) {
                node = above;  // ({ ...; p; }) has p's value
                continue;
            }
            return true;
        }
        if (llvm::isa<clang::ParenExpr>(parent)) {
            node = parent;
            continue;
        }
        if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(parent)) {
            switch (cast->getCastKind()) {
                case clang::CK_PointerToBoolean:
                case clang::CK_ToVoid:
                    return true;
                case clang::CK_PointerToIntegral:
                    return false;
                default:
                    node = parent;
                    continue;
            }
        }
        if (const auto* conditional = llvm::dyn_cast<clang::AbstractConditionalOperator>(parent)) {
            if (conditional->getCond() == node) return true;
            node = parent;  // a branch: the result may be the block
            continue;
        }
        if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(parent)) {
            if (binary->isComparisonOp() || binary->isLogicalOp()) return true;
            if (binary->isAdditiveOp()) {
                node = parent;  // pointer arithmetic: still the block
                continue;
            }
            if (binary->getOpcode() == clang::BO_Comma) {
                if (binary->getLHS() == node) return true;
                node = parent;
                continue;
            }
            if (binary->getOpcode() == clang::BO_Assign && binary->getRHS() == node) {
                if (tracked_reference(binary->getLHS()) == nullptr) {
                    // Stored into memory: into a cell it can be read back from only.
                    const EvaluationPoint at{"s" + expression_key(binary), Point{binary, nullptr}};
                    Symbolic cell = location_address(binary->getLHS(), at, 0);
                    if (cell.kind == Base::Unknown || !cell.offset) return false;
                    cells.push_back(std::move(cell));
                    node = parent;
                    continue;
                }
                // Into a tracked local whose definition is known to hold the block (its own
                // reads are followed); the assignment's value goes on.
                const DefinitionId d = locals()->definition_at(binary);
                if (d == LocalDefinitions::kNoDefinition || definition_address(d, 0).base != block)
                    return false;
                node = parent;
                continue;
            }
            return false;
        }
        if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(parent)) {
            if (unary->getOpcode() == clang::UO_LNot) return true;
            if (unary->getOpcode() == clang::UO_Deref) {
                if (!address_taken()) return true;  // *p: the block's contents
                node = above;
                continue;
            }
            return false;
        }
        if (llvm::isa<clang::MemberExpr>(parent) || llvm::isa<clang::ArraySubscriptExpr>(parent)) {
            // p->f, p[i]: a part of the block, read or written, unless its address is taken.
            if (!address_taken()) return true;
            node = above;
            continue;
        }
        if (const auto* call = llvm::dyn_cast<clang::CallExpr>(parent)) {
            if (call->getCallee() == node) return false;
            if (call == use) return true;  // the call being described
            const clang::FunctionDecl* callee = call->getDirectCallee();
            const LibraryModel* model = callee != nullptr ? find_library_model(callee->getName()) : nullptr;
            if (model == nullptr) return false;
            // A library function that keeps no pointer, or one that returns its argument
            // while that result is dropped.
            const bool dropped = above == nullptr || !llvm::isa<clang::Expr>(above) ||
                                 (llvm::isa<clang::CastExpr>(above) &&
                                  llvm::cast<clang::CastExpr>(above)->getCastKind() == clang::CK_ToVoid);
            switch (model->kind) {
                case ModelKind::NoEffect:
                    return true;
                case ModelKind::CopyPointees:
                case ModelKind::ReturnArg:
                    return dropped;
                default:
                    return false;
            }
        }
        return false;
    }
}

Translator::Escape Translator::escape_before(const clang::CallExpr* allocation, const clang::CallExpr* use) {
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
    std::vector<const clang::Stmt*> work{function().decl->getBody()};
    while (!work.empty()) {
        const clang::Stmt* s = work.back();
        work.pop_back();
        for (const clang::Stmt* child : s->children()) {
            if (child != nullptr) work.push_back(child);
        }
        const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(s);
        if (ref == nullptr || tracked_reference(ref) == nullptr) continue;
        const auto* read = llvm::dyn_cast_or_null<clang::ImplicitCastExpr>(parent_of(ref));
        if (read == nullptr || read->getCastKind() != clang::CK_LValueToRValue) continue;  // a write
        if (!between.contains(Point{ref, nullptr})) continue;
        bool may_hold = false;
        for (DefinitionId d : locals()->reaching(ref))
            may_hold = may_hold || definition_address(d, 0).base == block;
        if (may_hold && !stays_private(read, block, use, cells)) return escape;
    }
    escape.anywhere = false;
    escape.cells = std::move(cells);
    return escape;
}

// The sums of a call's arguments as linear forms over values named 0, 1, ... in the order of
// their keys, so that two arguments reading the same value name it alike.
void Translator::name_sums(const std::vector<std::optional<KeyedSum>>& sums, CallSite& site) {
    std::map<std::string, std::uint32_t> names;
    for (const std::optional<KeyedSum>& sum : sums) {
        if (!sum) continue;
        for (const auto& entry : sum->terms) names.try_emplace(entry.first, 0);
    }
    std::uint32_t next = 0;
    for (auto& entry : names) entry.second = next++;
    for (std::size_t i = 0; i < sums.size(); ++i) {
        if (!sums[i] || sums[i]->terms.empty()) continue;
        facts::LinearForm form;
        form.constant = sums[i]->constant;
        for (const auto& [key, term] : sums[i]->terms)
            form.terms.push_back(facts::LinearTerm{names.at(key), term.coefficient, term.nonnegative});
        site.args[i].address.linear = std::move(form);
    }
}

void Translator::describe_arguments(const clang::CallExpr* e, CallSite& site) {
    std::size_t pointers = 0;
    for (const CallValue& arg : site.args) pointers += arg.term != kNone && !arg.aggregate ? 1 : 0;
    // One pointer is enough for a release (free(p)), or a call through a function pointer that
    // may be one (a `dispose` hook set to free): the memory checks ask where it points.
    if ((pointers < 2 && !(pointers == 1 && may_release_block(e))) || locals() == nullptr) return;
    const EvaluationPoint here{"", Point{e, nullptr}};
    std::vector<Symbolic> addresses(site.args.size());
    std::vector<std::optional<KeyedSum>> sums(site.args.size());  // offsets and integers not constant
    for (unsigned i = 0; i < site.args.size() && i < e->getNumArgs(); ++i) {
        CallValue& arg = site.args[i];
        if (arg.term == kNone) {
            if (e->getArg(i)->getType()->isIntegerType()) {
                arg.address.constant = constant_of(e->getArg(i));
                if (!arg.address.constant) sums[i] = integer_sum(e->getArg(i), here, 0);
            }
            continue;
        }
        if (arg.aggregate) continue;
        addresses[i] = pointer_address(e->getArg(i), here, 0);
        const Symbolic& s = addresses[i];
        if (s.kind != Base::Unknown && !s.offset) sums[i] = s.sum;
        facts::ArgumentAddress& a = arg.address;
        a.base_kind = s.kind;
        a.base = s.kind == Base::Unknown ? std::string() : s.base;
        a.offset = s.kind == Base::Unknown ? std::nullopt : s.offset;
        if (s.kind != Base::Unknown && !s.record.empty()) {
            a.record = s.record;
            a.lo = s.lo;
            a.hi = s.hi;
        }
        arg.allocation = s.allocation;
        arg.needs_fresh = s.needs_fresh;
    }
    // A call or assignment in one argument may change memory another argument reads, in
    // either order: loads at the call are then not known to be equal.
    bool side_effects = false;
    for (const clang::Expr* arg : e->arguments()) side_effects = side_effects || arg->HasSideEffects(ast());
    for (CallValue& arg : site.args) {
        const std::string& base = arg.address.base;
        if (side_effects && base.rfind("load(", 0) == 0 && base.size() >= 2 &&
            base.compare(base.size() - 2, 2, ")@") == 0) {
            arg.address = facts::ArgumentAddress{};
            arg.allocation = kNone;
            arg.needs_fresh.clear();
        }
    }
    if (!side_effects) name_sums(sums, site);
    // Fresh memory: which other arguments cannot point into each allocation's block.
    const Point here_point{e, nullptr};
    for (unsigned i = 0; i < addresses.size(); ++i) {
        const Symbolic& fresh = addresses[i];
        if (fresh.allocation == kNone || site.args[i].address.base_kind == Base::Unknown) continue;
        const auto allocation =
            std::find_if(function().call_index.begin(), function().call_index.end(),
                         [&](const auto& entry) { return entry.second == fresh.allocation; });
        if (allocation == function().call_index.end()) continue;
        const Point alloc{allocation->first, nullptr};
        // The other value existed before the allocation: computed before it on every path.
        const auto predates = [&](const Symbolic& value, const Point& block) {
            return !value.born.empty() &&
                   std::all_of(value.born.begin(), value.born.end(), [&](const Point& p) {
                       return locals()->in_graph(p) && !locals()->reaches_avoiding(p, here_point, block);
                   });
        };
        std::optional<Escape> escape;
        for (unsigned j = 0; j < addresses.size(); ++j) {
            const Symbolic& other = addresses[j];
            if (j == i || site.args[j].term == kNone || site.args[j].aggregate) continue;
            if (other.kind == Base::Unknown || other.base == fresh.base) continue;
            CallValue::Apart apart{j, {}};
            bool is_apart = other.kind == Base::Object  // a named variable is never a new heap block
                            || predates(other, alloc);
            if (!is_apart && other.base.rfind("phi", 0) != 0) {
                // The block went only into the function's own copies, or into memory cells
                // the other value is not read from.
                if (!escape) escape = escape_before(allocation->first, e);
                if (!escape->anywhere) {
                    is_apart = true;
                    for (const Symbolic& stored : escape->cells) {
                        if (!is_apart) break;
                        const Symbolic* read = other.cell.get();
                        if (read != nullptr && read->base == stored.base) {
                            is_apart = read->offset && stored.offset && *read->offset != *stored.offset;
                        } else if (read != nullptr && stored.allocation != kNone) {
                            // The cell is in an object allocated in this function; the other
                            // was read from an object that existed before that allocation.
                            const auto owner = std::find_if(
                                function().call_index.begin(), function().call_index.end(),
                                [&](const auto& entry) { return entry.second == stored.allocation; });
                            is_apart =
                                owner != function().call_index.end() &&
                                (read->kind == Base::Object || predates(*read, Point{owner->first, nullptr}));
                            if (is_apart) apart.needs_fresh.push_back(stored.allocation);
                        } else {
                            // A value read from no cell (a call's result, a parameter) may come
                            // from the cell, and so may one read from another cell when the
                            // cell is in memory this function did not allocate.
                            is_apart = false;
                        }
                    }
                }
            }
            if (!is_apart) continue;
            apart.needs_fresh.insert(apart.needs_fresh.end(), other.needs_fresh.begin(),
                                     other.needs_fresh.end());
            site.args[i].apart.push_back(std::move(apart));
        }
    }
}

}  // namespace galias::frontend::detail
