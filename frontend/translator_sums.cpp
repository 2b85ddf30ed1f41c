// Integers as sums over the values they read (frontend/translator_sums.hpp).
#include "frontend/translator_sums.hpp"

#include "frontend/translator_addresses.hpp"

namespace galias::frontend::detail {

namespace {

using Base = facts::ArgumentAddress::Base;

}  // namespace

std::optional<std::int64_t> IntegerSums::constant_of(const clang::Expr* e) {
    if (e == nullptr || e->isValueDependent()) return std::nullopt;
    clang::Expr::EvalResult result;
    if (!e->EvaluateAsInt(result, ast())) return std::nullopt;
    const llvm::APSInt& value = result.Val.getInt();
    if (value.getMinSignedBits() > 64) return std::nullopt;
    return value.getExtValue();
}

std::optional<std::string> IntegerSums::integer_cell(const clang::Expr* e, const EvaluationPoint& at,
                                                     int depth) {
    if (depth > kMaxAddressDepth || e == nullptr || e->getType().isVolatileQualified()) return std::nullopt;
    e = e->IgnoreParens();
    // The pointer an integer is read through, as "[base+offset]".
    const auto through = [&](const clang::Expr* pointer) -> std::optional<std::string> {
        const Symbolic p = addresses_.pointer_address(pointer, at, depth + 1);
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

std::optional<KeyedSum> IntegerSums::integer_sum(const clang::Expr* e, const EvaluationPoint& at, int depth) {
    if (depth > kMaxAddressDepth || e == nullptr || !e->getType()->isIntegerType()) return std::nullopt;
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

}  // namespace galias::frontend::detail
