#pragma once
// Helpers for engine tests (GoogleTest): run a program on in-memory inputs and compare
// with the reference evaluator.

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <sstream>
#include <string>

#include "gpu_engine/engine.hpp"
#include "gpu_engine/plan/plan.hpp"
#include "tests/engine/reference_evaluator.hpp"

namespace galias::test {

// `arities` gives the arity of relations that may be empty (default 2).
inline engine::Inputs make_inputs(const std::map<std::string, TupleSet>& relations,
                                  std::shared_ptr<facts::StringInterner> symbols,
                                  const std::map<std::string, std::uint32_t>& arities = {}) {
    engine::Inputs inputs;
    inputs.symbols = std::move(symbols);
    for (const auto& [name, tuples] : relations) {
        engine::Inputs::Rows rows;
        auto known = arities.find(name);
        rows.arity = known != arities.end() ? known->second
                     : tuples.empty()       ? 2u
                                            : static_cast<std::uint32_t>(tuples.begin()->size());
        for (const Tuple& t : tuples) rows.cells.insert(rows.cells.end(), t.begin(), t.end());
        inputs.relations[name] = std::move(rows);
    }
    return inputs;
}

inline TupleSet to_set(const engine::RelationResult& relation) {
    TupleSet out;
    for (std::size_t i = 0; i < relation.size(); ++i)
        out.insert(Tuple(relation.rows.begin() + static_cast<std::ptrdiff_t>(i * relation.arity),
                         relation.rows.begin() + static_cast<std::ptrdiff_t>((i + 1) * relation.arity)));
    return out;
}

// Rows must come back sorted and duplicate-free.
inline bool is_sorted_unique(const engine::RelationResult& relation) {
    for (std::size_t i = 1; i < relation.size(); ++i) {
        auto a = relation.rows.begin() + static_cast<std::ptrdiff_t>((i - 1) * relation.arity);
        auto b = relation.rows.begin() + static_cast<std::ptrdiff_t>(i * relation.arity);
        if (!std::lexicographical_compare(a, a + relation.arity, b, b + relation.arity)) return false;
    }
    return true;
}

// Varied engine options for cross-checks on the CPU backend: threads, EBM, load factor,
// tiny batches, deduplicated intermediates, deferred merges, hash-set deduplication,
// scheduling modes and lanes.
inline engine::EngineOptions random_options(std::mt19937& rng) {
    engine::EngineOptions options;
    options.backend = engine::BackendKind::Cpu;
    options.threads = std::uniform_int_distribution<unsigned>(1, 3)(rng);
    options.eager_buffers = std::uniform_int_distribution<int>(0, 1)(rng) == 1;
    const double factors[] = {0.3, 0.5, 0.8, 0.95};
    options.load_factor = factors[std::uniform_int_distribution<int>(0, 3)(rng)];
    // Tiny batches (a few tuples) exercise slicing of joins and repeated flushes of `new`.
    const std::uint64_t batches[] = {0, 8, 24, 100};
    options.batch_bytes = batches[std::uniform_int_distribution<int>(0, 3)(rng)];
    options.dedup_intermediates = std::uniform_int_distribution<int>(0, 1)(rng) == 1;
    options.defer_merges = std::uniform_int_distribution<int>(0, 1)(rng) == 1;
    // Linear relations through the tuple hash set, or sorted runs (the CPU's default).
    options.linear_dedup = std::uniform_int_distribution<int>(0, 1)(rng) == 1
                               ? engine::EngineOptions::LinearDedup::Hash
                               : engine::EngineOptions::LinearDedup::Auto;
    // streams / model: the rules of an iteration run on several lanes (host threads) at once.
    const engine::sched::SchedMode modes[] = {
        engine::sched::SchedMode::kOff, engine::sched::SchedMode::kStreams, engine::sched::SchedMode::kModel};
    options.sched = modes[std::uniform_int_distribution<int>(0, 2)(rng)];
    // Lanes even for these small inputs (the default takes them only for large iterations),
    // or only when the default would.
    if (std::uniform_int_distribution<int>(0, 3)(rng) != 0) options.min_lane_work = 0;
    return options;
}

inline std::string describe(const std::map<std::string, TupleSet>& inputs) {
    std::ostringstream out;
    for (const auto& [name, tuples] : inputs) {
        out << name << ":";
        for (const Tuple& t : tuples) {
            out << " (";
            for (std::size_t i = 0; i < t.size(); ++i)
                out << (i ? "," : "") << static_cast<std::int32_t>(t[i]);
            out << ")";
        }
        out << "\n";
    }
    return out.str();
}

// Runs `text` on `inputs` with the engine and the reference; compares every relation.
// `arities` as for make_inputs.
inline void cross_check(const std::string& text, const std::map<std::string, TupleSet>& inputs,
                        const engine::EngineOptions& options, const std::string& label,
                        const std::map<std::string, std::uint32_t>& arities = {}) {
    auto symbols = std::make_shared<facts::StringInterner>();
    const engine::Program program = engine::compile_program(text, label);
    const engine::Result result = engine::run(program, make_inputs(inputs, symbols, arities), options);
    const auto expected = reference_evaluate(text, inputs, *symbols);
    for (const auto& [name, tuples] : expected) {
        const engine::RelationResult& got = result.relation(name);
        ASSERT_TRUE(is_sorted_unique(got)) << label << ": relation " << name << " not sorted/unique";
        ASSERT_EQ(to_set(got), tuples)
            << label << ": relation " << name << " differs (threads " << options.threads << ", ebm "
            << options.eager_buffers << ", load factor " << options.load_factor << ", batch "
            << options.batch_bytes << ", dedup intermediates " << options.dedup_intermediates
            << ", defer merges " << options.defer_merges << ", hash dedup "
            << (options.linear_dedup == engine::EngineOptions::LinearDedup::Hash) << ", sched "
            << engine::sched::sched_mode_name(*options.sched) << ")\nprogram:\n"
            << text << "\ninputs:\n"
            << describe(inputs);
        ASSERT_EQ(got.size(), tuples.size());
    }
}

}  // namespace galias::test
