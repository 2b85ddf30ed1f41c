#pragma once
// Public API of the galias Datalog engine.
//
//   Program program = compile_program(text, "cspa.dl");      // parse, check, plan
//   Inputs inputs; inputs.facts_dir = "facts/cspa";            // or inputs.relations[...]
//   Result result = run(program, inputs, EngineOptions{});     // semi-naive fixpoint
//   result.relation("ValueAlias").rows                          // flat rows, sorted
//
// Errors in the program or the inputs throw galias::DiagnosticError (file:line:col).

#include <cstdint>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "facts/string_interner.hpp"
#include "facts/tsv.hpp"
#include "gpu_engine/cuda_switches.hpp"
#include "gpu_engine/runtime/stats.hpp"
#include "gpu_engine/sched/plan.hpp"

namespace galias::engine {

namespace plan {
struct Plan;
}
namespace datalog {
struct CheckedProgram;
}

enum class BackendKind { Auto, Cpu, Cuda };
const char* backend_name(BackendKind kind);
bool cuda_backend_built();          // compiled with the CUDA backend
bool cuda_device_available();       // ... and a usable GPU is present
std::string cuda_device_problem();  // why not, in words; empty when one is

// A GPU is present but could not be used: starting the CUDA backend failed (cudaSetDevice,
// its streams or first allocations, e.g. with too little free device memory). With
// BackendKind::Auto the CPU backend runs instead (Result::notes says so); with Cuda it is
// the run's error, a message for users (no source paths).
class DeviceUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Progress {
    std::size_t stratum = 0;
    std::size_t iteration = 0;
    std::size_t delta_tuples = 0;  // tuples found in this iteration, all relations of the stratum
};

// Bounds on one run, for a caller that has a cheaper way to answer when a run grows past
// what it can afford (the run driver falls back from a full CSPA solve to a demand
// solve). Checked after every iteration, on the evaluator every backend shares: a run
// stops at the end of the iteration that passes a bound, throwing RunLimitExceeded and
// keeping nothing. 0 = no bound.
struct RunLimits {
    // Tuples the run derived so far, every relation's (the sum of the iterations' deltas):
    // what its memory grows with.
    std::uint64_t max_derived_tuples = 0;
    double max_seconds = 0;  // wall time since the run started, the input read included
    [[nodiscard]] bool any() const { return max_derived_tuples != 0 || max_seconds > 0; }
};

// A run stopped at a bound of RunLimits; what it had derived is freed.
class RunLimitExceeded : public std::runtime_error {
public:
    enum class Bound { Tuples, Seconds };
    RunLimitExceeded(Bound bound, std::uint64_t derived_tuples, double seconds);
    [[nodiscard]] Bound bound() const { return bound_; }
    [[nodiscard]] std::uint64_t derived_tuples() const { return derived_tuples_; }  // when it stopped
    [[nodiscard]] double seconds() const { return seconds_; }

private:
    Bound bound_;
    std::uint64_t derived_tuples_;
    double seconds_;
};

struct EngineOptions {
    BackendKind backend = BackendKind::Auto;
    unsigned threads = 0;       // host threads; 0 = all cores
    bool eager_buffers = true;  // eager buffer management (EBM) of merge buffers
    double ebm_alpha = 5;       // room for this many extra deltas in a merge buffer
    double load_factor = 0.8;   // of the HISA hash indexes
    // Bytes of join output collected before they are deduplicated against full and the
    // iteration's delta so far; bounds memory when joins produce many duplicates.
    // 0 = the backend's default (CPU 128 MiB, CUDA 1/16 of free device memory, 256 MiB-2 GiB).
    std::uint64_t batch_bytes = 0;
    bool collect_stats = false;  // per-iteration statistics in Result::stats
    // Deduplicate materialized intermediates of k-ary joins before the next join step.
    bool dedup_intermediates = true;
    // Keep the newest tuples of linearly recursive relations in a small sorted run until
    // it outgrows 1/8 of full, instead of merging every delta into full (executor.cpp).
    bool defer_merges = true;
    // How a relation that no rule of its recursive stratum reads as full (REACH, SG) is
    // deduplicated: Sort = sorted runs (with defer_merges, the recent run); Hash = an
    // exact tuple hash set, whose inserts yield the delta with no sort or merge (one- and
    // two-column relations); Auto = Hash where the backend prefers it (the GPU).
    enum class LinearDedup { Auto, Sort, Hash };
    LinearDedup linear_dedup = LinearDedup::Auto;
    // Evaluate on dense, order-preserving codes of the input values where that at least
    // halves the value bound (runtime/value_codes.hpp); outputs are decoded.
    bool code_values = true;
    // Where `.output` relations are written (Soufflé TSV, temp file + rename); empty = nowhere.
    std::filesystem::path output_dir;
    // Copy every relation into Result::relations[].rows. Off for large runs that only write
    // their outputs: then rows stay empty and only tuple counts are reported.
    bool keep_rows = true;
    // With keep_rows, only these relations' rows (empty: every relation's): a caller that
    // reads a few small relations need not copy the large ones (demand.hpp's answers).
    std::vector<std::string> keep_rows_of;
    std::function<void(const Progress&)> on_progress;  // called after each iteration
    RunLimits limits;  // stop the run past these bounds (RunLimitExceeded); none by default
    // Concurrency (`--sched`, docs/SCHEDULING.md): off = the rules of an iteration one
    // after another; streams = independent rules on separate lanes (CUDA streams),
    // default launch shapes; model = lanes plus launch shapes from the scheduling model.
    // nullopt = the backend's default (default_sched_mode).
    std::optional<sched::SchedMode> sched;
    // At most this many lanes (host threads) for the rules of one iteration; 0 = as many
    // as the backend offers. run_batch() shares the cores among concurrent jobs this way.
    unsigned max_lanes = 0;
    // An iteration's rules take several lanes only when their first steps scan at least
    // this many tuples in all (0: whenever there are lanes). Below it a lane's own round
    // trips, and the synchronization before the lanes start, cost more than running the
    // rules side by side gains (small CSPA analyses were 20 % slower with a lane per core
    // than on one; docs/BENCHMARKS.md).
    std::uint64_t min_lane_work = std::uint64_t{1} << 20;
    // The CUDA backend's trace and the strategies it may take (gpu_engine/cuda_switches.hpp;
    // `--cuda-trace`, `--cuda-off`, `--cuda-difference`). The CPU backend ignores them.
    CudaSwitches cuda;
    // run_batch() with jobs side by side: BySize gives the smallest job (by input bytes)
    // its device's greatest stream priority, the largest the least (shortest job first);
    // None gives every job the default priority, for comparisons (`--batch-priority none`).
    enum class BatchPriority { BySize, None };
    BatchPriority batch_priority = BatchPriority::BySize;
};

// A parsed, checked and planned Datalog program. Cheap to move; immutable after compile.
class Program {
public:
    Program();
    ~Program();
    Program(Program&&) noexcept;
    Program& operator=(Program&&) noexcept;

    [[nodiscard]] const plan::Plan& plan() const { return *plan_; }
    // The program as written, checked: what transformations read (demand.hpp).
    [[nodiscard]] const datalog::CheckedProgram& source() const { return *source_; }
    // Human-readable semi-naive plan, not bound to a backend (engine::explain binds it).
    [[nodiscard]] std::string explain() const;

private:
    friend Program compile_checked(datalog::CheckedProgram, const std::string&);
    std::unique_ptr<datalog::CheckedProgram> source_;
    std::unique_ptr<plan::Plan> plan_;
};

// Throws DiagnosticError on syntax and semantic errors.
Program compile_program(std::string_view text, const std::string& file_name);
// A program already parsed and checked (one a transformation made): planned.
Program compile_checked(datalog::CheckedProgram checked, const std::string& file_name);

// Where input relations come from. In-memory relations win over files.
struct Inputs {
    std::filesystem::path facts_dir = ".";  // `.input r` reads facts_dir / "r.facts" by default
    struct Rows {
        std::uint32_t arity = 0;
        std::vector<std::uint32_t> cells;  // rows.size() * arity cells; symbols as interned ids
    };
    std::map<std::string, Rows, std::less<>> relations;
    std::shared_ptr<facts::StringInterner> symbols;  // ids used in `relations`; may be null
};

struct RelationResult {
    std::string name;
    std::uint32_t arity = 0;
    std::vector<facts::ColumnType> types;
    std::uint64_t tuple_count = 0;
    std::vector<std::uint32_t> rows;  // sorted lexicographically, no duplicates (if keep_rows)
    bool is_output = false;
    bool print_size = false;
    std::string output_file;  // from the .output directive (relative to the output dir)
    char delimiter = '\t';
    [[nodiscard]] std::uint64_t size() const { return tuple_count; }
};

struct Result {
    std::vector<RelationResult> relations;  // every relation of the program, in declaration order
    std::shared_ptr<facts::StringInterner> symbols;
    std::string backend;  // "cpu (2 threads)" / "cuda (NVIDIA H100 ...)"
    Stats stats;
    // What the run did other than it was asked, one sentence each (for stderr and SARIF):
    // with BackendKind::Auto, a GPU that could not start, or that ran out of memory and
    // made the run retry in the memory-lean mode, then on the CPU.
    std::vector<std::string> notes;

    [[nodiscard]] const RelationResult& relation(std::string_view name) const;  // throws if unknown
};

// With options.backend Auto on a GPU, a device out of memory (OutOfMemory) runs the program
// again in the memory-lean mode (eager_buffers off), and if that runs out too, on the CPU
// backend. On the CPU backend (Cpu, or Auto without a GPU) EBM gives way to the memory-lean
// mode within the run where its room would exceed the memory limit (Stats::ebm_gave_way), and
// a run out of host memory even so runs again in the memory-lean mode. Result::notes tells of
// each run again. With Cuda, and on the CPU in the memory-lean mode, an out-of-memory is the
// run's error.
Result run(const Program& program, const Inputs& inputs, const EngineOptions& options);

// The plan bound to the backend `options` select (`galias run --explain`): the semi-naive
// plan, and how each relation is stored and which backend operators each join step takes
// there (the strategy the run follows, gpu_engine/plan/strategy.hpp). A backend's choices
// may depend on the inputs' value bound (the CPU's --dedup auto); with `inputs` they are
// read first and the choices are the run's, else the bound is unknown.
std::string explain(const Program& program, const EngineOptions& options, const Inputs* inputs = nullptr);

// Several analyses on one device (`galias run --batch`). Each job has its own program,
// inputs and options; `backend`, `threads`, `sched`, `cuda` and `batch_priority` of the
// first job's options apply to all. sched off runs the jobs one after another; streams and model run up to
// `max_concurrent` of them at once (0 = all), each on its own host thread and backend
// (its own CUDA streams), their kernels planned together by the launch coordinator in
// mode model. A job's failure is its own: the others still run.
struct BatchJob {
    const Program* program = nullptr;
    Inputs inputs;
    EngineOptions options;
};
struct BatchOutcome {
    Result result;
    std::exception_ptr error;  // set when the job failed (result is then empty)
    double seconds = 0;        // the job's own wall time
};
std::vector<BatchOutcome> run_batch(std::vector<BatchJob>& jobs, std::size_t max_concurrent = 0);

// Starts what a first backend of this kind would start (on the GPU: the CUDA context, the
// device properties, the memory pool), so that timed work after it does not include it.
void prepare_backend(BackendKind kind);

// Frees what the CUDA backend keeps between runs of one process (idle device blocks, the
// memory pool's reserve, the pinned staging slabs), so that nothing is left allocated at
// exit. Call when no backend exists any more; a no-op when CUDA was never started.
void release_device_memory();

// Writes every `.output` relation of a result kept with keep_rows as Soufflé-compatible TSV
// into `dir` (temp file + rename).
void write_outputs(const Result& result, const std::filesystem::path& dir);

}  // namespace galias::engine
