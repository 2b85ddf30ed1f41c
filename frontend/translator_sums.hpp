#pragma once
// Integers as sums over the values they read (part of the AST translator,
// frontend/translator.hpp; docs/FACTS.md, "Linear forms"): the offsets and lengths that are
// not constants, so that the checks can still compare them.

#include <clang/AST/Expr.h>

#include <cstdint>
#include <optional>
#include <string>

#include "frontend/address_values.hpp"
#include "frontend/translator_context.hpp"

namespace galias::frontend::detail {

class SymbolicAddresses;

class IntegerSums : private TranslatorPart {
public:
    // `addresses` evaluates the pointers an integer is read through.
    IntegerSums(TranslationContext& context, SymbolicAddresses& addresses)
        : TranslatorPart(context), addresses_(addresses) {}

    // An integer expression as a sum over the values it reads at `at`; nullopt when it is
    // not linear in them (a product of two values, a call, an assignment).
    std::optional<KeyedSum> integer_sum(const clang::Expr* e, const EvaluationPoint& at, int depth);
    std::optional<std::int64_t> constant_of(const clang::Expr* e);

private:
    // A key for the memory an integer is read from: a variable, or a field (or `*p`) of an
    // address with a known base and offset; nullopt otherwise.
    std::optional<std::string> integer_cell(const clang::Expr* location, const EvaluationPoint& at,
                                            int depth);

    SymbolicAddresses& addresses_;
};

}  // namespace galias::frontend::detail
