// Where a pointer expression points relative to the calling function's own values
// (frontend/translator_addresses.hpp).
#include "frontend/translator_addresses.hpp"

#include <clang/AST/RecordLayout.h>
#include <clang/Basic/Builtins.h>

#include "frontend/translator_forwarding.hpp"
#include "frontend/translator_sums.hpp"

namespace galias::frontend::detail {

namespace {

using Base = facts::ArgumentAddress::Base;
using Point = LocalDefinitions::Point;

}  // namespace

Symbolic SymbolicAddresses::advanced(Symbolic s, clang::QualType pointee, const clang::Expr* count,
                                     bool subtract, const EvaluationPoint& at, int depth) {
    if (s.kind == Base::Unknown) return s;
    std::optional<std::int64_t> step;
    if (pointee->isVoidType()) {
        step = 1;  // GNU arithmetic on void *
    } else if (!pointee->isIncompleteType() && !pointee->isFunctionType() && !pointee->isDependentType()) {
        step = ast().getTypeSizeInChars(pointee).getQuantity();
    }
    const std::optional<std::int64_t> n = count != nullptr ? sums_.constant_of(count) : std::nullopt;
    if (step && count != nullptr) {
        const std::optional<KeyedSum> elements =
            n ? KeyedSum{*n, {}} : sums_.integer_sum(count, at, depth + 1);
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

Symbolic SymbolicAddresses::definition_address(DefinitionId definition, int depth) {
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

bool SymbolicAddresses::null_definition(DefinitionId definition) const {
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

Symbolic SymbolicAddresses::loaded_address(const clang::Expr* location, const EvaluationPoint& at,
                                           int depth) {
    if (depth > kMaxAddressDepth) return Symbolic::unknown();
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
    if (std::optional<Symbolic> stored = forwarding_.forwarded(where, at, depth + 1)) return *stored;
    Symbolic s;
    s.kind = Base::Value;
    s.base = "load(" + where.base + "+" + std::to_string(*where.offset) + ")@" + at.key;
    s.born.push_back(at.point);
    s.needs_fresh = where.needs_fresh;
    s.cell = std::make_shared<const Symbolic>(where);
    return s;
}

Symbolic SymbolicAddresses::location_address(const clang::Expr* e, const EvaluationPoint& at, int depth) {
    if (depth > kMaxAddressDepth || e == nullptr) return Symbolic::unknown();
    e = e->IgnoreParens();
    switch (e->getStmtClass()) {
        case clang::Stmt::DeclRefExprClass:
            return declaration_address(llvm::cast<clang::DeclRefExpr>(e));
        case clang::Stmt::MemberExprClass:
            return member_address(llvm::cast<clang::MemberExpr>(e), at, depth);
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

Symbolic SymbolicAddresses::declaration_address(const clang::DeclRefExpr* ref) {
    const clang::ValueDecl* decl = ref->getDecl();
    Symbolic s;
    s.kind = Base::Object;
    if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) {
        // A variable of this call of the function ("frame:") came into being after every
        // parameter got its value: no parameter can point into it.
        s.object = entities_.entity_for(var);
        s.base = (var->hasLocalStorage() ? "frame:" : "object:") + ir().entities[s.object].key;
        const clang::QualType type = var->getType().getCanonicalType();
        if (const auto* record = type->getAsRecordDecl(); record != nullptr && !type->isIncompleteType()) {
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

Symbolic SymbolicAddresses::member_address(const clang::MemberExpr* member, const EvaluationPoint& at,
                                           int depth) {
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
    const std::uint64_t size = type->isIncompleteType()
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

Symbolic SymbolicAddresses::pointer_address(const clang::Expr* e, const EvaluationPoint& at, int depth) {
    if (depth > kMaxAddressDepth || e == nullptr) return Symbolic::unknown();
    e = e->IgnoreParens();
    switch (e->getStmtClass()) {
        case clang::Stmt::ImplicitCastExprClass:
        case clang::Stmt::CStyleCastExprClass:
            return cast_address(llvm::cast<clang::CastExpr>(e), at, depth);
        case clang::Stmt::UnaryOperatorClass:
            return unary_address(llvm::cast<clang::UnaryOperator>(e), at, depth);
        case clang::Stmt::BinaryOperatorClass:
        case clang::Stmt::CompoundAssignOperatorClass:
            return binary_address(llvm::cast<clang::BinaryOperator>(e), at, depth);
        case clang::Stmt::CallExprClass:
            return call_address(llvm::cast<clang::CallExpr>(e), at, depth);
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

Symbolic SymbolicAddresses::cast_address(const clang::CastExpr* cast, const EvaluationPoint& at, int depth) {
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
            if (types().is_tracked_integer(cast->getType()) || types().is_tracked_integer(sub->getType()) ||
                cast->getType()->isPointerType()) {
                Symbolic s = pointer_address(sub, at, depth + 1);
                if (cast->getCastKind() != clang::CK_IntegralCast) s.record.clear();
                return s;
            }
            return Symbolic::unknown();
        default:
            return Symbolic::unknown();
    }
}

Symbolic SymbolicAddresses::unary_address(const clang::UnaryOperator* unary, const EvaluationPoint& at,
                                          int depth) {
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

Symbolic SymbolicAddresses::binary_address(const clang::BinaryOperator* binary, const EvaluationPoint& at,
                                           int depth) {
    switch (binary->getOpcode()) {
        case clang::BO_Add:
        case clang::BO_Sub: {
            const bool left = binary->getLHS()->getType()->isPointerType();
            const clang::Expr* pointer = left ? binary->getLHS() : binary->getRHS();
            const clang::Expr* count = left ? binary->getRHS() : binary->getLHS();
            if (!pointer->getType()->isPointerType() || count->getType()->isPointerType())
                return Symbolic::unknown();
            return advanced(pointer_address(pointer, at, depth + 1), pointer->getType()->getPointeeType(),
                            count, binary->getOpcode() == clang::BO_Sub, at, depth + 1);
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
            return binary->getOpcode() == clang::BO_Assign ? pointer_address(binary->getRHS(), at, depth + 1)
                                                           : Symbolic::unknown();
        default:
            return Symbolic::unknown();
    }
}

Symbolic SymbolicAddresses::call_address(const clang::CallExpr* call, const EvaluationPoint& at, int depth) {
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

}  // namespace galias::frontend::detail
