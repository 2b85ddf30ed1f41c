#include "facts/linear_form.hpp"

#include <charconv>
#include <cstdlib>
#include <numeric>
#include <stdexcept>

namespace galias::facts {

std::optional<LinearForm> combine(const LinearForm& a, const LinearForm& b, std::int64_t scale) {
    LinearForm out;
    std::int64_t scaled = 0;
    if (__builtin_mul_overflow(b.constant, scale, &scaled) ||
        __builtin_add_overflow(a.constant, scaled, &out.constant)) {
        return std::nullopt;
    }
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.terms.size() || j < b.terms.size()) {
        LinearTerm term;
        if (j == b.terms.size() || (i < a.terms.size() && a.terms[i].value < b.terms[j].value)) {
            term = a.terms[i++];
        } else {
            term = b.terms[j];
            if (__builtin_mul_overflow(b.terms[j].coefficient, scale, &term.coefficient)) return std::nullopt;
            if (i < a.terms.size() && a.terms[i].value == b.terms[j].value &&
                __builtin_add_overflow(term.coefficient, a.terms[i++].coefficient, &term.coefficient)) {
                return std::nullopt;
            }
            ++j;
        }
        if (term.coefficient != 0) out.terms.push_back(term);
    }
    return out;
}

bool provably_nonnegative(const LinearForm& form) {
    if (form.constant < 0) return false;
    for (const LinearTerm& term : form.terms) {
        if (!term.nonnegative || term.coefficient < 0) return false;
    }
    return true;
}

std::uint64_t common_divisor(const LinearForm& form) {
    const auto magnitude = [](std::int64_t x) {
        return x < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x);
    };
    std::uint64_t g = magnitude(form.constant);
    for (const LinearTerm& term : form.terms) g = std::gcd(g, magnitude(term.coefficient));
    return g;
}

std::string to_text(const std::optional<LinearForm>& form) {
    if (!form) return "-";
    std::string text = std::to_string(form->constant);
    for (const LinearTerm& term : form->terms) {
        if (term.coefficient >= 0) text += '+';
        text += std::to_string(term.coefficient);
        text += term.nonnegative ? "*u" : "*v";
        text += std::to_string(term.value);
    }
    return text;
}

std::optional<LinearForm> linear_from_text(const std::string& text) {
    if (text == "-") return std::nullopt;
    const char* at = text.data();
    const char* const end = text.data() + text.size();
    const auto malformed = [&] { throw std::invalid_argument("malformed linear form '" + text + "'"); };
    const auto number = [&](auto& value) {
        if (at != end && *at == '+') ++at;  // from_chars takes '-' but not '+'
        const auto [next, error] = std::from_chars(at, end, value);
        if (error != std::errc() || next == at) malformed();
        at = next;
    };
    LinearForm form;
    number(form.constant);
    while (at != end) {
        LinearTerm term;
        if (*at != '+' && *at != '-') malformed();
        number(term.coefficient);
        if (end - at < 2 || at[0] != '*' || (at[1] != 'u' && at[1] != 'v')) malformed();
        term.nonnegative = at[1] == 'u';
        at += 2;
        number(term.value);
        if (term.coefficient == 0 || (!form.terms.empty() && form.terms.back().value >= term.value))
            malformed();
        form.terms.push_back(term);
    }
    return form;
}

}  // namespace galias::facts
