#pragma once
// The AST translator's class, shared by its source files (internal to frontend/):
//   tu_translator.cpp           declarations, functions, statements, initializers, entities
//   translator_expressions.cpp  places and values of expressions, casts, operators
//   translator_calls.cpp        call sites, builtins, atomics
//   translator_addresses.cpp    where call arguments point (argument addresses)
//   translator_memory.cpp       released pointers' guards and steps, frame stores
//   translator_lifetimes.cpp    the uses of values after calls that may release them
// The entry point is translate_translation_unit() (tu_translator.hpp).

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/translator_addresses.hpp"
#include "frontend/translator_arguments.hpp"
#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"
#include "frontend/translator_escape.hpp"
#include "frontend/translator_forwarding.hpp"
#include "frontend/translator_locals.hpp"
#include "frontend/translator_sums.hpp"

namespace galias::frontend::detail {

// Walks one TU. Expressions are evaluated in two ways:
//   place(e)  the location an lvalue denotes: an Entity term (variable or field path) or a
//             Deref term; also used for aggregates (structs and unions), whose "value" is
//             the location holding them.
//   value(e)  the term holding a pointer-valued rvalue; kNone when e holds no pointer.
// Both evaluate side effects of subexpressions (assignments, calls) on the way.
class Translator : private TranslatorPart {
public:
    explicit Translator(TranslationContext& context)
        : TranslatorPart(context),
          entities_(context),
          local_values_(context, entities_),
          sums_(context, addresses_),
          addresses_(context, entities_, sums_, forwarding_),
          forwarding_(context, addresses_),
          escape_(context, addresses_),
          arguments_(context, addresses_, sums_, escape_) {}

    void translate_declarations(const clang::DeclContext* dc);

private:
    void translate_function(const clang::FunctionDecl* fd);

    // ---------------------------------------------------------------- statements

    void statement(const clang::Stmt* s);

    // Initializes the location `dst` (of `type`) from `init`, descending into braces.
    void initialize(TermId dst, clang::QualType type, const clang::Expr* init);

    // ---------------------------------------------------------------- expressions

    // Evaluates `e` for its side effects only.
    void effects(const clang::Expr* e);

    // A pure expression moves no pointer, but a pointer cast to an integer inside it is a
    // pointer value leaving what is tracked: report it like value() would.
    void report_pointer_to_int_casts(const clang::Stmt* s);

    void effects_of_children(const clang::Expr* e);

    // Records that the part of a variable at `location` escapes (its address is taken) or
    // holds a union (docs/FACTS.md, "Fields through pointers"); nothing for locations reached through
    // pointers.
    void collapse(TermId location, CollapseKind kind);

    // &place: the pointer to a location. Taking the address of an aggregate part of a
    // variable lets pointers reach its fields (CollapseKind::Escaped).
    TermId address_of(TermId location, clang::QualType type);

    // The field `field` of the location `base` (a.f, p->f): a longer path in a variable, a
    // Member term under a dereference. A union member shares its union's storage.
    TermId member_of(TermId base, const clang::FieldDecl* field);

    TermId deref(TermId pointer, clang::SourceLocation loc);

    TermId place(const clang::Expr* e);

    TermId value_of_aggregate_or_lvalue(const clang::Expr* e);

    TermId compound_literal(const clang::CompoundLiteralExpr* e);

    TermId opaque(const clang::OpaqueValueExpr* e);

    // A fresh temporary receiving each of `branches` (used by ?: and a ?: b).
    TermId join(const clang::Expr* e, std::initializer_list<const clang::Expr*> branches);

    TermId value(const clang::Expr* e);

    TermId cast(const clang::CastExpr* e);

    TermId unary(const clang::UnaryOperator* e);

    TermId binary(const clang::BinaryOperator* e);

    // Arithmetic on integers that may hold a pointer (--integer-pointers): alignment masks,
    // offsets and tags keep the pointer's target, so the result holds what the tracked
    // operands hold. The difference of two pointers is an offset, not a pointer.
    TermId integer_arithmetic(const clang::BinaryOperator* e);

    // The atomic builtins that move pointers: loads, stores and exchanges through `ptr`.
    TermId atomic(const clang::AtomicExpr* e);

    // Builtins that are not functions of their own: evaluated here, never call sites.
    // Returns true (and sets `result`) when `call` is one of them.
    bool builtin(const clang::CallExpr* call, unsigned id, TermId& result);

    CallValue call_value(const clang::Expr* arg);

    // memcpy(&b, &a, n) and the other library copies: between two struct types, their
    // overlapping fields are one (FieldTable::convert); between buffers of characters or
    // numbers, the copy moves no pointer (CallSite::copies_bytes_only).
    void copied_types(const clang::CallExpr* e, const clang::FunctionDecl* callee, CallSite& site);

    TermId call(const clang::CallExpr* e, bool want_value);
    // Where a call is reported (CallSite::begin, end, macro).
    void call_range(const clang::CallExpr* e, CallSite& site);

    // ---------------------------------------------------------------- memory checks
    // (translator_memory.cpp; docs/FACTS.md "Released pointers", "Frame stores"): what the
    // memory checks need beyond the argument addresses.

    // The released argument's guards (`if (p != buf)`) and the step that may have moved it
    // from where its base points on some path (`while (*s == ' ') s++;`).
    void describe_release(const clang::CallExpr* e, CallSite& site);
    // The guards of a direct call of a function of the program on its first argument (`if
    // (p != buf) my_free(p);`): the function may turn out to release it (a wrapper), and
    // the checks of the release inside then leave out what the guard keeps it from.
    void describe_wrapper_guards(const clang::CallExpr* e, CallSite& site);
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
    // if (n > N) free(p);` (the small-buffer pattern; translator_memory.cpp says when).
    void correlated_guards(const clang::CallExpr* e, const clang::DeclRefExpr* read,
                           std::vector<TermId>& out);
    // Whether `later` tests the condition `earlier` tested, with the same outcome: the same
    // expression, reading only locals and parameters (with `fields`, also members of what they
    // name or point to) that nothing writes after `earlier` begins, both in one loop body.
    bool repeats_condition(const clang::IfStmt* earlier, const clang::IfStmt* later, bool fields);
    // The nearest `if` whose then or else branch holds `s` (not its condition), and whether
    // `s` is in the then branch of `branch`.
    const clang::IfStmt* enclosing_if(const clang::Stmt* s);
    bool in_then(const clang::IfStmt* branch, const clang::Stmt* s);
    // Records a store `target = value` (or, with `target` null, `return value`).
    // finish_frame_stores() keeps those whose value is the address of the frame's own storage
    // and decides whether the cell is written again before the function returns. Both wait
    // until the whole body is translated: an address read at a store may depend on calls
    // further down the body (through a loop or a load), which are numbered only once
    // translated, and an answer computed earlier would be remembered for every later question.
    void note_frame_store(const clang::Expr* site, const clang::Expr* target, TermId place,
                          const clang::Expr* value);
    void finish_frame_stores();
    // The store's frame object and target, or nothing when `value` is no address of the frame.
    struct PendingFrameStore;
    bool describe_frame_store(PendingFrameStore& pending);
    struct PendingFrameStore {
        const clang::Expr* site = nullptr;
        const clang::Expr* target = nullptr;  // null for a return
        const clang::Expr* value = nullptr;
        TermId place = kNone;
        Symbolic cell;  // the address written (unknown for a return)
        FrameStore store;
    };
    std::vector<PendingFrameStore> pending_frame_stores_;

    // ---------------------------------------------------------------- lifetimes
    // (translator_lifetimes.cpp; docs/FACTS.md "Released values"): calls on every path, where
    // arguments come from, and the uses of each value after a call that may release it.

    // A key for the block a pointer expression points into: the base of its address, or the
    // memory a value is read from ("cell:BASE+OFFSET"); "" when not known.
    std::string block_identity(const clang::Expr* e, const EvaluationPoint& at);
    // Whether a store may write `cell` between a point of `read` (where a value was read from
    // it) and `release`.
    bool rewritten_before(const Symbolic& cell, const std::vector<LocalDefinitions::Point>& read,
                          LocalDefinitions::Point release);
    // Whether the value `release` releases (read from a tracked local) was copied from a
    // variable `used` reads, which every path from the copy to the release assigns again.
    bool copied_before_redefinition(const clang::CallExpr* release, const clang::Expr* released,
                                    const clang::Expr* used);
    void finish_lifetimes();

    EntityTable entities_;
    LocalValues local_values_;

    IntegerSums sums_;
    SymbolicAddresses addresses_;
    StoreForwarding forwarding_;
    BlockEscape escape_;
    ArgumentAddresses arguments_;

    std::unordered_map<const clang::OpaqueValueExpr*, TermId> opaque_values_;
};

}  // namespace galias::frontend::detail
