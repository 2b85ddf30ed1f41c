// The demand transformation itself (plan/magic_sets.hpp): the adorned relations and
// magic rules it makes for small programs, printed as Datalog, and its errors.
#include "gpu_engine/plan/magic_sets.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "analyses/builtin_programs.hpp"
#include "gpu_engine/datalog/parser.hpp"
#include "gpu_engine/datalog/printer.hpp"
#include "gpu_engine/engine.hpp"
#include "gpu_engine/plan/plan.hpp"
#include "tests/engine/engine_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

using engine::plan::DemandForm;
using engine::plan::MagicOptions;
using engine::plan::MagicProgram;
using engine::plan::Sips;

engine::datalog::CheckedProgram checked(const std::string& text) {
    return engine::datalog::check_program(engine::datalog::parse_program(text, "test.dl"));
}

MagicProgram transform(const std::string& text, const std::vector<DemandForm>& forms,
                       const MagicOptions& options = {}) {
    return engine::plan::magic_sets(checked(text), forms, options);
}

std::string transformed_text(const std::string& text, const std::vector<DemandForm>& forms,
                             const MagicOptions& options = {}) {
    return engine::datalog::program_text(transform(text, forms, options).program);
}

const char* const kReach = R"(
.decl edge(x: number, y: number)
.input edge
.decl Reach(x: number, y: number)
.output Reach
Reach(x, y) :- edge(x, y).
Reach(x, y) :- edge(x, z), Reach(z, y).
)";

// The plain form: each magic rule joins its prefix itself.
TEST(DemandTransform, ReachFromBoundSources) {
    EXPECT_EQ(transformed_text(kReach, {{"Reach", "bf", {}}}, {.supplementary = false}),
              ".decl edge(x: number, y: number)\n"
              ".decl Reach(x: number, y: number)\n"
              ".decl Reach_bf(x: number, y: number)\n"
              ".decl magic_Reach_bf(x: number)\n"
              ".decl query_Reach_bf(x: number)\n"
              ".input edge\n"
              ".output Reach(filename=\"Reach.csv\")\n"
              ".input query_Reach_bf(filename=\"query_Reach_bf.facts\")\n"
              "magic_Reach_bf(c0) :- query_Reach_bf(c0).\n"
              "Reach(c0, c1) :- Reach_bf(c0, c1), query_Reach_bf(c0).\n"
              "Reach_bf(x, y) :- magic_Reach_bf(x), edge(x, y).\n"
              "magic_Reach_bf(z) :- magic_Reach_bf(x), edge(x, z).\n"
              "Reach_bf(x, y) :- magic_Reach_bf(x), edge(x, z), Reach_bf(z, y).\n");
}

// Asked with y bound, the recursive atom passes the head's own binding on (most bound
// first): no magic rule restates magic_Reach_fb(y) :- magic_Reach_fb(y), and the rule
// needs no magic atom (Reach_fb(z, y) holds only demanded y).
TEST(DemandTransform, ReachToBoundTargetsNeedsNoMoreDemand) {
    const MagicProgram magic = transform(kReach, {{"Reach", "fb", {}}});
    EXPECT_EQ(engine::datalog::program_text(magic.program).find("magic_Reach_fb(y) :- magic_Reach_fb(y)"),
              std::string::npos);
    EXPECT_NE(
        engine::datalog::program_text(magic.program).find("Reach_fb(x, y) :- Reach_fb(z, y), edge(x, z)."),
        std::string::npos)
        << engine::datalog::program_text(magic.program);
    EXPECT_EQ(magic.magic, std::vector<std::string>{"magic_Reach_fb"});
}

// The adornments CSPA gets under the pipeline's queries. Most bound first keeps every
// ValueFlow bound; each body atom is demanded on one column (ValueFlow(z, y) after
// ValueFlow(z, x) binds z: on y, which the query bound first); the symmetric ValueAlias
// and MemoryAlias are asked on their first column only (MemoryAlias(f,b) as
// MemoryAlias_bf swapped). Left to right demands ValueFlow(x, z) with nothing bound: all
// of ValueFlow. Binding every bound column demands ValueFlow on pairs.
TEST(DemandTransform, CspaAdornments) {
    const std::string cspa(analyses::find_builtin_program("cspa")->text);
    const std::vector<DemandForm> forms{{"ValueAlias", "bb", {}}, {"MemoryAlias", "fb", {}}};
    const auto names = [](const MagicProgram& magic) {
        std::set<std::string> out;
        for (const auto& decl : magic.program.relations)
            if (decl.name.find('_') != std::string::npos && !decl.name.starts_with("sup_"))
                out.insert(decl.name);
        return out;
    };
    EXPECT_EQ(names(transform(cspa, forms)),
              (std::set<std::string>{"ValueAlias_bb", "magic_ValueAlias_bb", "query_ValueAlias_bb",
                                     "query_MemoryAlias_fb", "MemoryAlias_bf", "magic_MemoryAlias_bf",
                                     "ValueFlow_fb", "magic_ValueFlow_fb", "ValueFlow_bf",
                                     "magic_ValueFlow_bf", "ValueAlias_bf", "magic_ValueAlias_bf"}));
    const std::string out = transformed_text(cspa, forms);
    EXPECT_NE(out.find("MemoryAlias(c0, c1) :- MemoryAlias_bf(c1, c0), query_MemoryAlias_fb(c1).\n"),
              std::string::npos)
        << out;
    EXPECT_TRUE(names(transform(cspa, forms, {.sips = Sips::LeftToRight})).contains("ValueFlow_ff"));
    EXPECT_TRUE(names(transform(cspa, forms, {.one_bound_column = false})).contains("ValueFlow_bb"));
}

// A rule whose body holds the head's own adorned relation with the head's bound arguments
// needs no magic atom: every tuple of that relation is demanded already.
TEST(DemandTransform, ImpliedMagicAtomIsLeftOut) {
    const std::string andersen(analyses::find_builtin_program("andersen")->text);
    const std::string out = transformed_text(andersen, {{"PointsTo", "fb", {}}}, {.supplementary = false});
    EXPECT_NE(out.find("PointsTo_fb(y, w) :- PointsTo_fb(z, w), Flow_fb(y, z).\n"), std::string::npos) << out;
    EXPECT_NE(out.find("magic_Flow_fb(z) :- PointsTo_fb(z, w).\n"), std::string::npos) << out;
}

// Constants, a repeated variable and a wildcard in a body atom, and a comparison the magic
// rule can apply (all its variables bound by the atoms before).
TEST(DemandTransform, ConstantsRepeatedVariablesWildcardsAndComparisons) {
    const std::string text = R"(
.decl e(x: number, y: number)
.input e
.decl S(x: number, y: number)
S(x, y) :- e(x, y).
.decl R(x: number, y: number)
R(x, x) :- e(x, _), S(1, x), x < 3.
R(x, y) :- e(x, y), S(y, y), y != x.
)";
    // Every bound column bound: S(1, x) has both arguments bound, e(x, _) one, so S passes
    // bindings on first; S(y, y) is demanded on the pair.
    const std::string out =
        transformed_text(text, {{"R", "bf", {}}}, {.one_bound_column = false, .supplementary = false});
    EXPECT_NE(out.find("magic_S_bb(1, x) :- magic_R_bf(x), x < 3.\n"), std::string::npos) << out;
    EXPECT_NE(out.find("R_bf(x, x) :- magic_R_bf(x), S_bb(1, x), e(x, _), x < 3.\n"), std::string::npos)
        << out;
    EXPECT_NE(out.find("magic_S_bb(y, y) :- magic_R_bf(x), e(x, y), y != x.\n"), std::string::npos) << out;
    EXPECT_NE(out.find("S_bb(x, y) :- magic_S_bb(x, y), e(x, y).\n"), std::string::npos) << out;
    // One bound column: the constant, bound before any variable; the first of y, y.
    const std::string one = transformed_text(text, {{"R", "bf", {}}}, {.supplementary = false});
    EXPECT_NE(one.find("magic_S_bf(1) :- magic_R_bf(x), x < 3.\n"), std::string::npos) << one;
    EXPECT_NE(one.find("magic_S_bf(y) :- magic_R_bf(x), e(x, y), y != x.\n"), std::string::npos) << one;
    // The printed program parses and checks.
    EXPECT_NO_THROW(checked(out));
}

// A relation with input facts and rules keeps its facts under its name; the adorned copy
// takes the asked part of them in. Its answers get a fresh name, written where its
// .output would be.
TEST(DemandTransform, RelationWithInputFactsAndRules) {
    const std::string text = R"(
.decl edge(x: number, y: number)
.input edge
.decl Path(x: number, y: number)
.input Path
.output Path(filename="paths.tsv", delimiter=",")
Path(x, y) :- Path(x, z), edge(z, y).
)";
    const std::string out = transformed_text(text, {{"Path", "bf", {}}});
    EXPECT_NE(out.find(".input Path\n"), std::string::npos) << out;
    EXPECT_NE(out.find("Path_bf(c0, c1) :- magic_Path_bf(c0), Path(c0, c1).\n"), std::string::npos) << out;
    EXPECT_NE(out.find(".output answer_Path(delimiter=\",\", filename=\"paths.tsv\")\n"), std::string::npos)
        << out;
    EXPECT_NE(out.find("answer_Path(c0, c1) :- Path_bf(c0, c1), query_Path_bf(c0).\n"), std::string::npos)
        << out;
}

// An all-free demand evaluates the relation in full: no magic relation, no query facts;
// the atoms of its rules still get demand from the bindings before them.
TEST(DemandTransform, AllFreeDemandIsTheWholeRelation) {
    const MagicProgram magic = transform(kReach, {{"Reach", "ff", {}}});
    const std::string out = engine::datalog::program_text(magic.program);
    EXPECT_NE(out.find("Reach(c0, c1) :- Reach_ff(c0, c1).\n"), std::string::npos) << out;
    EXPECT_NE(out.find("Reach_ff(x, y) :- edge(x, y).\n"), std::string::npos) << out;
    EXPECT_NE(out.find("magic_Reach_bf(z) :- edge(x, z).\n"), std::string::npos) << out;
    ASSERT_EQ(magic.queries.size(), 1u);
    EXPECT_TRUE(magic.queries[0].seed.empty());
}

// Supplementary relations hold a rule's join prefix once: the magic rules and the rule
// read sup_* instead of joining magic ⋈ ValueFlow ⋈ MemoryAlias again.
TEST(DemandTransform, SupplementaryRelationsHoldTheJoinPrefix) {
    const std::string cspa(analyses::find_builtin_program("cspa")->text);
    const std::string out = transformed_text(cspa, {{"ValueAlias", "bb", {}}});
    EXPECT_NE(out.find("sup_ValueAlias_bb_6_2(x, y, z) :- magic_ValueAlias_bb(x, y), ValueFlow_fb(z, x).\n"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("magic_MemoryAlias_bf(z) :- sup_ValueAlias_bb_6_2(x, y, z).\n"), std::string::npos)
        << out;
    EXPECT_NE(
        out.find("sup_ValueAlias_bb_6_3(w, x, y) :- sup_ValueAlias_bb_6_2(x, y, z), MemoryAlias_bf(z, w).\n"),
        std::string::npos)
        << out;
    EXPECT_NE(out.find("magic_ValueFlow_fb(y) :- sup_ValueAlias_bb_6_3(w, x, y).\n"), std::string::npos)
        << out;
    EXPECT_NE(out.find("ValueAlias_bb(x, y) :- sup_ValueAlias_bb_6_3(w, x, y), ValueFlow_fb(w, y).\n"),
              std::string::npos)
        << out;
    EXPECT_NO_THROW(checked(out));
}

// A generated name that the program already uses gets a suffix.
TEST(DemandTransform, GeneratedNamesAvoidTheProgramsOwn) {
    const std::string text =
        std::string(kReach) + ".decl Reach_bf(a: number)\n.decl magic_Reach_bf(a: number)\n";
    const MagicProgram magic = transform(text, {{"Reach", "bf", {}}});
    EXPECT_EQ(magic.magic, std::vector<std::string>{"magic_Reach_bf_2"});
    EXPECT_NE(engine::datalog::program_text(magic.program).find("Reach_bf_2(x, y) :- magic_Reach_bf_2(x)"),
              std::string::npos);
}

// Several demands share adorned relations; a repeated demand counts once.
TEST(DemandTransform, SeveralDemandsShareTheirRelations) {
    const MagicProgram magic = transform(
        kReach, {{"Reach", "bf", {}}, {"Reach", "bb", {}}, {"Reach", "bf", {}}, {"edge", "fb", {}}});
    ASSERT_EQ(magic.queries.size(), 3u);
    EXPECT_EQ(magic.answers.at("Reach"), "Reach");
    EXPECT_EQ(magic.answers.at("edge"), "answer_edge");
    const std::string out = engine::datalog::program_text(magic.program);
    EXPECT_NE(out.find("answer_edge(c0, c1) :- edge(c0, c1), query_edge_fb(c1).\n"), std::string::npos)
        << out;
    EXPECT_NE(out.find("Reach(c0, c1) :- Reach_bb(c0, c1), query_Reach_bb(c0, c1).\n"), std::string::npos)
        << out;
}

// The planner's symmetry proof sees the transformed program: its relations are the
// engine's to run as any other. A bound ValueAlias is not symmetric (its demand need not
// be); every relation of the transformed CSPA, run with random query facts, equals the
// reference evaluator's on the same program.
TEST(DemandTransform, TransformedCspaRunsAsWritten) {
    const engine::Program cspa =
        engine::compile_program(analyses::find_builtin_program("cspa")->text, "cspa.dl");
    const MagicProgram magic = engine::plan::magic_sets(
        cspa.source(), {{"ValueAlias", "ff", {}}, {"ValueAlias", "bb", {}}, {"MemoryAlias", "fb", {}}});
    const std::string text = engine::datalog::program_text(magic.program);
    const engine::Program transformed = engine::compile_program(text, "cspa-demand.dl");
    for (const auto& relation : transformed.plan().relations)
        if (relation.name == "ValueAlias_bb" || relation.name.starts_with("magic_"))
            EXPECT_FALSE(relation.symmetric);
    std::mt19937 rng(67);
    for (int c = 0; c < 40; ++c) {
        const std::uint32_t nodes = std::uniform_int_distribution<std::uint32_t>(1, 16)(rng);
        cross_check(
            text,
            {{"assign", uniform_pairs(rng, nodes, 25)},
             {"dereference", uniform_pairs(rng, nodes, 12)},
             {"query_ValueAlias_bb", uniform_pairs(rng, nodes, 6)},
             {"query_MemoryAlias_fb", random_relation(rng, {.values = nodes, .tuples = 3, .arity = 1})}},
            random_options(rng), "transformed cspa case " + std::to_string(c), {{"query_MemoryAlias_fb", 1}});
        if (HasFatalFailure()) return;
    }
}

void expect_error(const std::vector<DemandForm>& forms, const std::string& message) {
    try {
        transform(kReach, forms);
        ADD_FAILURE() << "no error for " << message;
    } catch (const DiagnosticError& e) {
        EXPECT_EQ(e.diagnostic().str(), message);
    }
}

TEST(DemandTransform, BadDemandsAreLocatedErrors) {
    expect_error({{"Rech", "bf", {"--demand", 1, 1}}},
                 "--demand:1:1: error: unknown relation 'Rech' in a demand (no .decl)");
    expect_error(
        {{"Reach", "bfb", {"--demand", 2, 1}}},
        "--demand:2:1: error: relation 'Reach' has 2 columns but the demand 3 (one 'b' or 'f' a column)");
    expect_error({{"Reach", "bx", {"q", 3, 1}}},
                 "q:3:1: error: a demand marks each column 'b' (bound) or 'f' (free), not 'x'");
}

}  // namespace
}  // namespace galias::test
