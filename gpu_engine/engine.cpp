#include "gpu_engine/engine.hpp"

#include <sys/resource.h>

#include <chrono>
#include <string>
#include <vector>

#include "gpu_engine/datalog/checker.hpp"
#include "gpu_engine/datalog/parser.hpp"
#include "gpu_engine/plan/planner.hpp"
#include "gpu_engine/runtime/backend_factory.hpp"
#include "gpu_engine/runtime/bind_plan.hpp"
#include "gpu_engine/runtime/executor.hpp"

namespace galias::engine {

Program::Program() = default;
Program::~Program() = default;
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;

std::string Program::explain() const {
    return plan::explain_plan(*plan_);
}

Program compile_program(std::string_view text, const std::string& file_name) {
    return compile_checked(datalog::check_program(datalog::parse_program(text, file_name)), file_name);
}

Program compile_checked(datalog::CheckedProgram checked, const std::string& file_name) {
    Program program;
    program.plan_ = std::make_unique<plan::Plan>(plan::build_plan(checked, file_name));
    program.source_ = std::make_unique<datalog::CheckedProgram>(std::move(checked));
    return program;
}

namespace {

std::string limit_message(RunLimitExceeded::Bound bound, std::uint64_t tuples, double seconds) {
    return bound == RunLimitExceeded::Bound::Tuples
               ? "the run passed its bound of derived tuples (" + std::to_string(tuples) + " derived)"
               : "the run passed its time bound (" + std::to_string(seconds) + " s)";
}

}  // namespace

RunLimitExceeded::RunLimitExceeded(Bound bound, std::uint64_t derived_tuples, double seconds)
    : std::runtime_error(limit_message(bound, derived_tuples, seconds)),
      bound_(bound),
      derived_tuples_(derived_tuples),
      seconds_(seconds) {}

const RelationResult& Result::relation(std::string_view name) const {
    for (const RelationResult& r : relations)
        if (r.name == name) return r;
    throw std::out_of_range("no relation '" + std::string(name) + "' in the result");
}

namespace {

// One attempt on a fresh backend; the notes so far go into its result.
Result attempt(const Program& program, const Inputs& inputs, const EngineOptions& options, BackendKind kind,
               std::vector<std::string>& notes) {
    std::unique_ptr<Backend> backend =
        make_backend(kind, options.threads, options.cuda, options.sched, 0, &notes);
    Result result = run_on_backend(program, inputs, options, *backend);
    result.notes = notes;
    return result;
}

// On the CPU backend. It refuses an allocation that, with every buffer it holds, would
// exceed the memory available (its reserved room counts, touched or not); before that, EBM
// gives way to the memory-lean mode within the run (runtime/relation_store.hpp). A run out
// of memory even so may still fit from the start in the memory-lean mode (no room reserved
// before it gave way), so it runs again in it.
Result on_the_host(const Program& program, const Inputs& inputs, EngineOptions options,
                   std::vector<std::string>& notes) {
    options.backend = BackendKind::Cpu;
    if (options.eager_buffers) {
        try {
            return attempt(program, inputs, options, BackendKind::Cpu, notes);
        } catch (const OutOfMemory& e) {
            notes.push_back(std::string("the host ran out of memory (") + e.what() +
                            "); retrying in the memory-lean mode");
        }
        options.eager_buffers = false;
    }
    return attempt(program, inputs, options, BackendKind::Cpu, notes);
}

}  // namespace

Result run(const Program& program, const Inputs& inputs, const EngineOptions& options) {
    std::vector<std::string> notes;
    if (resolve_backend(options.backend) == BackendKind::Cpu)
        return on_the_host(program, inputs, options, notes);
    if (options.backend != BackendKind::Auto)
        return attempt(program, inputs, options, options.backend, notes);
    // Auto on a GPU. A device out of memory is no reason to fail where the host can still
    // answer: the memory-lean mode first (exact merge buffers, no kept blocks), then the CPU.
    try {
        return attempt(program, inputs, options, BackendKind::Auto, notes);
    } catch (const OutOfMemory& e) {
        if (!notes.empty()) throw;  // the GPU did not even start: that was the CPU already
        if (!options.eager_buffers) {
            notes.push_back(std::string("the GPU ran out of memory in the memory-lean mode (") + e.what() +
                            "); running on the CPU backend instead");
        } else {
            notes.push_back(std::string("the GPU ran out of memory (") + e.what() +
                            "); retrying in the memory-lean mode");
        }
    }
    if (options.eager_buffers) {
        EngineOptions lean = options;
        lean.eager_buffers = false;
        const std::size_t noted = notes.size();
        try {
            return attempt(program, inputs, lean, BackendKind::Auto, notes);
        } catch (const OutOfMemory& e) {
            if (notes.size() != noted) throw;  // the GPU did not start again: that was the CPU
            notes.push_back(std::string("the GPU ran out of memory in the memory-lean mode too (") +
                            e.what() + "); running on the CPU backend instead");
        }
    }
    return on_the_host(program, inputs, options, notes);
}

Result run_on_backend(const Program& program, const Inputs& inputs, const EngineOptions& options,
                      Backend& backend) {
    const auto start = std::chrono::steady_clock::now();
    if (!(options.load_factor > 0 && options.load_factor < 1))
        throw DiagnosticError(SourceLocation{}, "load factor must be between 0 and 1 (exclusive)");
    auto symbols = inputs.symbols ? inputs.symbols : std::make_shared<facts::StringInterner>();
    Result result;
    result.symbols = symbols;
    result.backend = backend.description();
    backend.keep_freed_buffers(options.eager_buffers);  // --no-ebm: the memory-lean mode
    {
        Executor executor(program.plan(), backend, options, symbols);
        executor.load_inputs(inputs);
        executor.evaluate();
        executor.finish(result);
        result.stats = std::move(executor.stats());
    }
    result.stats.total_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0)
        result.stats.peak_rss_bytes = static_cast<std::size_t>(usage.ru_maxrss) * 1024;
    return result;
}

std::string explain_on_backend(const Program& program, const EngineOptions& options, Backend& backend,
                               const Inputs* inputs) {
    if (inputs == nullptr) {
        const plan::Strategy strategy = bind_plan(program.plan(), backend, options, std::nullopt);
        return plan::explain_plan(program.plan(), &strategy);
    }
    // The run's own binding: it reads the inputs and promises the backend their bound first.
    auto symbols = inputs->symbols ? inputs->symbols : std::make_shared<facts::StringInterner>();
    Executor executor(program.plan(), backend, options, symbols);
    executor.load_inputs(*inputs);
    return plan::explain_plan(program.plan(), &executor.strategy());
}

std::string explain(const Program& program, const EngineOptions& options, const Inputs* inputs) {
    std::unique_ptr<Backend> backend =
        make_backend(options.backend, options.threads, options.cuda, options.sched);
    return explain_on_backend(program, options, *backend, inputs);
}

void write_outputs(const Result& result, const std::filesystem::path& dir) {
    for (const RelationResult& relation : result.relations) {
        if (!relation.is_output) continue;
        std::filesystem::path file = relation.output_file;
        if (file.is_relative()) file = dir / file;
        facts::write_tsv(file, relation.rows.data(), relation.size(), relation.types,
                         facts::TsvFormat{relation.delimiter}, *result.symbols);
    }
}

}  // namespace galias::engine
