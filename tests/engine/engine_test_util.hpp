#pragma once
// Helpers for engine tests: run a program on in-memory inputs and compare with the
// reference evaluator.

#include <map>
#include <random>
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

// `edges` pairs drawn uniformly over `nodes` nodes (duplicates collapse).
inline TupleSet random_pairs(std::mt19937& rng, std::uint32_t nodes, std::uint32_t edges) {
    TupleSet out;
    std::uniform_int_distribution<std::uint32_t> node(0, nodes - 1);
    for (std::uint32_t e = 0; e < edges; ++e) out.insert({node(rng), node(rng)});
    return out;
}

// Random pairs for every input relation of a program whose inputs are all binary (the
// built-in rule sets), `edges` for each.
inline std::map<std::string, TupleSet> random_program_inputs(const engine::Program& program, std::mt19937& rng,
                                                             std::uint32_t nodes, std::uint32_t edges) {
    std::map<std::string, TupleSet> inputs;
    for (const engine::plan::Relation& relation : program.plan().relations)
        if (relation.info.is_input) inputs[relation.name] = random_pairs(rng, nodes, edges);
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

}  // namespace galias::test
