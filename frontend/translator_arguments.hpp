#pragma once
// The argument addresses of a call (part of the AST translator, frontend/translator.hpp;
// docs/FACTS.md, "Argument addresses"): where each pointer argument points relative to the
// calling function's own values, the integer arguments and offsets as linear forms, and
// which arguments cannot point into a block another argument's allocation returns.
//
// A base that is a call's result may be fresh memory; whether each other argument can point
// into that block is decided on the control-flow graph:
//   - a value computed before the allocation on every path to the call (its definition is
//     followed by the allocation on every path) existed before the block did;
//   - a block that is neither stored nor passed anywhere between the allocation and the
//     call can only be reached through the function's own copies of the result.
// Whether the call really returns fresh memory is known only once its callee is (an
// allocator, an allocation wrapper, a hook that reaches only those): fact_emitter.cpp.

#include <clang/AST/Expr.h>

#include <optional>
#include <vector>

#include "frontend/address_values.hpp"
#include "frontend/translator_addresses.hpp"
#include "frontend/translator_context.hpp"
#include "frontend/translator_escape.hpp"
#include "frontend/translator_sums.hpp"

namespace galias::frontend::detail {

class ArgumentAddresses : private TranslatorPart {
public:
    ArgumentAddresses(TranslationContext& context, SymbolicAddresses& addresses, IntegerSums& sums,
                      BlockEscape& escape)
        : TranslatorPart(context), addresses_(addresses), sums_(sums), escape_(escape) {}

    // Fills the addresses of `site`'s arguments: for calls with two pointer arguments or
    // more, and for calls that may release the block their one pointer points to.
    void describe_arguments(const clang::CallExpr* e, CallSite& site);

private:
    // The address of each pointer argument, and the sums of the integers and offsets that
    // are not constants.
    void evaluate_arguments(const clang::CallExpr* e, CallSite& site, std::vector<Symbolic>& addresses,
                            std::vector<std::optional<KeyedSum>>& sums);
    static void name_sums(const std::vector<std::optional<KeyedSum>>& sums, CallSite& site);
    // For each argument that is a call's result, the other arguments that cannot point into
    // the block that call returns.
    void keep_apart_from_fresh_blocks(const clang::CallExpr* e, CallSite& site,
                                      const std::vector<Symbolic>& addresses);
    // Whether `other`, an argument of `e`, cannot point into the block `allocation` returns;
    // `escape` is where that block went (asked once per allocation).
    bool apart_from_block(const clang::CallExpr* e, const clang::CallExpr* allocation, const Symbolic& other,
                          std::optional<Escape>& escape, CallValue::Apart& apart);
    // Whether `other` cannot have been read from one of the memory cells the block went into.
    bool apart_from_cells(const Symbolic& other, const std::vector<Symbolic>& cells,
                          const LocalDefinitions::Point& use, CallValue::Apart& apart);
    // The value existed before the allocation `block`: computed before it on every path to `use`.
    [[nodiscard]] bool predates(const Symbolic& value, const LocalDefinitions::Point& block,
                                const LocalDefinitions::Point& use) const;
    // The call translated as number `index` of the function; null when there is none.
    [[nodiscard]] const clang::CallExpr* call_numbered(std::uint32_t index) const;

    SymbolicAddresses& addresses_;
    IntegerSums& sums_;
    BlockEscape& escape_;
};

}  // namespace galias::frontend::detail
