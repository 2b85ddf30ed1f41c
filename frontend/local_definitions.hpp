#pragma once
// Reaching definitions of a function's register-like locals, for partial SSA form
// (docs/FACTS.md, "Locals in SSA form").
//
// A local (or parameter) that holds a pointer, is a scalar and whose address is never taken
// can only change where the function assigns it. Such a variable is *tracked*: every
// definition of it (its initialization, an assignment, ++/--, a compound assignment, and
// for a parameter its value on entry) becomes a value of its own, and every read is
// answered by the definitions that reach it along Clang's control-flow graph (CFG). One
// reaching definition means the read has exactly that value; several are joined by a phi.
// So a value never flows backwards in time within a function: in
// `memcpy(buf, p, n); p = buf;` the `p` read by memcpy is not `buf`.
//
// Variables whose address is taken (or that inline assembly writes) stay single,
// flow-insensitive memory locations, as in LLVM's partial SSA.

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/Analysis/CFG.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "frontend/block_dominators.hpp"

namespace galias::frontend {

using DefinitionId = std::uint32_t;
struct BranchFacts;  // what reaches_feasibly knows of a function's tests (feasible_paths.cpp)

struct LocalDefinition {
    enum class Kind : std::uint8_t {
        Entry,   // a parameter's value on entry
        Init,    // a declaration with an initializer
        Uninit,  // a declaration without one: the variable holds nothing known
        Assign,  // p = e (also the compound p += n, p -= n)
        Update,  // ++p, p++, --p, p--
    };
    Kind kind = Kind::Entry;
    const clang::VarDecl* var = nullptr;
    // The assignment or increment expression (Assign, Update); nullptr otherwise.
    const clang::Expr* site = nullptr;
};

class LocalDefinitions {
public:
    // `candidate(var)`: whether the translator keeps a node for the variable at all (a
    // scalar that may hold a pointer). Of those, the ones declared in `fd` with local
    // storage, never address-taken, not volatile and not written by inline assembly are
    // tracked.
    LocalDefinitions(const clang::FunctionDecl* fd, clang::ASTContext& context,
                     const std::function<bool(const clang::VarDecl*)>& candidate);

    [[nodiscard]] bool tracked(const clang::VarDecl* var) const { return tracked_.count(var) != 0; }
    // False when the CFG could not be built or the function is too large for the analysis;
    // then nothing is tracked.
    [[nodiscard]] bool analysed() const { return analysed_; }

    [[nodiscard]] const LocalDefinition& definition(DefinitionId id) const { return definitions_[id]; }
    // The definitions of a tracked variable, in order of first appearance.
    [[nodiscard]] const std::vector<DefinitionId>& definitions_of(const clang::VarDecl* var) const;
    // The definition an assignment or increment expression makes; kNoDefinition if it
    // defines no tracked variable.
    [[nodiscard]] DefinitionId definition_at(const clang::Expr* site) const;
    // The definition a declaration makes (Init or Uninit) and a parameter's Entry.
    [[nodiscard]] DefinitionId definition_of_declaration(const clang::VarDecl* var) const;
    // The definitions that reach a read of a tracked variable, sorted. A read the CFG does
    // not show (code it found unreachable) is reached by every definition of the variable.
    [[nodiscard]] const std::vector<DefinitionId>& reaching(const clang::DeclRefExpr* read) const;

    static constexpr DefinitionId kNoDefinition = 0xFFFFFFFFu;

    // A point of the function: a statement or expression the CFG evaluates, a declaration
    // (where it is initialized), or the function's entry (both null).
    // An edge of the control-flow graph: successor number `succ` of block `block`.
    struct Edge {
        unsigned block = 0;
        unsigned succ = 0;
    };
    struct Point {
        const clang::Stmt* stmt = nullptr;
        const clang::VarDecl* declaration = nullptr;
        [[nodiscard]] bool entry() const { return stmt == nullptr && declaration == nullptr; }
    };
    // Where a definition happens.
    [[nodiscard]] Point point_of(DefinitionId definition) const;
    // Can control go from `from` to `to` without passing through `avoid`? (`to` and
    // `avoid` are expressions or statements; false when one of the points is not in the
    // CFG, except for the entry.) Answers whether `avoid` lies on every path from `from` to
    // `to`: an allocation `avoid` that comes after a definition `from` on every path to a
    // use `to` made that definition's value before the block existed. From the entry, the
    // answer comes from the dominator tree (built on the first such question).
    [[nodiscard]] bool reaches_avoiding(Point from, Point to, Point avoid) const;
    // Can control go from `from` (the entry too) to the function's return without passing
    // through any of `avoid`? A path that ends in a call that does not return (exit, abort)
    // does not return. True when nothing is known (no CFG, or `from` not in it).
    [[nodiscard]] bool returns_avoiding(Point from, const std::vector<Point>& avoid) const;
    // Can control go from `from` (the entry too) to `to` without passing through any of
    // `avoid`? (`to` may be `from` itself, reached again through a loop.) True when nothing is
    // known.
    // `cut`: edges no path may take either.
    [[nodiscard]] bool reaches_avoiding_all(Point from, Point to, const std::vector<Point>& avoid,
                                            const std::vector<Edge>& cut = {}) const;
    // The edges into the branch where `var` is null, of every branch that tests it alone (`!p`,
    // `p == NULL`, `p != NULL`, `p`, also `(p = f()) == NULL`, and each operand of `&&`/`||`).
    [[nodiscard]] std::vector<Edge> null_branches(const clang::VarDecl* var,
                                                  clang::ASTContext& context) const;
    // Can control go from `from` to one of `targets`?
    [[nodiscard]] bool reaches_any(Point from, const std::vector<Point>& targets) const;

    // The number of positions of the graph: what one path question may walk.
    [[nodiscard]] std::size_t size() const { return positions_; }

    // Points as a set over the graph's positions, for many path questions about the same
    // points (the stores and calls of a large function): mapping the points once.
    using PointSet = std::vector<bool>;
    [[nodiscard]] PointSet point_set(const std::vector<Point>& points) const;
    void add(PointSet& set, Point point) const;
    void remove(PointSet& set, Point point) const;
    // reaches_avoiding_all with the avoided points as a set.
    [[nodiscard]] bool reaches_avoiding_set(Point from, Point to, const PointSet& avoid,
                                            const std::vector<Edge>& cut = {}) const;
    // Is there a path from the entry that passes `through`, then reaches `to` without passing
    // a point of `avoid` or taking an edge of `cut`, and on which every branch that compares a
    // local with a constant (`if (!result)`, `r != 0`, `p == NULL`) goes the way the path's
    // own earlier assignments and tests of that local decide? A flag set where a block is
    // released (`free(buf); result = OUT_OF_MEMORY;`) and tested later (`if (!result)
    // use(buf)`) closes the path to the use. A refinement of reaches_avoiding_set: asked
    // after it answered true; true when nothing is known or the walk would visit more blocks
    // than `walks` walks over the whole graph do.
    [[nodiscard]] bool reaches_feasibly(Point through, Point to, const PointSet& avoid,
                                        const std::vector<Edge>& cut, unsigned walks = 8) const;
    // Can control go from `from` to a point of `targets` without passing `avoid`?
    [[nodiscard]] bool reaches_any_avoiding(Point from, const PointSet& targets, Point avoid) const;
    // Whether `point` is evaluated by the CFG at all.
    [[nodiscard]] bool in_graph(Point point) const;

    // The points on some path from `from` to `to` that does not pass through `avoid` again
    // (`from` and `to` excluded): what can happen between a store and a later load of the
    // same cell, with `avoid` the store itself.
    class PathSet {
    public:
        [[nodiscard]] bool contains(Point point) const;
        [[nodiscard]] bool known() const { return owner_ != nullptr; }

    private:
        friend class LocalDefinitions;
        const LocalDefinitions* owner_ = nullptr;
        std::vector<bool> marks_;  // by position number
    };
    [[nodiscard]] PathSet between(Point from, Point to, Point avoid) const;

private:
    struct Position {
        unsigned block = 0;
        unsigned index = 0;
    };
    [[nodiscard]] const Position* position(Point point) const;
    [[nodiscard]] std::size_t number(const Position& p) const { return block_start_[p.block] + p.index; }
    // Positions reachable from `from` (from its successor on) without passing `avoid`, and
    // positions from which `to` is reachable without passing `avoid`.
    [[nodiscard]] std::vector<bool> forward(Point from, const Position* avoid) const;
    // The edge from a `do ... while (0)` back to its body, which no execution takes.
    [[nodiscard]] bool never_taken(const clang::CFGBlock* from, const clang::CFGBlock* to) const;
    // Puts the successors of block `b` not entered yet on `work` (and marks them entered),
    // leaving out the edges never taken and those of `cut`: the step every walk forward takes.
    void enter_successors(unsigned b, std::vector<bool>& entered, std::vector<unsigned>& work,
                          const std::vector<Edge>* cut = nullptr) const;
    [[nodiscard]] std::vector<bool> backward(const Position& to, const Position* avoid) const;

    void find_tracked(const clang::FunctionDecl* fd,
                      const std::function<bool(const clang::VarDecl*)>& candidate);
    // The constructor's steps after find_tracked: the positions of the graph, then the
    // definitions reaching each read of a tracked variable.
    using Bits = std::vector<std::uint64_t>;  // a set of definition ids
    // By variable, its definition ids [first, last + 1): they are contiguous.
    using DefinitionRanges = std::unordered_map<const clang::VarDecl*, std::pair<DefinitionId, DefinitionId>>;
    void index_positions(const clang::CFG& cfg, clang::ASTContext& context);
    void solve_reaching_definitions(const clang::FunctionDecl* fd, const clang::CFG& cfg);
    // Applies one CFG element to the set of definitions that reach the point after it.
    void transfer(const clang::Stmt* s, Bits& bits, DefinitionRanges& range);
    std::vector<Bits> reaching_on_entry(const clang::CFG& cfg, const std::vector<bool>& reachable,
                                        const Bits& entry_bits, DefinitionRanges& range);
    void record_reads(const clang::CFG& cfg, const std::vector<bool>& reachable, const std::vector<Bits>& in,
                      DefinitionRanges& range);
    DefinitionId add_definition(LocalDefinition::Kind kind, const clang::VarDecl* var,
                                const clang::Expr* site);

    bool analysed_ = false;
    std::unique_ptr<clang::CFG> cfg_;
    std::unordered_map<const clang::Stmt*, Position> stmt_positions_;
    std::unordered_map<const clang::VarDecl*, Position> declaration_positions_;
    std::vector<const clang::CFGBlock*> blocks_;           // by block id
    std::vector<std::size_t> block_start_;                 // by block id: the number of its first position
    std::vector<bool> once_loops_;                         // by block id: the test of a `do ... while (0)`
    mutable std::unique_ptr<BlockDominators> dominators_;  // built on first use
    struct BranchFactsDeleter {
        void operator()(BranchFacts* facts) const;
    };
    mutable std::unique_ptr<BranchFacts, BranchFactsDeleter> branch_facts_;  // built on first use
    void build_branch_facts() const;
    clang::ASTContext* context_ = nullptr;
    std::size_t positions_ = 0;
    std::unordered_set<const clang::VarDecl*> tracked_;
    std::vector<LocalDefinition> definitions_;
    std::unordered_map<const clang::VarDecl*, std::vector<DefinitionId>> by_var_;
    std::unordered_map<const clang::Expr*, DefinitionId> at_site_;
    std::unordered_map<const clang::VarDecl*, DefinitionId> at_declaration_;
    std::unordered_map<const clang::DeclRefExpr*, std::vector<DefinitionId>> reaching_;
    std::vector<DefinitionId> none_;
};

}  // namespace galias::frontend
