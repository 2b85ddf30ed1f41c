#pragma once
// Everything `galias facts` and `galias analyze` can ask of the frontend. A plain struct, so
// code fills it as easily as the command line does.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/compile_database.hpp"

namespace galias::frontend {

// How the targets of calls through function pointers are found (docs/FRONTEND.md).
enum class IndirectCalls {
    PointsTo,  // a context-insensitive Andersen pre-analysis resolves each call (default)
    Types,     // every address-taken function whose parameter count fits the call
};

// Which struct and union fields get nodes of their own (docs/FACTS.md, "Fields through
// pointers").
enum class FieldModel {
    // Fields of variables are told apart; a field reached through a pointer (or inside a
    // variable whose address is taken) is the field of its declared type, one node per
    // field of each struct type (field-based; the default).
    Types,
    // Fields of variables are told apart until the variable's address is taken; a field
    // reached through a pointer is the whole object (*p).
    Variables,
    // One node per variable, whatever the field (--field-insensitive).
    None,
};

// "types", "variables", "none" (the command-line names), or nothing.
std::optional<FieldModel> parse_field_model(std::string_view name);
const char* field_model_name(FieldModel model);

struct ExtractProgress {
    std::size_t done = 0;  // translation units finished
    std::size_t total = 0;
    std::string file;  // the one just finished
};

struct FrontendOptions {
    // Where the compile commands come from: `compile_database` (a directory holding
    // compile_commands.json, or the file itself), or else `jobs` given directly.
    std::filesystem::path compile_database;
    std::vector<CompileJob> jobs;
    std::vector<std::string> extra_args;      // appended to every command (`galias facts -- ARGS`)
    std::vector<std::string> source_filters;  // ECMAScript regexes; a file is analysed if any matches
    unsigned threads = 0;                     // parallel translation units; 0 = all cores

    unsigned context_k = 1;  // call-string length; 0 = context-insensitive
    // With k = 1, clone every function per context, not only those whose call sites pass
    // different points-to sets or that allocate (clone_selection.hpp).
    bool clone_all = false;
    std::uint64_t max_clones = 500000;               // function copies beyond the first, in total
    std::uint64_t max_clone_statements = 5'000'000;  // statements in those copies, in total
    // A recursive component of more functions keeps one copy (context_table.hpp); 0: no limit.
    std::uint32_t max_component_cloned = 32;
    // A recursive component whose extra copies would hold more statements keeps one copy
    // too (context_table.hpp); 0: no limit.
    std::uint64_t max_component_clone_statements = 100'000;
    FieldModel field_model = FieldModel::Types;
    // Track integers as wide as a pointer (uintptr_t, long, size_t, PostgreSQL's Datum) like
    // pointers, so that a pointer cast to one and back keeps its target. Off by default:
    // it adds nodes for every such integer.
    bool integer_pointers = false;
    // All string literals are one object, except those passed straight to a restrict
    // parameter (docs/FACTS.md, "String literals"); off: one object per literal.
    bool merge_string_literals = true;
    // Shrink the assign graph without changing ValueAlias, MemoryAlias or PointsTo
    // (fact_reduction.hpp); off only to compare or to read ValueFlow in full.
    bool reduce_copies = true;
    // A database of several programs (link_units.hpp) is analysed program by program, each
    // with the units it links, unless that links more than this many units per unit of the
    // database (a test suite of hundreds of programs that each link one library): then it
    // is analysed as one program, with a warning. 0: no limit.
    unsigned max_links_per_unit = 4;
    IndirectCalls indirect_calls = IndirectCalls::PointsTo;
    // Work the points-to pre-analysis may do before falling back to types (propagation
    // steps; 10^8 is a few seconds). The corpus needs up to 4.3 * 10^8 (git).
    std::uint64_t points_to_budget = 2'000'000'000;
    std::vector<std::string> allocators;  // extra functions that return fresh heap objects
    // Functions besides the C library's free, realloc, fclose, ... that release the block
    // their first argument points to (the release functions of configured allocators: g_free,
    // xmlFree): their calls' argument addresses are recorded for the memory checks.
    std::vector<std::string> release_functions;
    // The per-unit fact cache (unit_cache.hpp); empty: off. `tool_identity` (the galias
    // version and commit) is part of every key: another build never reuses an entry.
    std::filesystem::path unit_cache;
    std::string tool_identity;

    std::function<void(const ExtractProgress&)> on_progress;  // called from worker threads, serialized
    // Called when a whole-program stage starts ("linking 800 translation units", ...).
    std::function<void(const std::string&)> on_stage;
};

}  // namespace galias::frontend
