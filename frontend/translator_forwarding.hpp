#pragma once
// The stores of a function into memory, and store-to-load forwarding (part of the AST
// translator, frontend/translator.hpp; docs/FACTS.md, "Argument addresses"): a value read
// from a field is the value one store put there when that store happens on every path to the
// read and nothing that may write the field comes between.

#include <clang/AST/Expr.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "frontend/address_values.hpp"
#include "frontend/translator_context.hpp"

namespace galias::frontend::detail {

class SymbolicAddresses;

struct Store {
    const clang::Expr* site;  // the assignment or increment
    const clang::Expr* target;
    const clang::Expr* value;  // nullptr for a compound assignment or increment
    Symbolic address;          // the target's address at the store
};

class StoreForwarding : private TranslatorPart {
public:
    StoreForwarding(TranslationContext& context, SymbolicAddresses& addresses)
        : TranslatorPart(context), addresses_(addresses) {}

    // Forgets the previous function's stores.
    void begin_function() { stores_.reset(); }

    // The stores of the body into memory (not into tracked locals), built on the first question.
    const std::vector<Store>& stores();

    // The value last stored into the cell at address `cell` when one store does so on every
    // path to `at` and nothing that may write the cell comes between; nullopt otherwise.
    std::optional<Symbolic> forwarded(const Symbolic& cell, const EvaluationPoint& at, int depth);

    // Gives the pointer arguments of the body's calls that read a field (`s.data`, `p->buf`)
    // the term of the value one store wrote there on every path to the call, with nothing
    // between that may write it, so that the field's earlier values do not reach the call.
    // Run once the whole body is translated: every store's value term is known then, and the
    // address facts of the calls (ArgumentAddresses), which share forwarding's caches, are
    // already made.
    void forward_field_arguments();

private:
    // The store forwarded() forwards from, and the calls between it and `at` that must
    // return fresh memory for nothing between to write the cell (`needs_fresh`).
    const Store* forwarding_store(const Symbolic& cell, const EvaluationPoint& at, int depth,
                                  std::vector<std::uint32_t>& needs_fresh);
    // Whether another store between `store` and the load may write `cell`.
    bool overwritten_between(const Store& store, const LocalDefinitions::PathSet& between,
                             const Symbolic& cell);
    // Whether a call between the store and the load may write `cell`; those that may only if
    // they do not return fresh memory go into `needs_fresh`.
    bool calls_may_write(const LocalDefinitions::PathSet& between, const Symbolic& cell, int depth,
                         std::vector<std::uint32_t>& needs_fresh);
    // Whether a store to `target` (of that address) may overwrite the cell `cell` holding a pointer.
    static bool may_overwrite(const clang::Expr* target, const Symbolic& address, const Symbolic& cell);
    // The term of the value stored into the field `arg` reads, forwarded to `call`; kNone otherwise.
    TermId forwarded_argument(const clang::Expr* arg, const clang::CallExpr* call);

    SymbolicAddresses& addresses_;
    std::optional<std::vector<Store>> stores_;
};

}  // namespace galias::frontend::detail
