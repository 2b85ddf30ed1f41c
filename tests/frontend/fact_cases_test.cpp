// Fact tests: each program in fact_cases/ states the facts the frontend must produce
// (support/test_case.hpp explains the directives).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>

#include "tests/frontend/support/test_case.hpp"

namespace galias::test {
namespace {

const std::filesystem::path kCases = GALIAS_FACT_CASES_DIR;

class FactCase : public ::testing::TestWithParam<TestCase> {};

void check_relations(const TestCase& test, const frontend::ExtractResult& result, const std::string& analysis,
                     const std::vector<const frontend::FactRelation*>& relations) {
    const std::vector<std::string> expected = test.all(analysis);
    std::vector<std::string> actual = render_facts(result.program, relations);
    // The objects parameters of uncalled functions point to (docs/FACTS.md, "Entry points")
    // are checked by the cases that name one; the others leave them out.
    const bool names_entry_objects = std::any_of(expected.begin(), expected.end(), [](const std::string& f) {
        return f.find("caller@") != std::string::npos;
    });
    if (!names_entry_objects) {
        std::erase_if(actual, [](const std::string& f) { return f.find("caller@") != std::string::npos; });
    }
    const bool exact = test.has(analysis + "-EXACT");
    const std::string report = set_difference_report(expected, actual, exact);
    EXPECT_TRUE(report.empty()) << analysis << " facts differ:\n" << report;
    const std::set<std::string> have(actual.begin(), actual.end());
    for (const std::string& absent : test.all("NOT-" + analysis)) {
        EXPECT_EQ(have.count(absent), 0u) << analysis << " fact should be absent: " << absent;
    }
}

TEST_P(FactCase, ProducesTheStatedFacts) {
    const TestCase& test = GetParam();
    // The facts as the node model emits them: copy reduction (which rewrites the assign
    // graph) only where a case asks for it with --copy-reduction, and every function cloned
    // per context unless a case asks for the selection with --select-clones.
    frontend::FrontendOptions defaults;
    defaults.reduce_copies = false;
    defaults.clone_all = true;
    const frontend::ExtractResult result = extract_case(test, kCases, defaults);
    ASSERT_EQ(result.units.failed, 0u)
        << (result.diagnostics.empty() ? "" : result.diagnostics.front().str());
    if (std::getenv("GALIAS_PRINT_FACTS") != nullptr) {  // to help write a new case
        for (const auto& f : render_facts(result.program, result.cspa()))
            std::printf("// CSPA: %s\n", f.c_str());
        for (const auto& f : render_facts(result.program, result.andersen()))
            std::printf("// ANDERSEN: %s\n", f.c_str());
        for (const auto& n : result.program.nodes) {
            std::printf("// NODE: %s %s\n", node_label(result.program, n.id).c_str(),
                        facts::node_kind_name(n.kind));
        }
        for (const auto& [name, value] : result.program.counters)
            std::printf("//   stat %s %llu\n", name.c_str(), static_cast<unsigned long long>(value));
        for (const auto& c : result.program.contexts)
            std::printf("// CONTEXT: %u %s\n", c.id, c.call_string.c_str());
    }
    ASSERT_TRUE(test.has("CSPA") || test.has("ANDERSEN") || test.has("NODE") || test.has("STAT") ||
                test.has("CLASS"))
        << "a fact case must state something";
    check_relations(test, result, "CSPA", result.cspa());
    check_relations(test, result, "ANDERSEN", result.andersen());

    const facts::ProgramFacts& p = result.program;
    for (const std::string& spec : test.all("NODE")) {
        std::istringstream in(spec);
        std::string name, kind;
        in >> name >> kind;
        bool found = false;
        for (const facts::Node& n : p.nodes) {
            if (node_label(p, n.id) == name) {
                found = true;
                EXPECT_EQ(facts::node_kind_name(n.kind), kind) << "kind of node " << name;
            }
        }
        EXPECT_TRUE(found) << "no node " << name;
    }
    for (const std::string& name : test.all("NO-NODE")) {
        for (const facts::Node& n : p.nodes) EXPECT_NE(node_label(p, n.id), name) << "unexpected node";
    }
    for (const std::string& spec : test.all("STAT")) {
        std::istringstream in(spec);
        std::string name;
        std::uint64_t value = 0;
        in >> name >> value;
        EXPECT_EQ(p.counter(name), value) << "stats.tsv counter " << name;
    }
    for (const std::string& spec : test.all("CLASS")) {  // CLASS: node representative
        std::istringstream in(spec);
        std::string name, representative;
        in >> name >> representative;
        bool found = false;
        for (const facts::Node& n : p.nodes) {
            if (node_label(p, n.id) != name) continue;
            found = true;
            EXPECT_EQ(node_label(p, p.value_representative(n.id)), representative)
                << "value class of " << name;
        }
        EXPECT_TRUE(found) << "no node " << name;
    }
    for (const std::string& spec : test.all("UNMODELLED")) {
        std::istringstream in(spec);
        std::string category;
        std::uint64_t count = 0;
        in >> category >> count;
        EXPECT_EQ(p.counter("unmodelled." + category), count) << "unmodelled " << category;
    }
    for (const std::string& spec : test.all("CONTEXT")) {
        std::istringstream in(spec);
        std::uint32_t id = 0;
        in >> id;
        std::string call_string;
        std::getline(in >> std::ws, call_string);
        ASSERT_LT(id, p.contexts.size());
        EXPECT_EQ(p.contexts[id].call_string, call_string) << "context " << id;
    }
}

INSTANTIATE_TEST_SUITE_P(Cases, FactCase, ::testing::ValuesIn(list_cases(kCases)),
                         [](const ::testing::TestParamInfo<TestCase>& param) {
                             std::string name = param.param.name;
                             for (char& c : name) {
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             }
                             return name;
                         });

TEST(FactCases, ThereAreAtLeastForty) {
    EXPECT_GE(list_cases(kCases).size(), 40u);
}

}  // namespace
}  // namespace galias::test
