#pragma once
// Everything `galias facts` and `galias analyze` can ask of the frontend. A plain struct, so
// code fills it as easily as the command line does.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "frontend/compile_database.hpp"

namespace galias::frontend {

// How the targets of calls through function pointers are found (docs/FRONTEND.md).
enum class IndirectCalls {
    PointsTo,  // a context-insensitive Andersen pre-analysis resolves each call (default)
    Types,     // every address-taken function whose parameter count fits the call
};

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

    unsigned context_k = 1;                          // call-string length; 0 = context-insensitive
    std::uint64_t max_clones = 500000;               // function copies beyond the first, in total
    std::uint64_t max_clone_statements = 5'000'000;  // statements in those copies, in total
    bool field_sensitive = true;
    // Track integers as wide as a pointer (uintptr_t, long, size_t, PostgreSQL's Datum) like
    // pointers, so that a pointer cast to one and back keeps its target. Off by default:
    // it adds nodes for every such integer.
    bool integer_pointers = false;
    IndirectCalls indirect_calls = IndirectCalls::PointsTo;
    // Work the points-to pre-analysis may do before falling back to types (propagation
    // steps; 10^8 is a few seconds).
    std::uint64_t points_to_budget = 100'000'000;
    std::vector<std::string> allocators;  // extra functions that return fresh heap objects

    std::function<void(const ExtractProgress&)> on_progress;  // called from worker threads, serialized
    // Called when a whole-program stage starts ("linking 800 translation units", ...).
    std::function<void(const std::string&)> on_stage;
};

}  // namespace galias::frontend
