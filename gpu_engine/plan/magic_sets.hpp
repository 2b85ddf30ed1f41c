#pragma once
// Demand (magic-set) transformation: a program and the shapes of the queries asked of it
// become a program that derives only what those queries need.
//
// A query asks for the tuples of a relation whose *bound* columns hold given values; its
// adornment says which columns those are, one letter a column ('b' bound, 'f' free:
// ValueAlias "bb", PointsTo "bf"). For every relation R a query reaches with adornment α
// (R_α below), the transformed program has
//   * R_α, the adorned copy of R: a rule of R gives a rule of R_α whose body starts with
//     magic_R_α(the head's bound arguments), so R_α holds only tuples some query asks for;
//   * magic_R_α, the demand on R: the bound values some query needs R_α for. The queries'
//     own values seed it (the input relation query_R_α); each body atom S(...) of a rule
//     of R_α adds demand on S_β, β being the arguments bound by the head's bound columns
//     and the atoms before S (sideways information passing): magic_S_β(bound arguments of
//     S) :- magic_R_α(...), the atoms before S.
// An all-free adornment has no magic relation: R_ff is R evaluated in full, though its
// rules still pass bindings on to the atoms of their bodies.
//
// Relations without rules (inputs) are kept as they are. A relation with both input
// facts and rules keeps its facts under its name and R_α(x) :- magic_R_α(..), R(x) takes
// them in. The answers to the queries of R are the output relation R (a fresh name when R
// is an input): R(x) :- query_R_α(x's bound columns), R_α(x), one rule per adornment.
//
// The result is an ordinary program: the checker, the planner (join order, symmetry) and
// both backends run it unchanged. The queries' values are its input facts, so one
// transformation serves any number of query sets of the same shapes.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gpu_engine/datalog/checker.hpp"

namespace galias::engine::plan {

// The shape of some queries: a relation and which of its columns they bind.
struct DemandForm {
    std::string relation;
    std::string adornment;    // one letter a column, 'b' or 'f': "bf"
    SourceLocation location;  // where the demand was written (errors point here)
};

// Which body atom passes its bindings on next (the SIPS). The planner still picks the join
// order of the rules it is given; this order only decides which arguments are bound when
// an atom's demand is derived, so which adornments and magic rules exist.
enum class Sips : std::uint8_t {
    // Body order, as written. A rule whose first atom has nothing bound (CSPA's
    // ValueFlow(x, z), ValueFlow(z, y) asked with y bound) then demands that atom in full.
    LeftToRight,
    // Repeatedly the atom with the most arguments bound so far (constants count), ties in
    // body order: each atom is reached with as much bound as any order allows it at its
    // turn, so the demand grows from the query's values instead of from whole relations.
    MostBoundFirst,
};

struct MagicOptions {
    Sips sips = Sips::MostBoundFirst;
    // A body atom reached with several columns bound is demanded on one of them, the one
    // bound first (by the head's demand, else by the earliest atom); the other bound
    // columns still join as written. A magic relation then holds single values, never
    // more than the program's distinct values, where bound pairs grow with their square:
    // CSPA on curl with 1,000 random pairs and nodes asked, magic_ValueFlow_bb held 603 k
    // pairs (ValueFlow has 393 k tuples in all) and the demand run took 4 times the full
    // run. The queries' own adornments are kept.
    bool one_bound_column = true;
    // Supplementary magic relations: a rule's join prefix that several magic rules and the
    // rule itself start with is stored once, as sup_*(the variables still needed), instead
    // of being joined again by each. magic_sets.cpp says why it is the default.
    bool supplementary = true;
};

// One query shape of the transformed program.
struct MagicQuery {
    DemandForm form;
    std::vector<std::uint32_t> bound_columns;  // the 'b' columns, in column order
    // The input relation that holds the queries' values of the bound columns (one column
    // each); empty for an all-free adornment, which asks for the whole relation.
    std::string seed;
};

struct MagicProgram {
    ast::Program program;
    std::vector<MagicQuery> queries;             // one per distinct form, in the order given
    std::map<std::string, std::string> answers;  // queried relation -> its answer relation (.output)
    std::vector<std::string> magic;              // the magic relations: the demand, in creation order
};

// Throws DiagnosticError at a form's location for an unknown relation or an adornment that
// does not fit it (wrong length, a letter other than b or f).
MagicProgram magic_sets(const datalog::CheckedProgram& program, const std::vector<DemandForm>& forms,
                        const MagicOptions& options = {});

}  // namespace galias::engine::plan
