#pragma once
// Symmetric relations and mirror-image rule variants.
//
// A derived binary relation is symmetric when every rule for it maps symmetric relations
// to a symmetric head: R(x, y) :- B, where some renaming s of the rule's variables with
// s(x) = y and s(y) = x maps the body onto itself (atoms of relations assumed symmetric
// may swap their two arguments; comparisons must map onto comparisons). Then for every
// assignment satisfying B, the assignment composed with s satisfies B too and derives
// (y, x). The relations assumed symmetric are found as a greatest fixpoint: assume every
// derived binary relation without input facts symmetric, drop each with a rule that is not
// symmetric under the assumption, repeat; both columns must have the same type. (CSPA:
// ValueAlias and MemoryAlias; not ValueFlow.)
//
// Why: with the mirror (y, x) of every new tuple added by the executor, a semi-naive
// variant whose every derivation's mirror comes from a variant kept need not run (CSPA's
// ValueAlias rules: two of five variants, a third of its join output), and a lone
// recursive atom that is its own mirror need only be scanned for half its delta (SG,
// CSPA's MemoryAlias). The planner asks for mirrors (Relation::add_mirrors) only where it
// used either.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpu_engine/datalog/checker.hpp"

namespace galias::engine::plan {

// symmetric[r] for every relation of the program (declaration order).
std::vector<bool> symmetric_relations(const datalog::CheckedProgram& program);

// For a clause whose head is R(x, y) with distinct variables x and y: a renaming of its
// variables that swaps x and y and maps the body onto itself (atoms of `symmetric`
// relations compared without their argument order), if one exists, and the body atom
// each atom maps to.
struct Mirror {
    std::vector<std::size_t> atoms;
    std::map<std::string, std::string> rename;  // every variable of the rule
};
std::optional<Mirror> mirror_of(const datalog::CheckedProgram& program, const ast::Clause& clause,
                                const std::vector<bool>& symmetric);

// Whether a variant whose only recursive atom is body atom `delta` may scan half of that
// delta: the atom is R(a, b) and the mirror maps it onto itself with a and b swapped, so
// its derivations come in mirror pairs from (a, b) and (b, a); scanning the delta tuples
// with a <= b, with the head's mirrors added, derives them all.
bool halves_delta(const ast::Clause& clause, std::size_t delta, const Mirror& mirror);

// Of a clause's semi-naive variants (one per recursive atom, in body order; variant k
// reads the recursive atoms before atom k as old, atom k as delta, those after as full —
// so an assignment whose delta atoms are D is derived by the variant of min D), the
// variants that may be dropped when the head's mirrors are added: every assignment a
// dropped variant derives has a mirror derived by a kept variant. `mirror` from
// mirror_of (its atoms); `recursive` the recursive atoms' body positions.
std::vector<bool> droppable_variants(const std::vector<std::size_t>& recursive,
                                     const std::vector<std::size_t>& mirror);

}  // namespace galias::engine::plan
