#pragma once
// Offsets and integers as linear forms over a call's values (arguments.tsv, column
// `linear`; docs/FACTS.md, "Argument addresses").
//
// `memcpy(w, w + k, k - m)` copies k - m bytes from offset k of w to offset 0: the two
// byte ranges are [0, k - m) and [k, 2k - m), which never meet when m >= 0, whatever k is.
// Such a fact needs the offsets and the length as sums `c + a1*v1 + a2*v2 ...` over the
// values v the call reads (a variable, a field read through a pointer), named 0, 1, 2, ...
// per call so that two arguments reading the same value name it alike. A value of an
// unsigned type is never negative. Arithmetic is taken as exact (no wrap-around): a length
// that wrapped would copy most of the address space.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace galias::facts {

struct LinearTerm {
    std::uint32_t value = 0;       // which value of the call
    std::int64_t coefficient = 0;  // never 0
    bool nonnegative = false;      // the value is of an unsigned type
    friend bool operator==(const LinearTerm&, const LinearTerm&) = default;
};

struct LinearForm {
    std::int64_t constant = 0;
    std::vector<LinearTerm> terms;  // sorted by value, one per value

    [[nodiscard]] bool is_constant() const { return terms.empty(); }
    friend bool operator==(const LinearForm&, const LinearForm&) = default;
};

// a + scale * b; nullopt when a coefficient or the constant overflows.
std::optional<LinearForm> combine(const LinearForm& a, const LinearForm& b, std::int64_t scale);

// True when the form is >= 0 for every value of its terms: a constant >= 0 and only
// non-negative values with positive coefficients.
bool provably_nonnegative(const LinearForm& form);

// The greatest common divisor of the coefficients and the constant (0 for the form 0): the
// form's value is always a multiple of it.
std::uint64_t common_divisor(const LinearForm& form);

// Text of arguments.tsv: `16+28*v0-4*u1` (u: a value never negative); "-" for none.
std::string to_text(const std::optional<LinearForm>& form);
// Inverse of to_text; nullopt for "-", and throws std::invalid_argument for malformed text.
std::optional<LinearForm> linear_from_text(const std::string& text);

}  // namespace galias::facts
