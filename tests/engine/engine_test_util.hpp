#pragma once
// Helpers for engine tests: run a program on in-memory inputs and compare with the
// reference evaluator.

#include <map>
#include <string>

#include "gpu_engine/engine.hpp"
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

}  // namespace galias::test
