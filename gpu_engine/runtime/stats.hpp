#pragma once
// Statistics of one engine run (`galias run --stats`): per semi-naive iteration the delta
// sizes, join outputs, buffer allocations and time per operator, plus run totals.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace galias::engine {

enum class Operator : std::uint8_t {
    Load,        // reading input facts and uploading them
    Join,        // two-pass joins, filters, projections (materialized intermediates included)
    Dedup,       // sort + unique of `new`, minus full (one backend call: unique_difference)
    Difference,  // minus the tuples other batches of the iteration already added
    Merge,       // full ∪= delta (every index order)
    IndexBuild,  // hash index (re)construction
    Allocation,  // buffer allocation and release
    Write,       // downloading and writing outputs
    Count
};
inline constexpr std::size_t kOperatorCount = static_cast<std::size_t>(Operator::Count);
const char* operator_name(Operator op);

struct OperatorTimes {
    std::array<double, kOperatorCount> seconds{};
    double& operator[](Operator op) { return seconds[static_cast<std::size_t>(op)]; }
    double operator[](Operator op) const { return seconds[static_cast<std::size_t>(op)]; }
    OperatorTimes& operator+=(const OperatorTimes& other);
};

struct IterationStats {
    std::size_t stratum = 0;
    std::size_t iteration = 0;              // 0 = the stratum's non-recursive rules
    std::vector<std::size_t> delta_tuples;  // per relation of the stratum, plan order
    std::size_t join_output_tuples = 0;     // before deduplication
    std::size_t allocations = 0;
    std::size_t allocated_bytes = 0;
    OperatorTimes times;
    double seconds = 0;
};

// Where a rule variant's work went: its joins' output before deduplication (the head's
// `new` tuples) and the intermediate tuples of its k-ary joins. Output far above the
// relation's growth means the rule derives the same tuples many times.
struct RuleStats {
    std::string text;     // the clause, as `galias run --explain` shows it
    int delta_atom = -1;  // the body atom read as delta; -1 = run once
    std::uint64_t output_tuples = 0;
    std::uint64_t intermediate_tuples = 0;
};

struct StratumInfo {
    std::vector<std::string> relations;
    std::vector<std::string> hash_deduplicated;  // those deduplicated by a tuple hash set
};

struct Stats {
    std::string backend;
    unsigned threads = 0;
    bool eager_buffers = true;
    // With EBM on: whether it gave way to the memory-lean mode at the memory limit
    // (runtime/relation_store.hpp), and in which stratum and iteration.
    bool ebm_gave_way = false;
    std::size_t ebm_gave_way_stratum = 0;
    std::size_t ebm_gave_way_iteration = 0;
    std::vector<StratumInfo> strata;
    std::vector<IterationStats> iterations;
    std::vector<RuleStats> rules;  // plan order: strata, then once rules before recursive ones
    OperatorTimes totals;
    std::size_t allocations = 0;
    std::size_t allocated_bytes = 0;
    std::size_t peak_bytes = 0;                  // high-water mark of engine buffers (host or device)
    std::size_t peak_rss_bytes = 0;              // of the whole process (getrusage)
    std::size_t device_reserved_peak_bytes = 0;  // CUDA memory pool high-water mark (0 on CPU)
    std::uint64_t iterations_run = 0;
    // Concurrent launches (docs/SCHEDULING.md): the --sched mode, the lanes rules ran on,
    // and the launch coordinator's counters (CUDA; zero on the CPU).
    std::string sched = "off";
    std::size_t lanes = 1;
    // Distinct values the run evaluated as dense codes (0: none; runtime/value_codes.hpp),
    // and the value bound the backend was given.
    std::uint64_t coded_values = 0;
    std::uint32_t value_bound = 0;
    std::uint64_t sched_launches = 0;
    std::uint64_t sched_concurrent_launches = 0;
    std::uint64_t sched_solves = 0;
    double sched_solve_seconds = 0;
    double sched_plan_seconds = 0;  // all shape planning in mode model (solves included)
    // Stream synchronizations (CUDA): how many, and the host's time waiting in them.
    std::uint64_t device_waits = 0;
    double device_wait_seconds = 0;
    double total_seconds = 0;

    // Human-readable report: one line per iteration and a per-operator summary.
    void print(std::FILE* out) const;
    // The same as JSON text (for bench scripts).
    [[nodiscard]] std::string to_json() const;
};

}  // namespace galias::engine
