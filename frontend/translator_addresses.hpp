#pragma once
// Where a pointer expression points relative to the calling function's own values (part of
// the AST translator, frontend/translator.hpp; docs/FACTS.md, "Argument addresses").
//
// A pointer is followed back through casts, pointer arithmetic, field and element addresses
// and the single reaching definitions of tracked locals to a *base*: a named variable, or a
// value the function computes (a parameter on entry, a phi, a load, a call's result). Two
// pointers with equal bases point into one object at known distances; this is what proves
// an overlap ("must") and what separates two fields of one struct.

#include <clang/AST/Expr.h>

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "frontend/address_values.hpp"
#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"

namespace galias::frontend::detail {

class IntegerSums;
class StoreForwarding;

class SymbolicAddresses : private TranslatorPart {
public:
    // `sums` writes the offsets that are not constants; `forwarding` answers a load with the
    // value a store left in the cell.
    SymbolicAddresses(TranslationContext& context, EntityTable& entities, IntegerSums& sums,
                      StoreForwarding& forwarding)
        : TranslatorPart(context), entities_(entities), sums_(sums), forwarding_(forwarding) {}

    // Forgets the addresses of the previous function's definitions.
    void begin_function() { definition_addresses_.clear(); }

    // The address a pointer-valued expression holds at `at`.
    Symbolic pointer_address(const clang::Expr* e, const EvaluationPoint& at, int depth);
    // The address of the location an lvalue denotes.
    Symbolic location_address(const clang::Expr* e, const EvaluationPoint& at, int depth);
    // The address a definition of a tracked local gives it.
    Symbolic definition_address(DefinitionId definition, int depth);

private:
    // The value read from `location`: a tracked local's reaching definition, the value a
    // store left in the cell, or a load keyed by the cell and the evaluation point.
    Symbolic loaded_address(const clang::Expr* location, const EvaluationPoint& at, int depth);
    // A definition that assigns a null pointer constant.
    [[nodiscard]] bool null_definition(DefinitionId definition) const;
    // Symbolic + n elements of `pointee` (n unknown when `count` is null).
    Symbolic advanced(Symbolic s, clang::QualType pointee, const clang::Expr* count, bool subtract,
                      const EvaluationPoint& at, int depth);

    // pointer_address by the kind of expression.
    Symbolic cast_address(const clang::CastExpr* cast, const EvaluationPoint& at, int depth);
    Symbolic unary_address(const clang::UnaryOperator* unary, const EvaluationPoint& at, int depth);
    Symbolic binary_address(const clang::BinaryOperator* binary, const EvaluationPoint& at, int depth);
    Symbolic call_address(const clang::CallExpr* call, const EvaluationPoint& at, int depth);
    // location_address of a variable, a function, and a member.
    Symbolic declaration_address(const clang::DeclRefExpr* ref);
    Symbolic member_address(const clang::MemberExpr* member, const EvaluationPoint& at, int depth);

    EntityTable& entities_;
    IntegerSums& sums_;
    StoreForwarding& forwarding_;

    std::unordered_map<DefinitionId, Symbolic> definition_addresses_;
    // Calls met by pointer_address before they were translated (a definition further down a
    // loop body, reaching back): their results are not numbered yet, so an address that
    // depends on one is not remembered in definition_addresses_.
    std::uint64_t untranslated_calls_met_ = 0;
    std::uint64_t inexact_reads_ = 0;  // names the values read from places not known exactly
};

}  // namespace galias::frontend::detail
