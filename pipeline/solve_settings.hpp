#pragma once
// How the report commands solve CSPA (`--solve`) and the bounds on a solve
// (`--solve-memory-limit`, `--solve-time-limit`): docs/ENGINE.md, "CSPA on demand in the
// run driver".

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gpu_engine/engine.hpp"

namespace galias::pipeline {

// Demand: MemoryAlias by cspa_memory.dl and ValueAlias for the pairs the checks or queries
// ask (demand_alias_solver.hpp). Full: the whole of cspa_linear.dl, as a results database
// keeps it. Auto: demand, unless a database is written or the questions cover so much of
// the program that a full solve is cheaper (analysis_session.cpp says when).
enum class SolveMode { Auto, Demand, Full };

std::optional<SolveMode> parse_solve_mode(std::string_view text);  // "auto", "demand", "full"
const char* solve_mode_name(SolveMode mode);

// Peak resident memory of a CSPA run on the CPU backend per tuple it derives (every
// relation's tuples, the sum of the iterations' deltas), measured with `galias run
// cspa_linear --stats` on the corpus's largest programs (git: 5.15 GB for 344 M tuples,
// sqlite3: 2.33 GB for 80 M; 2 cores, EBM on): the memory bound is turned into a bound on
// derived tuples with it. 32 bytes covers both (git 15, sqlite3 29), so that a run stops
// before its memory passes the bound.
inline constexpr std::uint64_t kBytesPerDerivedTuple = 32;

struct SolveBounds {
    std::uint64_t memory_bytes = 0;  // 0: no bound on derived tuples
    double seconds = 0;              // 0: no time bound
    // Each CSPA engine run's bounds (Andersen is not bounded: it is cheap).
    [[nodiscard]] engine::RunLimits limits() const;
    // "12.0 GiB (805306368 derived tuples)", "16 B (1 derived tuple)" / "300 s": what a
    // message names.
    [[nodiscard]] std::string memory_text() const;
    [[nodiscard]] std::string seconds_text() const;
};

// Half of the machine's physical memory: a CSPA run past it would leave too little for the
// rest of the pipeline (Andersen, the checks, the frontend's tables) and other processes.
std::uint64_t default_solve_memory_bytes();

// "12G", "512M", "64K", "1024" (bytes), "0" (no bound); suffixes are powers of 1024, with
// or without "iB"/"B". nullopt for anything else.
std::optional<std::uint64_t> parse_memory_size(std::string_view text);

}  // namespace galias::pipeline
