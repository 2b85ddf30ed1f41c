#pragma once
// Finds allocation wrappers: functions with a body that return only fresh memory from an
// allocator (malloc, calloc, strdup, a --allocator, or another wrapper) and let it go
// nowhere else: jq's jv_mem_alloc, git's xmalloc, redis's zmalloc. A call to one then gets
// a heap object of its own call site, as a call to malloc does, instead of sharing the one
// object allocated inside the wrapper (at k=0 every allocation of a program that allocates
// through one wrapper was one object; heap cloning at k=1 only helps one level up).
//
// A wrapper of realloc (returning realloc(p, n) for its parameter p, or fresh memory) is a
// reallocating wrapper: its result is a fresh object of the call site or the argument.
//
// The wrapper's body is still analysed and its arguments bound, so what it does with them
// stays visible; only its result is replaced. The conditions make that sound: every value
// the wrapper returns comes from an allocator call in its body (through local copies and
// pointer arithmetic); the fresh pointer is not copied anywhere but into locals and the
// result, nor passed to a function other than a library function that moves no pointer
// (free, memset, ...); and the body writes nothing into the fresh object that the callers'
// objects would miss (under the types field model, writes to its fields go to the fields'
// nodes and are fine). Locals whose address is taken are not followed.
//
// Calls through function pointers count once their targets are known: a library's own
// allocation function that calls an allocation hook (`ctx->alloc(ctx->opaque, n)`) whose
// every target is an allocator or a wrapper is a wrapper too; so is one that returns either
// an allocator's result or that of a hook nothing in the program sets (zstd's
// ZSTD_customMalloc: `customMem.customAlloc ? customMem.customAlloc(opaque, n) : malloc(n)`);
// and realloc, or a reallocating wrapper or hook, given a null pointer allocates (Lua's
// luaM_malloc_ calls its lua_Alloc hook, l_alloc, with a null block).

#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/call_graph.hpp"
#include "frontend/frontend_options.hpp"
#include "frontend/program_ir.hpp"

namespace galias::frontend {

// The wrappers of `program`, by Function entity. `allocators` are the --allocator names;
// `model` decides which writes into the fresh object the body may make. `targets` (may be
// null) resolves calls through function pointers.
std::unordered_map<EntityId, AllocationWrapper> find_allocation_wrappers(
    const ProgramIr& program, const std::vector<std::string>& allocators, FieldModel model,
    const CallTargets* targets = nullptr);

}  // namespace galias::frontend
