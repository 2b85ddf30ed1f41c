// Symmetric relations (plan/symmetry.hpp): which relations the planner proves symmetric,
// which semi-naive variants it drops for them, and that the engine's results stay equal
// to the reference evaluator's on random inputs (tests/engine/randomized_test.cpp runs
// CSPA, whose ValueAlias and MemoryAlias are symmetric, 200 times more).
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <random>
#include <string>

#include "analyses/builtin_programs.hpp"
#include "gpu_engine/engine.hpp"
#include "tests/engine/engine_test_util.hpp"

namespace galias::test {
namespace {

const engine::plan::Relation& relation(const engine::Program& program, const std::string& name) {
    for (const engine::plan::Relation& r : program.plan().relations)
        if (r.name == name) return r;
    throw std::runtime_error("no relation " + name);
}

// Semi-naive variants planned for the rules written as `rule_text` (as --explain prints it).
std::size_t variants_of(const engine::Program& program, const std::string& rule_text) {
    std::size_t count = 0;
    for (const engine::plan::Stratum& stratum : program.plan().strata)
        for (const engine::plan::Rule& rule : stratum.recursive_rules) count += rule.text == rule_text;
    return count;
}

TEST(Symmetry, CspaValueAliasAndMemoryAliasAreSymmetricValueFlowIsNot) {
    const engine::Program program =
        engine::compile_program(analyses::find_builtin_program("cspa")->text, "cspa.dl");
    EXPECT_TRUE(relation(program, "ValueAlias").symmetric);
    EXPECT_TRUE(relation(program, "MemoryAlias").symmetric);
    EXPECT_FALSE(relation(program, "ValueFlow").symmetric);
    EXPECT_FALSE(relation(program, "assign").symmetric);       // an input: its facts need not be
    EXPECT_TRUE(relation(program, "ValueAlias").add_mirrors);  // variants were dropped
    // MemoryAlias's one rule has one recursive atom, ValueAlias(y, z), which the mirror
    // maps onto itself swapped: half its delta is scanned, mirrors added.
    EXPECT_TRUE(relation(program, "MemoryAlias").add_mirrors);
    // The mirror-image variants are gone: the two-atom rule's second, the three-atom's third.
    EXPECT_EQ(variants_of(program, "ValueAlias(x, y) :- ValueFlow(z, x), ValueFlow(z, y)."), 1u);
    EXPECT_EQ(
        variants_of(program, "ValueAlias(x, y) :- ValueFlow(z, x), MemoryAlias(z, w), ValueFlow(w, y)."), 2u);
    EXPECT_EQ(variants_of(program, "ValueFlow(x, y) :- ValueFlow(x, z), ValueFlow(z, y)."), 2u);
}

// Shapes that are and are not symmetric, in one program.
const char* const kShapes = R"(
.decl e(x: number, y: number)
.input e
.decl Sib(x: number, y: number)
.output Sib
Sib(x, y) :- e(z, x), e(z, y).
.decl Conn(x: number, y: number)
.output Conn
Conn(x, y) :- Sib(x, y).
Conn(x, x) :- e(x, _).
Conn(x, y) :- Conn(x, z), Conn(z, y).
.decl Apart(x: number, y: number)
.output Apart
Apart(x, y) :- Conn(x, y), x != y.
Apart(x, y) :- Apart(x, z), Apart(z, y), x != y.
.decl Below(x: number, y: number)
.output Below
Below(x, y) :- Conn(x, y), x < y.
.decl Flow(x: number, y: number)
.output Flow
Flow(x, y) :- e(x, y).
Flow(x, y) :- Flow(x, z), Flow(z, y).
.decl Mixed(x: number, y: number)
.output Mixed
Mixed(x, y) :- Sib(x, y).
Mixed(x, y) :- Flow(x, y).
.decl Same(x: number, y: number)
.output Same
Same(x, y) :- e(p, x), e(p, y), x != y.
Same(x, y) :- e(a, x), Same(a, b), e(b, y).
.decl Pair(x: number, y: number)
.output Pair
Pair(x, y) :- Sib(x, y), x != y.
Pair(x, y) :- Pair(a, b), e(a, x), e(a, y).
.decl Walk(x: number, y: number)
.output Walk
Walk(x, y) :- e(x, y).
Walk(x, y) :- Walk(x, z), e(z, y).
Walk(x, y) :- Meet(x, y), e(y, y).
.decl Meet(x: number, y: number)
.output Meet
Meet(x, y) :- Walk(z, x), Walk(z, y).
)";

TEST(Symmetry, WhichShapesAreSymmetric) {
    const engine::Program program = engine::compile_program(kShapes, "shapes.dl");
    EXPECT_TRUE(relation(program, "Sib").symmetric);     // e(z, x), e(z, y): swap x and y
    EXPECT_TRUE(relation(program, "Conn").symmetric);    // closure of a symmetric relation, and R(x, x)
    EXPECT_TRUE(relation(program, "Apart").symmetric);   // x != y maps onto itself
    EXPECT_FALSE(relation(program, "Below").symmetric);  // x < y does not
    EXPECT_FALSE(relation(program, "Flow").symmetric);   // a directed closure
    EXPECT_FALSE(relation(program, "Mixed").symmetric);  // one of its rules is directed
    EXPECT_TRUE(relation(program, "Meet").symmetric);    // like ValueAlias: over a directed relation
    EXPECT_FALSE(relation(program, "Walk").symmetric);
    EXPECT_EQ(variants_of(program, "Meet(x, y) :- Walk(z, x), Walk(z, y)."), 1u);
    EXPECT_EQ(variants_of(program, "Conn(x, y) :- Conn(x, z), Conn(z, y)."), 1u);
    EXPECT_TRUE(relation(program, "Conn").add_mirrors);
    EXPECT_TRUE(relation(program, "Meet").add_mirrors);
    EXPECT_FALSE(relation(program, "Sib").add_mirrors);   // no recursion: both orientations derived
    EXPECT_TRUE(relation(program, "Same").add_mirrors);   // SG's shape: half the delta scanned
    EXPECT_FALSE(relation(program, "Pair").add_mirrors);  // its lone atom maps onto itself unswapped
    EXPECT_EQ(variants_of(program, "Flow(x, y) :- Flow(x, z), Flow(z, y)."), 2u);
}

TEST(Symmetry, ShapesMatchTheReferenceOnRandomGraphs) {
    std::mt19937 rng(23);
    for (int c = 0; c < 150; ++c) {
        TupleSet edges;
        const int count = std::uniform_int_distribution<int>(0, 25)(rng);
        for (int i = 0; i < count; ++i)
            edges.insert({std::uniform_int_distribution<std::uint32_t>(0, 9)(rng),
                          std::uniform_int_distribution<std::uint32_t>(0, 9)(rng)});
        cross_check(kShapes, {{"e", edges}}, random_options(rng), "shapes case " + std::to_string(c));
        if (HasFatalFailure()) return;
    }
}

// A body of many atoms of two relations made the backtracking search for a mirror
// exponential (a fuzzed program planned for minutes); the search is bounded and such a
// rule is planned as not symmetric, in well under a second.
TEST(Symmetry, ManyAtomsOfOneRelationPlanQuickly) {
    // tests/fuzz/corpus/datalog/timeout-symmetry-search.dl
    const std::string text =
        ".decl edge(x: number, y: number)\n.input edge\n.decl SG(x: number, y: number)\n.output SG\n"
        "SG(x, y) :- edge(_, x), edge(O, y),  edge(tutclq, MMMMMb), edge(b, MMMMx), SG(decla,"
        " MMMMMMMMMMMMMMMMMx), SG(decla, MMMMMMMMMMMb), edge(b, MMMMx), SG(decla, MMMMMMMb), edge(b,"
        " yMMMMMMMMMMMMMMMMMx), SG(declO, MMMMx), SG(decla, MMMMMMMMx), SG(decla, MMMMMMMMMMMMMMx),"
        " SG(decla, MMMMMMMMMMMb), edge(b, yMMMMMMMMMMMMMMMMMx), SG(decla, MMMMMMMMMMMb), edge(b,"
        " MMMMx), SG(decla, MMMMMMMb), edge(b, yMMMMMMMMMMMMMMMMMx), SG(declO, MMMMx), SG(decla,"
        " MMMMMMMMx), SG(decla, MMMMMMMMMMMbMMMMMMb), edge(b, MMMMx), SG(decla, MMMMMMMb), edge(b,"
        " yMMMMMMMMMMMMMMMMM), edge(b, yMMMMMMMMMMMMMMMMMx), SG(d, y).\n";
    const auto start = std::chrono::steady_clock::now();
    const engine::Program program = engine::compile_program(text, "many_atoms.dl");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_FALSE(relation(program, "SG").symmetric);
    EXPECT_LT(seconds, 5.0) << "the mirror search is not bounded";
}

TEST(Symmetry, ManyRulesShareOneSearchBudget) {
    // Forty rules of many atoms of one relation whose last atom has no mirror, so that every
    // pairing of the others is tried: each round of the fixpoint over the rules may search
    // every rule again, so the search is bounded per program, not only per rule
    // (tests/fuzz/corpus/datalog/timeout-symmetry-map-copies.dl).
    std::string text =
        ".decl edge(x: number, y: number)\n.input edge\n.decl SG(x: number, y: number)\n.output SG\n";
    for (int rule = 0; rule < 40; ++rule) {
        text += "SG(x, y) :- edge(a, x), edge(b, y)";
        for (int atom = 0; atom < 14; ++atom)
            text += ", SG(v" + std::to_string(atom) + ", w" + std::to_string(atom % 3) + ")";
        text += ", edge(x, c).\n";
    }
    const auto start = std::chrono::steady_clock::now();
    const engine::Program program = engine::compile_program(text, "many_rules.dl");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_FALSE(relation(program, "SG").symmetric);
    EXPECT_LT(seconds, 5.0) << "the mirror search is not bounded per program";
}

}  // namespace
}  // namespace galias::test
