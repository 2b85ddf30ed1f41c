#pragma once
// Where the block a call allocates may have gone before a later call (part of the AST
// translator, frontend/translator.hpp; docs/FACTS.md, "Argument addresses"): a block that is
// neither stored nor passed anywhere between the allocation and the call can only be reached
// through the function's own copies of the result, so no other argument points into it.

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/address_values.hpp"
#include "frontend/translator_context.hpp"

namespace galias::frontend::detail {

class SymbolicAddresses;

// Where the block allocated may have gone on some path to the use: nowhere but the
// function's own copies, into memory cells (fields it was stored in), or anywhere (passed to
// a call, returned, stored through an unknown pointer).
struct Escape {
    bool anywhere = false;
    std::vector<Symbolic> cells;
};

class BlockEscape : private TranslatorPart {
public:
    BlockEscape(TranslationContext& context, SymbolicAddresses& addresses)
        : TranslatorPart(context), addresses_(addresses) {}

    // Where the block `allocation` returns may have gone on some path to `use`.
    Escape escape_before(const clang::CallExpr* allocation, const clang::CallExpr* use);

private:
    // What the parent of a value that may point into the block does with it: keeps it private
    // (reads through it, compares it, drops it, keeps it in a tracked local), lets it escape,
    // or passes it on as its own value.
    enum class Flow : std::uint8_t { Private, Escapes, Onward };

    // Follows the value `node` (a pointer into the block `block`, a base key) to what
    // consumes it: true when it stays in the function's own copies or is only read through,
    // compared or stored into a known cell (added to `cells`).
    bool stays_private(const clang::Stmt* node, const std::string& block, const clang::CallExpr* use,
                       std::vector<Symbolic>& cells);
    // One step of stays_private, by the kind of the parent; Onward moves `node` up to the
    // expression whose value the block is then.
    Flow into_statement(const clang::Stmt*& node, const clang::Stmt* parent, const std::string& block);
    Flow into_expression(const clang::Stmt*& node, const clang::Stmt* parent, const std::string& block,
                         const clang::CallExpr* use, std::vector<Symbolic>& cells);
    Flow into_binary(const clang::Stmt*& node, const clang::BinaryOperator* binary, const std::string& block,
                     std::vector<Symbolic>& cells);
    static Flow into_call(const clang::Stmt* node, const clang::CallExpr* call, const clang::Stmt* above,
                          const clang::CallExpr* use);

    SymbolicAddresses& addresses_;
};

}  // namespace galias::frontend::detail
