#include "facts/linear_form.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

namespace galias::facts {
namespace {

LinearForm form(std::int64_t constant, std::vector<LinearTerm> terms) {
    return {constant, std::move(terms)};
}

TEST(LinearForm, CombineMergesTermsAndDropsZeros) {
    const LinearForm k_minus_m = form(0, {{0, 1, true}, {1, -1, true}});
    const LinearForm k = form(0, {{0, 1, true}});
    // k - (k - m) = m
    EXPECT_EQ(combine(k, k_minus_m, -1), form(0, {{1, 1, true}}));
    // 4 + 24*i plus 2 * (1 + 12*j) = 6 + 24*i + 24*j
    EXPECT_EQ(combine(form(4, {{0, 24, false}}), form(1, {{1, 12, false}}), 2),
              form(6, {{0, 24, false}, {1, 24, false}}));
    EXPECT_EQ(combine(k, k, -1), form(0, {}));
    const std::int64_t big = std::numeric_limits<std::int64_t>::max();
    EXPECT_FALSE(combine(form(big, {}), form(1, {}), 1));
    EXPECT_FALSE(combine(form(0, {}), form(0, {{0, big, false}}), 2));
}

TEST(LinearForm, NonnegativeNeedsUnsignedValuesWithPositiveCoefficients) {
    EXPECT_TRUE(provably_nonnegative(form(0, {})));
    EXPECT_TRUE(provably_nonnegative(form(3, {{0, 2, true}})));
    EXPECT_FALSE(provably_nonnegative(form(-1, {{0, 2, true}})));
    EXPECT_FALSE(provably_nonnegative(form(3, {{0, -2, true}})));
    EXPECT_FALSE(provably_nonnegative(form(3, {{0, 2, false}})));  // a signed value may be negative
}

TEST(LinearForm, CommonDivisorOfCoefficientsAndConstant) {
    EXPECT_EQ(common_divisor(form(0, {{0, 24, true}, {1, -24, true}})), 24u);
    EXPECT_EQ(common_divisor(form(4, {{0, 8, true}})), 4u);
    EXPECT_EQ(common_divisor(form(-6, {})), 6u);
    EXPECT_EQ(common_divisor(form(0, {})), 0u);
}

TEST(LinearForm, TextRoundTrips) {
    const LinearForm f = form(16, {{0, 28, false}, {3, -4, true}});
    EXPECT_EQ(to_text(f), "16+28*v0-4*u3");
    EXPECT_EQ(linear_from_text("16+28*v0-4*u3"), f);
    EXPECT_EQ(linear_from_text("-2"), form(-2, {}));
    EXPECT_EQ(to_text(std::nullopt), "-");
    EXPECT_FALSE(linear_from_text("-"));
}

TEST(LinearForm, MalformedTextIsRejected) {
    for (const char* text :
         {"", "x", "1+", "1+2", "1+2*w0", "1+2*v", "1+0*v0", "1+2*v1+3*v0", "1+2*v0+3*v0", "1 "})
        EXPECT_THROW(linear_from_text(text), std::invalid_argument) << text;
}

}  // namespace
}  // namespace galias::facts
