#pragma once
// Finds what each call site may call. Direct calls call their callee. Calls through
// function pointers are resolved in one of two ways (FrontendOptions::indirect_calls):
//   PointsTo  a context-insensitive Andersen pre-analysis (points_to_solver.hpp) over the
//             whole program, binding call targets as function addresses reach the pointer
//             (new bindings feed back until nothing changes);
//             If it exceeds kPointsToBudget it stops, and calls are resolved by type.
//   Types     every function whose address is taken and whose type matches the call's
//             (pointer types are all alike, see Function::signature).

#include "frontend/call_graph.hpp"
#include "frontend/fact_emitter.hpp"
#include "frontend/frontend_options.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

struct IndirectCallStats {
    std::size_t indirect_sites = 0;
    std::size_t resolved_sites = 0;
    std::size_t targets = 0;        // (site, target) pairs
    std::size_t solver_rounds = 0;  // PointsTo only
    std::uint64_t solver_work = 0;
    bool fell_back_to_types = false;  // the pre-analysis went over its budget
};

// Propagation steps the points-to pre-analysis may take before resolving by type instead
// (a few seconds; whole-program Andersen without cycle elimination can take far longer on
// a large code base).
inline constexpr std::uint64_t kPointsToBudget = 100'000'000;

CallTargets resolve_call_targets(ProgramIr& program, IndirectCalls mode, const EmitOptions& emit_options,
                                 IndirectCallStats& stats);

}  // namespace galias::frontend
