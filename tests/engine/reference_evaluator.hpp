#pragma once
// A naive Datalog evaluator for tests only: obviously correct, not fast. It evaluates the
// checked AST directly (it shares nothing with the planner or the backends): every rule is
// re-run on all tuples by backtracking over its body atoms until nothing new appears.

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "facts/string_interner.hpp"

namespace galias::test {

using Tuple = std::vector<std::uint32_t>;
using TupleSet = std::set<Tuple>;

// Input relations by name (cells as the engine stores them: numbers as 32-bit patterns,
// symbols interned in `symbols`). Returns every relation of the program.
std::map<std::string, TupleSet> reference_evaluate(const std::string& program_text,
                                                   const std::map<std::string, TupleSet>& inputs,
                                                   facts::StringInterner& symbols);

}  // namespace galias::test
