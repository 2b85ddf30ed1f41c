#pragma once
// Finds what each call site may call. Direct calls call their callee. Calls through
// function pointers are resolved in one of two ways (FrontendOptions::indirect_calls):
//   PointsTo  a context-insensitive Andersen pre-analysis (points_to_solver.hpp) over the
//             whole program, binding call targets as function addresses reach the pointer
//             (new bindings feed back until nothing changes);
//             If it exceeds its work budget it stops, and calls are resolved by type.
//             In a program without such calls it only chooses what to clone
//             (VaryingArguments) and runs under a budget linear in the program's size
//             (indirect_calls.cpp); over that, varying is left empty: clone everything.
//   Types     every function whose address is taken and whose type matches the call's
//             (pointer types are all alike, see Function::signature).

#include "frontend/call_graph.hpp"
#include "frontend/fact_emitter.hpp"
#include "frontend/frontend_options.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

// Per function index, per argument position: do the function's call sites pass arguments
// that share no object, by the pre-analysis (the objects every non-null argument may point
// to have an empty intersection)? Empty when the calls were resolved by type.
using VaryingArguments = std::vector<std::vector<bool>>;

struct IndirectCallStats {
    std::size_t indirect_sites = 0;
    std::size_t resolved_sites = 0;
    std::size_t targets = 0;        // (site, target) pairs
    std::size_t solver_rounds = 0;  // PointsTo only
    std::uint64_t solver_work = 0;
    bool fell_back_to_types = false;  // the pre-analysis went over its budget
    // No call through a function pointer, and the pre-analysis went over the linear budget
    // of clone selection: varying is empty.
    bool selection_over_budget = false;
};

CallTargets resolve_call_targets(ProgramIr& program, IndirectCalls mode, std::uint64_t points_to_budget,
                                 const EmitOptions& emit_options, IndirectCallStats& stats,
                                 VaryingArguments* varying = nullptr);

}  // namespace galias::frontend
