#pragma once
// What the memory checks need of a function beyond its value flows and argument addresses
// (part of the AST translator, frontend/translator.hpp; docs/FACTS.md "Released pointers" and
// "Frame stores"):
//   - of each call that releases a block (free, fclose, a configured release function), the
//     objects a guard keeps the released pointer from (`if (p != buf) free(p)`) and a step
//     that may have moved it from the start of its block on some path;
//   - each store or return of the address of the function's own frame storage (a local or
//     a parameter's variable, a compound literal, alloca memory) where it would outlive the
//     frame, and whether the cell is written again on every path before the function returns.

#include <clang/AST/Expr.h>

#include <vector>

#include "frontend/address_values.hpp"
#include "frontend/translator_addresses.hpp"
#include "frontend/translator_conditions.hpp"
#include "frontend/translator_context.hpp"
#include "frontend/translator_forwarding.hpp"

namespace galias::frontend::detail {

class MemoryFacts : private TranslatorPart {
public:
    MemoryFacts(TranslationContext& context, SymbolicAddresses& addresses, StoreForwarding& forwarding,
                RepeatedConditions& conditions)
        : TranslatorPart(context), addresses_(addresses), forwarding_(forwarding), conditions_(conditions) {}

    // Forgets the previous function's pending frame stores.
    void begin_function() { pending_frame_stores_.clear(); }

    // The released argument's guards (`if (p != buf)`) and the step that may have moved it
    // from where its base points on some path (`while (*s == ' ') s++;`).
    void describe_release(const clang::CallExpr* e, CallSite& site);
    // The guards of a direct call of a function of the program on its first argument (`if
    // (p != buf) my_free(p);`): the function may turn out to release it (a wrapper), and
    // the checks of the release inside then leave out what the guard keeps it from.
    void describe_wrapper_guards(const clang::CallExpr* e, CallSite& site);

    // Records a store `target = value` (or, with `target` null, `return value`).
    // finish_frame_stores() keeps those whose value is the address of the frame's own storage
    // and decides whether the cell is written again before the function returns. Both wait
    // until the whole body is translated: an address read at a store may depend on calls
    // further down the body (through a loop or a load), which are numbered only once
    // translated, and an answer computed earlier would be remembered for every later question.
    void note_frame_store(const clang::Expr* site, const clang::Expr* target, TermId place,
                          const clang::Expr* value);
    void finish_frame_stores();

private:
    struct PendingFrameStore {
        const clang::Expr* site = nullptr;
        const clang::Expr* target = nullptr;  // null for a return
        const clang::Expr* value = nullptr;
        TermId place = kNone;
        Symbolic cell;  // the address written (unknown for a return)
        FrameStore store;
    };

    // The earliest step of the released variable `arg` reads among its reaching definitions.
    void record_step(const clang::Expr* arg, CallValue& released);
    // The objects the `if`s around `e` keep `arg` from pointing to.
    void enclosing_guards(const clang::CallExpr* e, const clang::Expr* arg, std::vector<TermId>& out);
    // The objects the comparisons of `condition` keep `released` from pointing to when they
    // hold (`equal` false: `p != &x` conjuncts) or when they fail (`equal` true: `p == &x`
    // disjuncts).
    void guarded_objects(const clang::Expr* condition, bool equal, const clang::Expr* released,
                         const EvaluationPoint& at, std::vector<TermId>& out);
    // Whether two expressions read the same value: one tracked local with the same reaching
    // definitions, or the same base and offset of the argument addresses.
    bool same_value(const clang::Expr* a, const clang::Expr* b, const EvaluationPoint& at);
    // The objects the definitions of the released variable `read` hold that a repeated
    // condition keeps from the release: `if (n > N) p = malloc(n); else p = buf; ...
    // if (n > N) free(p);` (the small-buffer pattern).
    void correlated_guards(const clang::CallExpr* e, const clang::DeclRefExpr* read,
                           std::vector<TermId>& out);
    // The store's frame object and target, or false when its value is no address of the frame.
    bool describe_frame_store(PendingFrameStore& pending);
    // Whether the cell the store writes is written again before the function returns: on
    // every path (All), on some (Some), or the store's default (none).
    void mark_overwritten(PendingFrameStore& pending);
    // The other stores into the cell `cell` (or into an aggregate holding it).
    std::vector<const clang::Stmt*> stores_into(const Symbolic& cell, const clang::Expr* site);
    // The conditions of the `if`s that undo a store under a repetition of the condition it was
    // made under.
    void add_undoing_conditions(const clang::Expr* site, const std::vector<const clang::Stmt*>& kill_sites,
                                std::vector<LocalDefinitions::Point>& kills);

    SymbolicAddresses& addresses_;
    StoreForwarding& forwarding_;
    RepeatedConditions& conditions_;
    std::vector<PendingFrameStore> pending_frame_stores_;
};

}  // namespace galias::frontend::detail
