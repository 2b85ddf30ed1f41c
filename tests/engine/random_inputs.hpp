#pragma once
// Random inputs for the engine's cross-checks against the reference evaluator and between
// backends (randomized_test.cpp, batch_test.cpp, gpu_parity_test.cpp): relations of random
// tuples, one such relation for every input of a program, and random Datalog programs.
// Every builder draws only from the generator it is given, in a fixed order, so a test's
// seed gives the same inputs on every run.

#include <cstdint>
#include <map>
#include <random>
#include <string>

#include "gpu_engine/engine.hpp"
#include "tests/engine/reference_evaluator.hpp"

namespace galias::test {

// Extreme 32-bit patterns besides the ordinary values: they find sign and overflow slips
// (0xFFFFFFFF is -1 as a number and the largest unsigned value; 0x80000000 the smallest
// signed one) and the largest sort keys.
enum class Extremes {
    None,
    Cells,        // each cell is 0xFFFFFFFF, 0x7FFFFFFF or 0x80000000 one time in 20 each
    FirstColumn,  // a tuple's first cell is 0xFFFFFFFF one time in 50
};

struct RelationShape {
    std::uint32_t values = 1;  // ordinary cells are drawn uniformly from [0, values)
    std::uint32_t tuples = 0;  // tuples drawn; copies collapse
    bool up_to = false;        // draw the number of tuples from [0, tuples] first
    Extremes extremes = Extremes::None;
    std::uint32_t arity = 2;
};

TupleSet random_relation(std::mt19937& rng, const RelationShape& shape);

// `tuples` pairs drawn uniformly over [0, values), nothing else.
inline TupleSet uniform_pairs(std::mt19937& rng, std::uint32_t values, std::uint32_t tuples) {
    return random_relation(rng, {.values = values, .tuples = tuples});
}

// A relation of `shape` for every input relation of `program`, in the order of its plan.
std::map<std::string, TupleSet> random_program_inputs(const engine::Program& program, std::mt19937& rng,
                                                      const RelationShape& shape);

// A program of two to seven random rules over the inputs e(a, b) and f(a, b, c) and the
// outputs p/2, q/1, r/3 and s/2: constants, repeated variables, wildcards, comparisons of
// every kind, several strata, sometimes a fact, long joins and cartesian products — what
// the bundled rule sets do not exercise.
std::string random_program(std::mt19937& rng);

}  // namespace galias::test
