// The run driver's demand solve of CSPA against the whole analysis, on each backend
// under test (backends_under_test.hpp: the CPU in engine_tests, the CUDA backend in
// engine_gpu_tests, where it skips without a GPU). On random assign/dereference inputs:
//   - pipeline/cspa_memory.dl derives the MemoryAlias of analyses/cspa_linear.dl;
//   - pipeline/cspa_value_alias.dl, fed that MemoryAlias, derives cspa_linear's
//     ValueAlias, solved in full and asked on demand (ValueAlias(b,b), in rounds, as the
//     pipeline asks it);
//   - on small inputs the reference evaluator agrees, including the claim the proof at the
//     top of cspa_memory.dl rests on: BaseAlias is ValueAlias between dereferenced
//     pointers and FlowToBase the part of ValueFlow that ends in one.
// The rule sets are read from the source tree (GALIAS_PIPELINE_RULES_DIR), the files the
// pipeline embeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "analyses/builtin_programs.hpp"
#include "tests/engine/backends_under_test.hpp"
#include "tests/engine/demand_test_util.hpp"
#include "tests/engine/random_inputs.hpp"

namespace galias::test {
namespace {

std::string read_rule_set(const char* name) {
    const std::string path = std::string(GALIAS_PIPELINE_RULES_DIR) + "/" + name;
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().empty()) ADD_FAILURE() << "cannot read " << path;
    return text.str();
}

// GALIAS_GPU_TEST_CASES lowers the count, as for the GPU parity tests.
int cases() {
    const char* env = std::getenv("GALIAS_GPU_TEST_CASES");
    return env != nullptr ? std::max(2, std::atoi(env) / 2) : 36;
}

// Random CSPA inputs of one of three shapes:
//   0 uniform: assign and dereference pairs over the same nodes (a pointer may have several
//     targets, a node be the target of several pointers, a pointer its own target);
//   1 as the frontend writes them: each dereferenced pointer has a target node of its own
//     (`*p`), loads and stores connect targets with the other nodes (`x = *p`, `*p = y`),
//     and some targets are in no assign at all, so a step of value flow through
//     MemoryAlias can end outside the nodes of assign;
//   2 sparse: few assigns over many nodes, sometimes no assign or no dereference at all.
std::map<std::string, TupleSet> cspa_inputs(std::mt19937& rng, int shape, bool small) {
    auto below = [&rng](std::uint32_t n) {
        return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng);
    };
    std::map<std::string, TupleSet> inputs;
    if (shape == 0) {
        const std::uint32_t nodes = small ? 5 + below(12) : 150 + below(150);
        inputs["assign"] = uniform_pairs(rng, nodes, small ? below(25) : 300 + below(200));
        inputs["dereference"] = uniform_pairs(rng, nodes, small ? below(10) : 60 + below(120));
        return inputs;
    }
    if (shape == 1) {
        const std::uint32_t nodes = small ? 6 + below(8) : 200 + below(100);
        const std::uint32_t pointers = small ? 1 + below(5) : 40 + below(80);
        TupleSet& assign = inputs["assign"];
        TupleSet& dereference = inputs["dereference"];
        assign = uniform_pairs(rng, nodes, small ? below(16) : 200 + below(200));
        std::set<std::uint32_t> taken;
        for (std::uint32_t i = 0; i < pointers; ++i) {
            const std::uint32_t p = below(nodes);
            if (!taken.insert(p).second) continue;
            const std::uint32_t target = nodes + i;
            dereference.insert({p, target});
            switch (below(4)) {
                case 0:  // a load: x = *p
                    assign.insert({target, below(nodes)});
                    break;
                case 1:  // a store: *p = y
                    assign.insert({below(nodes), target});
                    break;
                case 2:  // both
                    assign.insert({target, below(nodes)});
                    assign.insert({below(nodes), target});
                    break;
                default:  // neither: the target is only reached through MemoryAlias
                    break;
            }
        }
        return inputs;
    }
    const std::uint32_t nodes = small ? 20 : 1000;
    inputs["assign"] = below(5) == 0 ? TupleSet{} : uniform_pairs(rng, nodes, small ? below(8) : below(300));
    inputs["dereference"] =
        below(5) == 0 ? TupleSet{} : uniform_pairs(rng, nodes, small ? below(6) : below(200));
    return inputs;
}

// ValueAlias questions as the checks ask them: pairs of random nodes (some beyond every
// node of the inputs), pairs that hold and pairs with a node and itself.
engine::Demand value_alias_pairs(std::mt19937& rng, const TupleSet& value_alias, std::uint32_t values,
                                 std::uint32_t count) {
    engine::Demand demand{"ValueAlias", "bb", {}};
    std::vector<Tuple> holding(value_alias.begin(), value_alias.end());
    for (std::uint32_t q = 0; q < count; ++q) {
        const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
        std::uint32_t a = std::uniform_int_distribution<std::uint32_t>(0, values)(rng);
        std::uint32_t b = std::uniform_int_distribution<std::uint32_t>(0, values)(rng);
        if (kind == 0 && !holding.empty()) {
            const Tuple& row =
                holding[std::uniform_int_distribution<std::size_t>(0, holding.size() - 1)(rng)];
            a = row[0];
            b = row[1];
        } else if (kind == 1) {
            b = a;
        }
        demand.values.push_back(a);
        demand.values.push_back(b);
    }
    return demand;
}

std::uint32_t largest_value(const std::map<std::string, TupleSet>& inputs) {
    std::uint32_t largest = 0;
    for (const auto& [name, tuples] : inputs)
        for (const Tuple& t : tuples) largest = std::max(largest, *std::max_element(t.begin(), t.end()));
    return largest;
}

std::map<std::string, TupleSet> relations_of(const engine::Result& result) {
    std::map<std::string, TupleSet> out;
    for (const engine::RelationResult& relation : result.relations) out[relation.name] = to_set(relation);
    return out;
}

class CspaPipelineRules : public ::testing::TestWithParam<BackendUnderTest> {
protected:
    void SetUp() override {
        if (const auto why = backend_unavailable(GetParam().kind)) GTEST_SKIP() << *why;
    }
    // The CPU backend under varied options (threads, batches, EBM, hash sets, lanes); the
    // CUDA backend under the switches of the parameter, its scheduling modes in turn.
    engine::EngineOptions options(std::mt19937& rng, int c) const {
        if (!GetParam().is_cuda()) return random_options(rng);
        engine::EngineOptions out;
        out.backend = GetParam().kind;
        out.cuda = GetParam().cuda;
        const engine::sched::SchedMode modes[] = {engine::sched::SchedMode::kOff,
                                                  engine::sched::SchedMode::kStreams,
                                                  engine::sched::SchedMode::kModel};
        out.sched = modes[c % 3];
        return out;
    }
};

TEST_P(CspaPipelineRules, MemoryAliasAndValueAliasEqualTheWholeAnalysis) {
    const std::string linear_text(analyses::find_builtin_program("cspa_linear")->text);
    const std::string memory_text = read_rule_set("cspa_memory.dl");
    const std::string value_alias_text = read_rule_set("cspa_value_alias.dl");
    ASSERT_FALSE(memory_text.empty() || value_alias_text.empty());
    const engine::Program linear = engine::compile_program(linear_text, "cspa_linear.dl");
    const engine::Program memory = engine::compile_program(memory_text, "cspa_memory.dl");
    const engine::Program value_alias = engine::compile_program(value_alias_text, "cspa_value_alias.dl");

    std::mt19937 rng(4041);
    for (int c = 0; c < cases(); ++c) {
        const bool small = c % 2 == 1;
        const int shape = (c / 2) % 3;
        const std::map<std::string, TupleSet> inputs = cspa_inputs(rng, shape, small);
        const engine::EngineOptions run_options = options(rng, c);
        const std::string label = "case " + std::to_string(c) + " (shape " + std::to_string(shape) +
                                  (small ? ", small" : ", large") + ")";
        const std::string detail = small ? "\ninputs:\n" + describe(inputs) : std::string();
        auto symbols = std::make_shared<facts::StringInterner>();

        const engine::Result whole = engine::run(linear, make_inputs(inputs, symbols), run_options);
        const TupleSet whole_memory = to_set(whole.relation("MemoryAlias"));
        const TupleSet whole_value = to_set(whole.relation("ValueAlias"));

        const engine::Result part = engine::run(memory, make_inputs(inputs, symbols), run_options);
        ASSERT_TRUE(is_sorted_unique(part.relation("MemoryAlias"))) << label;
        const TupleSet part_memory = to_set(part.relation("MemoryAlias"));
        ASSERT_EQ(part_memory, whole_memory) << label << ": cspa_memory.dl's MemoryAlias differs" << detail;

        // ValueAlias from the MemoryAlias the demand solve derived, in full.
        const std::map<std::string, TupleSet> value_inputs{{"assign", inputs.at("assign")},
                                                           {"MemoryAlias", part_memory}};
        const engine::Result values =
            engine::run(value_alias, make_inputs(value_inputs, symbols), run_options);
        ASSERT_EQ(to_set(values.relation("ValueAlias")), whole_value)
            << label << ": cspa_value_alias.dl's ValueAlias differs" << detail;

        // On demand, in two rounds as the pipeline asks (the second repeats some of the
        // first's questions): each round's answers are the whole ValueAlias's rows asked.
        engine::DemandSolver solver(value_alias, {engine::DemandForm{"ValueAlias", "bb", {}}});
        const std::uint32_t values_bound = largest_value(inputs) + 2;
        engine::Demand first = value_alias_pairs(rng, whole_value, values_bound, small ? 6 : 60);
        engine::Demand second = value_alias_pairs(rng, whole_value, values_bound, small ? 6 : 60);
        second.values.insert(
            second.values.end(), first.values.begin(),
            first.values.begin() + static_cast<std::ptrdiff_t>(first.values.size() / 2 / 2 * 2));
        for (const engine::Demand* round : {&first, &second}) {
            const engine::DemandResult answers =
                solver.solve(make_inputs(value_inputs, symbols), {*round}, run_options);
            expect_answers(answers, {{"ValueAlias", whole_value}}, {*round},
                           label + (round == &first ? ", first round" : ", second round") + detail);
            if (HasFatalFailure()) return;
        }

        if (small) {
            // The reference evaluator: the same relations, and the proof's intermediate claims.
            const auto reference = reference_evaluate(memory_text, inputs, *symbols);
            ASSERT_EQ(reference.at("MemoryAlias"), whole_memory) << label << detail;
            std::set<std::uint32_t> dereferenced;
            for (const Tuple& t : inputs.at("dereference")) dereferenced.insert(t[0]);
            TupleSet base_alias, flow_to_base;
            for (const Tuple& t : whole_value)
                if (dereferenced.contains(t[0]) && dereferenced.contains(t[1])) base_alias.insert(t);
            for (const Tuple& t : to_set(whole.relation("ValueFlow")))
                if (dereferenced.contains(t[1])) flow_to_base.insert(t);
            ASSERT_EQ(reference.at("BaseAlias"), base_alias)
                << label << ": BaseAlias is not ValueAlias between dereferenced pointers" << detail;
            ASSERT_EQ(reference.at("FlowToBase"), flow_to_base)
                << label << ": FlowToBase is not the part of ValueFlow that ends in a dereferenced pointer"
                << detail;
            ASSERT_EQ(relations_of(part).at("BaseAlias"), base_alias) << label << detail;
            const auto reference_values = reference_evaluate(value_alias_text, value_inputs, *symbols);
            ASSERT_EQ(reference_values.at("ValueAlias"), whole_value) << label << detail;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, CspaPipelineRules, ::testing::ValuesIn(backends_under_test()),
                         backend_test_name);

}  // namespace
}  // namespace galias::test
