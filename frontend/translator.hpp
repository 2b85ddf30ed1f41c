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

#include "frontend/translator_context.hpp"
#include "frontend/translator_entities.hpp"
#include "frontend/translator_locals.hpp"

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
        : TranslatorPart(context), entities_(context), local_values_(context, entities_) {}

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

    // ---------------------------------------------------------------- argument addresses
    // (translator_addresses.cpp; docs/FACTS.md "Argument addresses"): where a call's
    // pointer arguments point relative to the function's own values, and which of them a
    // fresh allocation keeps apart.

    // `constant + Σ coefficient × value` over values named by key: what a variable or a
    // field holds when read at an evaluation point (facts/linear_form.hpp).
    struct KeyedSum {
        struct Term {
            std::int64_t coefficient = 0;
            bool nonnegative = false;  // the value is of an unsigned type
        };
        std::int64_t constant = 0;
        std::map<std::string, Term> terms;
        // a + scale * b; nullopt when either is, or on overflow.
        static std::optional<KeyedSum> plus(const std::optional<KeyedSum>& a,
                                            const std::optional<KeyedSum>& b, std::int64_t scale);
    };
    // An address being evaluated: a base, a byte offset from it, the bytes of a struct type
    // it is confined to, and where the base value comes into being.
    struct Symbolic {
        facts::ArgumentAddress::Base kind = facts::ArgumentAddress::Base::Unknown;
        std::string base;
        std::optional<std::int64_t> offset = 0;
        std::optional<KeyedSum> sum = KeyedSum{};  // the offset as a sum, also when not constant
        std::string record;                        // with [lo, hi); empty: not confined
        std::uint64_t lo = 0;
        std::uint64_t hi = 0;
        bool array = false;                // the confining member is an array: indexing stays inside it
        std::uint32_t allocation = kNone;  // the base is the result of this call (index into calls)
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
    // Where an evaluation happens: at the call being described, or at an earlier definition
    // whose right-hand side is followed. Loads there are keyed by it.
    struct EvaluationPoint {
        std::string key;
        LocalDefinitions::Point point;
    };
    Symbolic pointer_address(const clang::Expr* e, const EvaluationPoint& at, int depth);
    Symbolic location_address(const clang::Expr* e, const EvaluationPoint& at, int depth);
    Symbolic loaded_address(const clang::Expr* location, const EvaluationPoint& at, int depth);
    Symbolic definition_address(DefinitionId definition, int depth);
    // A definition that assigns a null pointer constant.
    bool null_definition(DefinitionId definition) const;
    // Symbolic + n elements of `pointee` (n unknown when `count` is null).
    Symbolic advanced(Symbolic s, clang::QualType pointee, const clang::Expr* count, bool subtract,
                      const EvaluationPoint& at, int depth);
    // An integer expression as a sum over the values it reads at `at`; nullopt when it is
    // not linear in them (a product of two values, a call, an assignment).
    std::optional<KeyedSum> integer_sum(const clang::Expr* e, const EvaluationPoint& at, int depth);
    // A key for the memory an integer is read from: a variable, or a field (or `*p`) of an
    // address with a known base and offset; nullopt otherwise.
    std::optional<std::string> integer_cell(const clang::Expr* location, const EvaluationPoint& at,
                                            int depth);
    std::optional<std::int64_t> constant_of(const clang::Expr* e);
    // Fills the addresses of `site`'s arguments (calls with two pointer arguments or more).
    void describe_arguments(const clang::CallExpr* e, CallSite& site);
    void name_sums(const std::vector<std::optional<KeyedSum>>& sums, CallSite& site);
    // Where the block allocated by `allocation` may have gone on some path to `use`:
    // nowhere but the function's own copies, into memory cells (fields it was stored in),
    // or anywhere (passed to a call, returned, stored through an unknown pointer).
    struct Escape {
        bool anywhere = false;
        std::vector<Symbolic> cells;
    };
    Escape escape_before(const clang::CallExpr* allocation, const clang::CallExpr* use);
    // Follows the value `node` (a pointer into the block `block`, a base key) to what
    // consumes it: true when it stays in the function's own copies or is only read through,
    // compared or stored into a known cell (added to `cells`).
    bool stays_private(const clang::Stmt* node, const std::string& block, const clang::CallExpr* use,
                       std::vector<Symbolic>& cells);
    // Store-to-load forwarding: the value last stored into the cell at address `cell` when
    // one store does so on every path to `at` and nothing that may write the cell comes
    // between; nullopt otherwise.
    std::optional<Symbolic> forwarded(const Symbolic& cell, const EvaluationPoint& at, int depth);
    struct Store {
        const clang::Expr* site;  // the assignment or increment
        const clang::Expr* target;
        const clang::Expr* value;  // nullptr for a compound assignment or increment
        Symbolic address;          // the target's address at the store
    };
    // The store forwarded() forwards from, and the calls between it and `at` that must
    // return fresh memory for nothing between to write the cell (`needs_fresh`).
    const Store* forwarding_store(const Symbolic& cell, const EvaluationPoint& at, int depth,
                                  std::vector<std::uint32_t>& needs_fresh);
    // A pointer argument that reads a field (`s.data`, `p->buf`) which one store wrote on
    // every path to the call, with nothing between that may write it: the term of the value
    // stored, so that the field's earlier values do not reach the call; kNone otherwise.
    TermId forwarded_argument(const clang::Expr* arg, const clang::CallExpr* call);
    // Gives such arguments of the body's calls their stored values. Run once the whole body
    // is translated: every store's value term is known then, and the address facts of the
    // calls (describe_arguments), which share forwarding's caches, are already made.
    void forward_field_arguments();
    const std::vector<Store>& stores();
    // Whether a store to `target` (of that address) may overwrite the cell `cell` holding a pointer.
    static bool may_overwrite(const clang::Expr* target, const Symbolic& address, const Symbolic& cell);

    // ---------------------------------------------------------------- memory checks
    // (translator_memory.cpp; docs/FACTS.md "Released pointers", "Frame stores"): what the
    // memory checks need beyond the argument addresses.

    // A call that releases the block its argument points to: free, realloc, fclose, ... or a
    // configured release function (also through a function pointer variable of that name).
    bool releases_block(const clang::CallExpr* e) const;
    // ... or a call through a function pointer, whose targets (known only once the program is
    // linked) may be such functions.
    bool may_release_block(const clang::CallExpr* e) const {
        return releases_block(e) || e->getDirectCallee() == nullptr;
    }
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

    std::unordered_map<DefinitionId, Symbolic> definition_addresses_;
    // Calls met by pointer_address before they were translated (a definition further down a
    // loop body, reaching back): their results are not numbered yet, so an address that
    // depends on one is not remembered in definition_addresses_.
    std::uint64_t untranslated_calls_met_ = 0;
    std::uint64_t inexact_reads_ = 0;           // names the values read from places not known exactly
    std::optional<std::vector<Store>> stores_;  // of the current body, built on demand

    std::unordered_map<const clang::OpaqueValueExpr*, TermId> opaque_values_;
};

}  // namespace galias::frontend::detail
