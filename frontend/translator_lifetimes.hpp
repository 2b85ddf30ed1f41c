#pragma once
// The order of a function's events that use-after-free and double-free need (part of the AST
// translator, frontend/translator.hpp; docs/FACTS.md "Released values"):
//   - which calls lie on every path from the entry to the return, and where each pointer
//     argument comes from (a parameter's value, or a pointer field of what it points to), for
//     the release summaries that the fact emitter computes over the call graph;
//   - after each call that may release a value (a release function of the C library or the
//     configuration, or any function of the program, whose summary says so once it is known),
//     the later uses of that same value: a dereference, a call it is passed to, a return,
//     reached along the control-flow graph (loops included) with nothing between that changes
//     the value: no definition of a variable it is read from, no store into the memory it is
//     read from, no call that may write that memory.

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "frontend/address_values.hpp"
#include "frontend/translator_addresses.hpp"
#include "frontend/translator_context.hpp"
#include "frontend/translator_forwarding.hpp"

namespace galias::frontend::detail {

class Lifetimes : private TranslatorPart {
public:
    Lifetimes(TranslationContext& context, SymbolicAddresses& addresses, StoreForwarding& forwarding)
        : TranslatorPart(context), addresses_(addresses), forwarding_(forwarding) {}

    // Fills the calls' `every_path` and argument origins and the function's later uses. Run
    // once the whole body is translated, when every call is numbered.
    void finish_lifetimes();

private:
    using Point = LocalDefinitions::Point;
    using PointSet = LocalDefinitions::PointSet;

    // A use of a pointer value in the body, with the block it points into.
    struct PointerUse {
        const clang::Stmt* site;  // the use (an expression or a return statement)
        const clang::Expr* value;
        LaterUse::Kind kind;
        std::uint32_t call = kNone;
        std::uint32_t arg = 0;
        std::string identity;  // block_identity()
    };
    // The uses, by the block they point into and by the base of the cell they are read from
    // ("cell:BASE+"), each list in the order of `all`.
    struct Uses {
        std::vector<PointerUse> all;
        std::unordered_map<std::string, std::vector<std::size_t>> of_block;
        std::unordered_map<std::string, std::vector<std::size_t>> in_cells_of;
    };
    // A call that may release its arguments, as its later uses are searched.
    struct Release {
        const clang::CallExpr* call;
        std::uint32_t index;  // into the function's calls
        EvaluationPoint at;
        std::vector<LocalDefinitions::Edge> kept;  // the branches where the release did not happen
    };

    // Whether each call lies on every path, and where its pointer arguments come from.
    void describe_calls(bool followed);
    void describe_origin(const clang::CallExpr* call, const clang::Expr* value, const EvaluationPoint& at,
                         bool followed, CallValue& arg);
    // Whether a store into the field `field` of the cell `cell` may follow `call`.
    bool field_rewritten_after(const clang::CallExpr* call, const Symbolic& cell, std::int64_t field);

    // Every use of a pointer value in the body whose block is known.
    Uses pointer_uses();
    void add_use(Uses& uses, const clang::Stmt* site, const clang::Expr* value, LaterUse::Kind kind,
                 std::uint32_t call = kNone, std::uint32_t arg = 0);
    // The points that may write memory: the stores into it and the calls that may write it.
    PointSet memory_writes();
    // The variable each call's result goes to (`tmp = realloc(p, n)`, `T *q = realloc(p, n)`).
    std::unordered_map<const clang::CallExpr*, const clang::VarDecl*> call_results() const;
    // The translated calls in the order of their numbers.
    std::vector<std::pair<std::uint32_t, const clang::CallExpr*>> calls_in_order() const;

    // Calls that may release an argument: the release functions, and any function of the
    // program (a summary may say it releases), direct or through a pointer.
    bool may_release(const clang::CallExpr* call) const;
    // The later uses of the value the release's argument `i` holds.
    void later_uses_of(const Release& release, unsigned i, const Uses& uses, const PointSet& memory_writes);
    // The uses of the same block, and (for a function of the program, which may release the
    // pointer stored in a field of what the argument points to: a list's nodes, an object's
    // buffer) the uses of values read from the argument's block.
    static std::vector<std::size_t> candidate_uses(const std::string& identity, const Symbolic& base,
                                                   bool program_call, const Uses& uses);
    // The definitions of the variables `a` and `b` read.
    std::vector<Point> variable_kills(const clang::Expr* a, const clang::Expr* b) const;
    void add_later_use(const Release& release, unsigned i, std::int64_t field, const PointerUse& use,
                       const PointSet& kills);
    // Counts the positions `walks` walks over the graph visit; false once over kMaxOrderWork.
    bool spend(unsigned walks);

    // A key for the block a pointer expression points into: the base of its address, or the
    // memory a value is read from ("cell:BASE+OFFSET"); "" when not known.
    std::string block_identity(const clang::Expr* e, const EvaluationPoint& at);
    // Whether a store may write `cell` between a point of `read` (where a value was read from
    // it) and `release`.
    bool rewritten_before(const Symbolic& cell, const std::vector<Point>& read, Point release);
    // Whether the value `release` releases (read from a tracked local) was copied from a
    // variable `used` reads, which every path from the copy to the release assigns again.
    bool copied_before_redefinition(const clang::CallExpr* release, const clang::Expr* released,
                                    const clang::Expr* used);

    SymbolicAddresses& addresses_;
    StoreForwarding& forwarding_;
    std::uint64_t walked_ = 0;  // positions the path questions of the function walked
};

}  // namespace galias::frontend::detail
