#pragma once
// Shrinks the assign graph of emitted facts without changing what the analyses answer:
// CSPA's ValueAlias and MemoryAlias and Andersen's PointsTo stay the same for every node
// (docs/FACTS.md, "Copy reduction"). Off with `galias facts --no-copy-reduction`.
//
// Why: CSPA derives ValueAlias(x, y) from ValueFlow(z, x), ValueFlow(z, y) for every node
// z on the way, so a value passed down a chain of n copies (a context pointer handed from
// function to function) is paired n times over, and a cycle of copies (x = y; y = x, common
// once a pointer is stored in a field and loaded elsewhere) makes every member a source of
// all the pairs. Two rewrites, each the classic offline one for inclusion constraints
// (cycle elimination; copy propagation, cf. Rountev and Chandra PLDI 2000, Hardekopf and
// Lin SAS 2007), keep every node's value set and make the chains and cycles shallow:
//
//   1. Cycles: the members of a strongly connected component of the assign graph hold the
//      same values. Every edge into or out of a member becomes an edge of the component's
//      representative r (its smallest node), and r is assigned to each other member.
//   2. Copies: a node v that only receives values by assignment (it is not a memory
//      location: no dereference fact names it as target) and has a single predecessor u
//      holds exactly u's values; v's outgoing edges then start from u's representative.
//
//   3. Value classes: after 1 and 2 a substituted node v has one edge left, u -> v from the
//      node whose values it holds, and no outgoing edge. ValueAlias(v, y) = ValueAlias(u, y)
//      and PointsTo(v) = PointsTo(u) for every y, so the edge is dropped and v recorded in
//      ProgramFacts::value_class (value_classes.tsv): readers ask u for v. Dereferences and
//      loads through v become ones through u. On real code most nodes are such copies
//      (93 k of 145 k nodes in PostgreSQL), and ValueAlias, quadratic in the nodes a value
//      reaches, shrinks accordingly (docs/FACTS.md, "Value classes").
//   4. Equal sources: two such assignment-only nodes whose sources (after 1-3) are the same
//      nodes hold the same values (hash-based value numbering); the later joins the earlier
//      one's value class, to a fixpoint.
//
// An edge into a dereference `*p` is a store for Andersen, so it makes no cycle in step 1.
//
// Memory locations (*p, and variables whose address is taken) also receive values through
// stores to aliases (CSPA's MemoryAlias, Andersen's store rule) and are loaded through
// aliases, so they keep their own outgoing edges: a memory member m of a cycle gets the
// edge m -> r back. ValueFlow itself shrinks: ValueFlow(v, x) does not hold for a
// substituted v (its value reaches x from its representative).
//
// The Andersen assign and store facts are rebuilt from the reduced CSPA assign facts (they
// are a function of them, docs/FACTS.md). assign_sites.tsv keeps the edges as emitted,
// each with its statement: witness paths (reports/witness_path.hpp) follow the program's
// own chain of assignments.

#include <cstddef>

#include "frontend/extract_result.hpp"

namespace galias::frontend {

struct ReductionStats {
    std::size_t assign_before = 0;
    std::size_t assign_after = 0;
    std::size_t cycle_members = 0;  // nodes in non-trivial components, representatives excluded
    std::size_t substituted = 0;    // nodes whose outgoing edges moved to their representative
    std::size_t class_members = 0;  // nodes answered by their value class (ProgramFacts::value_class)
    std::size_t equal_sources = 0;  // of those: nodes merged with one of the same sources (step 4)
};

ReductionStats reduce_copies(ExtractResult& facts);

}  // namespace galias::frontend
