#pragma once
// The values the translator's evaluation of addresses computes (translator_addresses.hpp;
// docs/FACTS.md, "Argument addresses"): where an evaluation happens, an address relative to a
// base of the function, and an offset written as a sum over the values it reads.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "facts/program_facts.hpp"
#include "frontend/local_definitions.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend::detail {

// Followed definitions and subexpressions; deeper chains are left unknown.
constexpr int kMaxAddressDepth = 24;

// Where an evaluation happens: at the call being described, or at an earlier definition
// whose right-hand side is followed. Loads there are keyed by it.
struct EvaluationPoint {
    std::string key;
    LocalDefinitions::Point point;
};

// `constant + Σ coefficient × value` over values named by key: what a variable or a field
// holds when read at an evaluation point (facts/linear_form.hpp).
struct KeyedSum {
    struct Term {
        std::int64_t coefficient = 0;
        bool nonnegative = false;  // the value is of an unsigned type
    };
    std::int64_t constant = 0;
    std::map<std::string, Term> terms;

    // a + scale * b; nullopt when either is, or on overflow.
    static std::optional<KeyedSum> plus(const std::optional<KeyedSum>& a, const std::optional<KeyedSum>& b,
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
};

// An address being evaluated: a base, a byte offset from it, the bytes of a struct type it
// is confined to, and where the base value comes into being.
struct Symbolic {
    facts::ArgumentAddress::Base kind = facts::ArgumentAddress::Base::Unknown;
    std::string base;
    std::optional<std::int64_t> offset = 0;
    std::optional<KeyedSum> sum = KeyedSum{};  // the offset as a sum, also when not constant
    std::string record;                        // with [lo, hi); empty: not confined
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;
    bool array = false;                         // the confining member is an array: indexing stays inside it
    std::uint32_t allocation = kNone;           // the base is the result of this call (index into calls)
    std::vector<LocalDefinitions::Point> born;  // where the base value is computed
    // Calls (indices into calls) that must return fresh memory for this to hold: a value
    // read back from the field it was stored in, with those calls in between.
    std::vector<std::uint32_t> needs_fresh;
    // A value loaded from memory: the cell it was loaded from.
    std::shared_ptr<const Symbolic> cell;
    // An Object base: the entity of the variable or compound literal (kNone for a function).
    EntityId object = kNone;
    static Symbolic unknown() { return Symbolic{}; }
};

}  // namespace galias::frontend::detail
