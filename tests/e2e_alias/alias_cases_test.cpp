// Alias-assertion tests: frontend -> the run driver's solver and oracle (CSPA and
// Andersen) -> each MAYALIAS/NOALIAS/... call in cases/ is checked (README.md).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>

#include "pipeline/frontend_input.hpp"
#include "tests/e2e_alias/pipeline_oracle.hpp"
#include "tests/frontend/support/test_case.hpp"

namespace galias::test {
namespace {

const std::filesystem::path kCases = GALIAS_ALIAS_CASES_DIR;
const std::filesystem::path kInclude = GALIAS_ALIAS_INCLUDE_DIR;

const std::regex kAssertion(
    R"(\b(MAYALIAS|NOALIAS|MUSTALIAS|EXPECTEDFAIL_NOALIAS|EXPECTEDFAIL_MAYALIAS)\s*\()");

// Assertion calls written in the sources (outside comments).
std::size_t count_written_assertions(const TestCase& test) {
    std::size_t count = 0;
    for (const auto& source : test.sources) {
        std::ifstream in(source);
        std::string line;
        while (std::getline(in, line)) {
            line = line.substr(0, line.find("//"));
            count += static_cast<std::size_t>(std::distance(
                std::sregex_iterator(line.begin(), line.end(), kAssertion), std::sregex_iterator()));
        }
    }
    return count;
}

struct AliasParam {
    TestCase test;
    Analysis analysis;
};

// gtest prints parameters of failing tests; the case name is what helps.
void PrintTo(const AliasParam& param, std::ostream* out) {
    *out << param.test.name << " (" << analysis_name(param.analysis) << ")";
}

class AliasCase : public ::testing::TestWithParam<AliasParam> {};

TEST_P(AliasCase, AnswersEveryAssertion) {
    const TestCase& test = GetParam().test;
    const Analysis analysis = GetParam().analysis;
    const pipeline::ProgramInput input = pipeline::program_input_from(extract_case(test, kInclude));
    ASSERT_EQ(input.units_failed, 0u) << (input.diagnostics.empty() ? "" : input.diagnostics.front().str());
    const std::unique_ptr<reports::RelationAliasOracle> oracle = solve_with_pipeline(input, analysis);

    // Group the calls.tsv rows of each assertion call site over its calling contexts.
    struct Assertion {
        std::string kind;
        const facts::CallSite* first = nullptr;
        bool aliased = false;
    };
    std::map<std::uint32_t, Assertion> assertions;
    for (const facts::CallSite& call : input.facts.calls) {
        if (!std::regex_match(call.callee + "(", kAssertion)) continue;
        ASSERT_EQ(call.args.size(), 2u);
        Assertion& a = assertions[call.id];
        a.kind = call.callee;
        if (a.first == nullptr) a.first = &call;
        a.aliased = a.aliased || oracle->may_alias(call.args[0], call.args[1]);
    }
    ASSERT_FALSE(assertions.empty()) << "the case makes no assertion";
    EXPECT_EQ(assertions.size(), count_written_assertions(test))
        << "assertion calls lost between source and facts";

    for (const auto& [id, a] : assertions) {
        const bool want_alias =
            a.kind == "MAYALIAS" || a.kind == "MUSTALIAS" || a.kind == "EXPECTEDFAIL_NOALIAS";
        EXPECT_EQ(a.aliased, want_alias)
            << std::filesystem::path(a.first->begin.file).filename().string() << ":" << a.first->begin.line
            << ":" << a.first->begin.column << ": " << a.kind << "("
            << node_label(input.facts, a.first->args[0]) << ", " << node_label(input.facts, a.first->args[1])
            << "): " << analysis_name(analysis) << " answered " << (a.aliased ? "may-alias" : "no-alias");
    }
}

std::vector<AliasParam> params_for(Analysis analysis) {
    std::vector<AliasParam> params;
    for (TestCase& test : list_cases(kCases)) {
        const std::vector<std::string> only = test.all("ANALYSES");
        if (!only.empty() && only.front().find(analysis_name(analysis)) == std::string::npos) continue;
        params.push_back(AliasParam{std::move(test), analysis});
    }
    return params;
}

std::string param_name(const ::testing::TestParamInfo<AliasParam>& param) {
    std::string name = param.param.test.name;
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Cspa, AliasCase, ::testing::ValuesIn(params_for(Analysis::Cspa)), param_name);
INSTANTIATE_TEST_SUITE_P(Andersen, AliasCase, ::testing::ValuesIn(params_for(Analysis::Andersen)),
                         param_name);

TEST(AliasCases, ThereAreAtLeastSixty) {
    EXPECT_GE(list_cases(kCases).size(), 60u);
}

}  // namespace
}  // namespace galias::test
