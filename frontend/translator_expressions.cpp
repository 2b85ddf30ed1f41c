// The places and values of C expressions (frontend/translator_expressions.hpp).
#include "frontend/translator_expressions.hpp"

#include "frontend/translator_calls.hpp"
#include "frontend/translator_statements.hpp"

namespace galias::frontend::detail {

void ExpressionTranslator::effects(const clang::Expr* e) {
    if (e == nullptr) return;
    if (!e->HasSideEffects(ast(), true)) {
        report_pointer_to_int_casts(e);
        return;
    }
    const clang::Expr* inner = e->IgnoreParenCasts();
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(inner)) {
        calls_.call(call, false);
        return;
    }
    (void)value(e);
}

void ExpressionTranslator::report_pointer_to_int_casts(const clang::Stmt* s) {
    if (s == nullptr || llvm::isa<clang::UnaryExprOrTypeTraitExpr>(s)) return;  // sizeof: unevaluated
    if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(s);
        cast != nullptr && cast->getCastKind() == clang::CK_PointerToIntegral &&
        !types().is_tracked_integer(cast->getType())) {
        unmodelled("pointer-to-int-cast", cast->getExprLoc(),
                   "integers are not tracked; the pointer value is lost");
    }
    for (const clang::Stmt* child : s->children()) report_pointer_to_int_casts(child);
}

void ExpressionTranslator::effects_of_children(const clang::Expr* e) {
    for (const clang::Stmt* child : e->children()) {
        if (const auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child)) effects(sub);
    }
}

void ExpressionTranslator::collapse(TermId location, CollapseKind kind) {
    if (location == kNone) return;
    const Term& term = terms()[location];
    if (term.kind == TermKind::Entity)
        ir().collapsed.push_back(CollapsedPath{term.entity, term.path, term.field, kind});
}

TermId ExpressionTranslator::address_of(TermId location, clang::QualType type) {
    if (location == kNone) return kNone;
    const TermKind kind = terms()[location].kind;
    if (kind == TermKind::AddrOf) return kNone;  // not a location
    if (kind == TermKind::Entity && is_aggregate(type)) collapse(location, CollapseKind::Escaped);
    return terms().address_of_location(location);
}

TermId ExpressionTranslator::member_of(TermId base, const clang::FieldDecl* field) {
    if (base == kNone) return kNone;
    // A field that cannot hold a pointer (a counter, a byte buffer) gets no node of its own:
    // it is part of its object, so that &p->buf is p and byte copies stay per object.
    const EntityId entity = may_hold_pointer(field->getType()) ? fields().field(field) : kNone;
    if (field->getParent()->isUnion()) {
        collapse(base, CollapseKind::Union);  // all members share the union's storage
        return terms().extend(base, Leaf{"", entity});
    }
    return terms().extend(base, Leaf{PointerTypes::field_component(field), entity});
}

TermId ExpressionTranslator::deref(TermId pointer, clang::SourceLocation loc) {
    if (pointer == kNone) return kNone;
    return terms().deref(pointer, pos(loc));
}

TermId ExpressionTranslator::place(const clang::Expr* e) {
    e = e->IgnoreParens();
    switch (e->getStmtClass()) {
        case clang::Stmt::DeclRefExprClass: {
            // Writes to a tracked local never come here (binary(), unary() define them).
            if (const clang::DeclRefExpr* tracked = tracked_reference(e)) return local_values_.read(tracked);
            const clang::ValueDecl* decl = llvm::cast<clang::DeclRefExpr>(e)->getDecl();
            if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) return entities_.entity_term(var);
            if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
                entities_.function_for(fd);
                return terms().entity(entities_.entity_for(fd), "", pos(fd->getLocation()));
            }
            return kNone;  // enumerators
        }
        case clang::Stmt::MemberExprClass: {
            const auto* member = llvm::cast<clang::MemberExpr>(e);
            const TermId base = member->isArrow() ? deref(value(member->getBase()), member->getExprLoc())
                                                  : place(member->getBase());
            const auto* field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
            if (field == nullptr) return base;
            return member_of(base, field);
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
            if (unary->getOpcode() == clang::UO_Deref)
                return deref(value(unary->getSubExpr()), unary->getExprLoc());
            if (unary->getOpcode() == clang::UO_Extension) return place(unary->getSubExpr());
            if (unary->isIncrementDecrementOp()) return place(unary->getSubExpr());  // ++x as an lvalue
            break;
        }
        case clang::Stmt::StringLiteralClass:
            return entities_.string_literal(e);
        case clang::Stmt::PredefinedExprClass: {
            const clang::StringLiteral* name = llvm::cast<clang::PredefinedExpr>(e)->getFunctionName();
            return name != nullptr ? entities_.string_literal(name) : kNone;
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
            return function().index != kNone ? current().varargs : kNone;
        default:
            break;
    }
    // Rvalue aggregates (a struct returned by a call, a ?: of structs, s1 = s2) and the
    // remaining lvalues: their value is the location.
    if (is_struct_or_union(e->getType()) || e->isGLValue()) return value_of_aggregate_or_lvalue(e);
    effects(e);
    return kNone;
}

TermId ExpressionTranslator::value_of_aggregate_or_lvalue(const clang::Expr* e) {
    switch (e->getStmtClass()) {
        case clang::Stmt::CallExprClass:
            return calls_.call(llvm::cast<clang::CallExpr>(e), true);
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
        unmodelled("expression", e->getExprLoc(),
                   std::string("location of a ") + e->getStmtClassName() + " expression");
    }
    effects_of_children(e);
    return kNone;
}

TermId ExpressionTranslator::compound_literal(const clang::CompoundLiteralExpr* e) {
    if (const std::optional<TermId> known = entities_.literal(e)) return *known;
    const TermId term = entities_.temporary("literal", e->getBeginLoc());
    entities_.remember_literal(e, term);
    statements_.initialize(term, e->getType(), e->getInitializer());
    return term;
}

TermId ExpressionTranslator::opaque(const clang::OpaqueValueExpr* e) {
    if (auto it = opaque_values_.find(e); it != opaque_values_.end()) return it->second;
    const clang::Expr* source = e->getSourceExpr();
    const TermId term = source == nullptr ? kNone : (e->isGLValue() ? place(source) : value(source));
    opaque_values_.emplace(e, term);
    return term;
}

TermId ExpressionTranslator::join(const clang::Expr* e, std::initializer_list<const clang::Expr*> branches) {
    const bool aggregate = is_struct_or_union(e->getType());
    std::vector<TermId> values;
    for (const clang::Expr* branch : branches) {
        const TermId v = aggregate ? place(branch) : value(branch);
        if (v != kNone) values.push_back(v);
    }
    if (values.empty()) return kNone;
    if (values.size() == 1 || values[0] == values[1]) return values[0];
    const TermId temp = entities_.temporary("cond", e->getExprLoc());
    for (TermId v : values) {
        if (aggregate) {
            context().copy_aggregate(v, temp, e->getType(), e->getExprLoc());
        } else {
            add_assign(v, temp, e->getExprLoc());
        }
    }
    return temp;
}

TermId ExpressionTranslator::value(const clang::Expr* e) {
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
            return calls_.call(llvm::cast<clang::CallExpr>(e), true);
        case clang::Stmt::StmtExprClass: {
            const clang::CompoundStmt* body = llvm::cast<clang::StmtExpr>(e)->getSubStmt();
            const clang::Stmt* last = body->body_empty() ? nullptr : body->body_back();
            for (const clang::Stmt* s : body->body()) {
                if (s != last) statements_.statement(s);
            }
            const auto* result = llvm::dyn_cast_or_null<clang::Expr>(last);
            if (result == nullptr) {
                statements_.statement(last);
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
            return calls_.atomic(llvm::cast<clang::AtomicExpr>(e));
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
            const TermId temp = entities_.temporary("init", e->getExprLoc());
            statements_.initialize(temp, e->getType(), e);
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

TermId ExpressionTranslator::cast(const clang::CastExpr* e) {
    const clang::Expr* sub = e->getSubExpr();
    switch (e->getCastKind()) {
        case clang::CK_LValueToRValue:
            if (!may_hold_pointer(e->getType())) {
                effects(sub);
                return kNone;
            }
            return place(sub);
        case clang::CK_ArrayToPointerDecay:  // a[] -> &a
        case clang::CK_FunctionToPointerDecay:
        case clang::CK_BuiltinFnToFnPtr:
            return address_of(place(sub), sub->getType());
        case clang::CK_NullToPointer:
            return kNone;
        case clang::CK_IntegralToPointer:
            if (types().is_tracked_integer(sub->getType())) return value(sub);
            if (!is_null_constant(sub, ast())) {
                unmodelled("int-to-pointer-cast", e->getExprLoc(),
                           "the pointer made from an integer points to nothing known");
            }
            effects(sub);
            return kNone;
        case clang::CK_PointerToIntegral:
            if (types().is_tracked_integer(e->getType())) return value(sub);
            unmodelled("pointer-to-int-cast", e->getExprLoc(),
                       "integers are not tracked; the pointer value is lost");
            effects(sub);
            return kNone;
        case clang::CK_PointerToBoolean:
        case clang::CK_ToVoid:
            effects(sub);
            return kNone;
        case clang::CK_BitCast:
            // (struct b *)pa: the same bytes read as other fields (field_table.hpp).
            if (e->getType()->isPointerType() && sub->getType()->isPointerType())
                fields().convert(sub->getType()->getPointeeType(), e->getType()->getPointeeType());
            [[fallthrough]];
        default:
            if (!may_hold_pointer(e->getType())) {
                effects(sub);
                return kNone;
            }
            return is_struct_or_union(sub->getType()) ? place(sub) : value(sub);
    }
}

TermId ExpressionTranslator::unary(const clang::UnaryOperator* e) {
    const clang::Expr* sub = e->getSubExpr();
    switch (e->getOpcode()) {
        case clang::UO_AddrOf:
            return address_of(place(sub), sub->getType());
        case clang::UO_PreInc:
        case clang::UO_PreDec:
        case clang::UO_PostInc:
        case clang::UO_PostDec:
            // p++ points into the same object (pointer arithmetic stays in the object).
            if (const clang::DeclRefExpr* tracked = tracked_reference(sub)) {
                const TermId before = local_values_.read(tracked);
                const TermId after = local_values_.define(e);
                add_assign(before, after, e->getExprLoc());
                return e->isPrefix() ? after : before;
            }
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

TermId ExpressionTranslator::binary(const clang::BinaryOperator* e) {
    const clang::Expr* lhs = e->getLHS();
    const clang::Expr* rhs = e->getRHS();
    switch (e->getOpcode()) {
        case clang::BO_Assign: {
            const clang::QualType type = lhs->getType();
            if (is_struct_or_union(type)) {
                const TermId dst = place(lhs);
                context().copy_aggregate(place(rhs), dst, type, e->getExprLoc());
                return dst;
            }
            if (!may_hold_pointer(type)) {
                effects(lhs);
                effects(rhs);
                return kNone;
            }
            const TermId src = value(rhs);
            const bool tracked = tracked_reference(lhs) != nullptr;
            const TermId dst = tracked ? local_values_.define(e) : place(lhs);
            add_assign(src, dst, e->getExprLoc());
            if (!tracked && src != kNone) {
                function().stored_terms[e] = src;
                memory_.note_frame_store(e, lhs, dst, rhs);
            }
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
                if (e->isCompoundAssignmentOp() && tracked_reference(pointer) != nullptr) {
                    const TermId after = local_values_.define(e);
                    add_assign(local_values_.read(tracked_reference(pointer)), after, e->getExprLoc());
                    return after;
                }
                return e->isCompoundAssignmentOp() ? place(pointer) : value(pointer);
            }
            return integer_arithmetic(e);
        default:
            return integer_arithmetic(e);
    }
}

TermId ExpressionTranslator::integer_arithmetic(const clang::BinaryOperator* e) {
    const clang::Expr* lhs = e->getLHS();
    const clang::Expr* rhs = e->getRHS();
    const bool arithmetic = e->isAdditiveOp() || e->isMultiplicativeOp() || e->isBitwiseOp() ||
                            e->isShiftOp() || e->isCompoundAssignmentOp();
    const bool pointer_difference = e->getOpcode() == clang::BO_Sub && lhs->getType()->isPointerType();
    if (!arithmetic || pointer_difference || !types().is_tracked_integer(e->getType())) {
        effects(lhs);
        effects(rhs);
        return kNone;
    }
    const TermId right = types().is_tracked_integer(rhs->getType()) ? value(rhs) : kNone;
    if (right == kNone) effects(rhs);
    if (e->isCompoundAssignmentOp()) {
        if (const clang::DeclRefExpr* tracked = tracked_reference(lhs)) {
            const TermId after = local_values_.define(e);
            add_assign(local_values_.read(tracked), after, e->getExprLoc());
            add_assign(right, after, e->getExprLoc());
            return after;
        }
        const TermId target = place(lhs);
        add_assign(right, target, e->getExprLoc());
        return target;
    }
    const TermId left = types().is_tracked_integer(lhs->getType()) ? value(lhs) : kNone;
    if (left == kNone) effects(lhs);
    if (left == kNone || right == kNone || left == right) return left != kNone ? left : right;
    const TermId temp = entities_.temporary("arith", e->getExprLoc());
    add_assign(left, temp, e->getExprLoc());
    add_assign(right, temp, e->getExprLoc());
    return temp;
}

}  // namespace galias::frontend::detail
