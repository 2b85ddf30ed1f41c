#pragma once
// Checked program -> semi-naive plan:
//  1. stratify: strongly connected components of the predicate dependency graph, in
//     topological order (only positive atoms, so any SCC order respecting dependencies works);
//  2. per rule of a recursive stratum, one semi-naive variant per body atom of the stratum,
//     that atom read as delta and every other atom as full;
//  3. join order: the delta atom (or the first atom) first, then repeatedly the atom with
//     the most columns bound by the atoms before it (ties: body order) — so connected atoms
//     come before cartesian products;
//  4. index selection: each probed (relation, bound columns) pair becomes a stored column
//     order with those columns first; a relation's first order is its primary one.

#include "gpu_engine/datalog/checker.hpp"
#include "gpu_engine/plan/plan.hpp"
#include "gpu_engine/plan/strategy.hpp"

namespace galias::engine::plan {

Plan build_plan(const datalog::CheckedProgram& program, const std::string& file_name);

// Human-readable plan for `galias run --explain`; with `strategy`, the plan bound to a
// backend: how each relation is stored and which operators each join step takes.
std::string explain_plan(const Plan& plan, const Strategy* strategy = nullptr);

}  // namespace galias::engine::plan
