#pragma once
// Which nodes are worth a copy per calling context (k = 1). Cloning copies the nodes of a
// function's body, and CSPA's ValueAlias grows with the square of the nodes that hold one
// value, so copies that hold the same values in every context (the `lua_State *L` of every
// function of an interpreter, passed the same state from every call site, and everything
// loaded from it) cost a quadratic amount of output for no precision.
//
// With k = 1 the contexts of a function are its call sites, and a node's copies can differ
// only through
//   - what the call passes: a parameter whose arguments share no object across the call
//     sites, by the context-insensitive points-to pre-analysis (indirect_calls.hpp). Where
//     every call site's argument may point to some common object (the one interpreter
//     state, the one pool), copies would mostly hold the same objects, and are not made;
//   - objects of the copy itself: heap objects allocated in the body (heap cloning) and
//     locals whose address is taken;
//   - values derived from those in the body: copies, dereferences, library calls that
//     return an argument.
// Globals and struct fields are one node in every context, and the contexts of the callees
// are the call sites in the body, the same for every copy, so values loaded from them or
// returned by a callee are equal in all copies, except for callees in the same recursive
// component, which run in the caller's context: there parameters and return values carry
// dependence from function to function. The nodes of a function that depend on
// none of the above are shared by all its contexts (Entity::per_context off), and a
// function with no dependent node keeps one copy. Sharing only merges nodes, so it is
// sound; it loses precision where call sites pass overlapping but different sets, and
// where the pre-analysis's sets share an object but the context-sensitive ones would not
// (tests/e2e_alias/cases/clone_selection_loss.c).
//
// For k >= 2 and when calls were resolved by type (no points-to sets) nothing is selected.

#include <string>
#include <unordered_set>
#include <vector>

#include "frontend/call_graph.hpp"
#include "frontend/frontend_options.hpp"
#include "frontend/indirect_calls.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

struct CloneSelection {
    std::vector<bool> cloned;             // per function index: has a node worth copying
    std::unordered_set<EntityId> shared;  // per-context entities kept in one copy
};

// `allocators` are the --allocator names.
CloneSelection select_clones(const ProgramIr& program, const CallGraph& graph, const CallTargets& targets,
                             const VaryingArguments& varying, const std::vector<std::string>& allocators,
                             FieldModel model);

}  // namespace galias::frontend
