// The unit cache (frontend/unit_cache.hpp) and the IR encoding under it: every fact case
// gives the same facts from cached units as compiled, and damaged bytes are a miss.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "frontend/ir_serialization.hpp"
#include "frontend/tu_runner.hpp"
#include "tests/frontend/support/test_case.hpp"

namespace galias {
namespace {

namespace fs = std::filesystem;
const fs::path kCases = GALIAS_FACT_CASES_DIR;

fs::path fresh_directory(const std::string& name) {
    fs::path dir =
        fs::temp_directory_path() / ("galias-unit-cache-test-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(dir);
    return dir;
}

std::vector<std::string> everything(const frontend::ExtractResult& result) {
    std::vector<std::string> out = test::render_facts(result.program, result.cspa());
    std::vector<std::string> andersen = test::render_facts(result.program, result.andersen());
    out.insert(out.end(), andersen.begin(), andersen.end());
    for (const facts::Node& node : result.program.nodes)
        out.push_back(test::node_label(result.program, node.id));
    for (const auto& [name, value] : result.program.counters)
        out.push_back(name + "=" + std::to_string(value));
    return out;
}

TEST(UnitCache, EveryFactCaseGivesTheSameFactsFromTheCache) {
    const fs::path cache = fresh_directory("cases");
    for (const test::TestCase& test : test::list_cases(kCases)) {
        SCOPED_TRACE(test.name);
        frontend::FrontendOptions options;
        options.unit_cache = cache;
        options.tool_identity = "test";
        const frontend::ExtractResult compiled = test::extract_case(test, kCases, options);
        const frontend::ExtractResult cached = test::extract_case(test, kCases, options);
        EXPECT_GT(compiled.units.analysed, 0u);
        EXPECT_EQ(compiled.units.cached, 0u);
        EXPECT_EQ(cached.units.cached, cached.units.analysed);
        EXPECT_EQ(everything(cached), everything(compiled));
        EXPECT_EQ(cached.input_files, compiled.input_files);
    }
    fs::remove_all(cache);
}

TEST(IrSerialization, RoundTripsAndRejectsDamagedBytes) {
    const std::vector<test::TestCase> cases = test::list_cases(kCases);
    ASSERT_FALSE(cases.empty());
    frontend::CompileJob job;
    job.file = cases.front().sources.front().string();
    job.directory = cases.front().directory.string();
    job.arguments = {"cc", "-c", job.file};
    const frontend::TuOutcome outcome = frontend::run_translation_unit(job, {}, frontend::TranslateOptions{});
    ASSERT_EQ(outcome.status, frontend::TuStatus::Ok);
    EXPECT_FALSE(outcome.dependencies.empty());
    const std::string bytes = frontend::serialize_ir(outcome.ir);
    const std::optional<frontend::TranslationUnitIr> back = frontend::deserialize_ir(bytes);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(frontend::serialize_ir(*back), bytes);
    for (std::size_t cut = 0; cut < bytes.size(); cut += 1 + bytes.size() / 97) {
        EXPECT_FALSE(frontend::deserialize_ir(std::string_view(bytes).substr(0, cut)).has_value()) << cut;
    }
    EXPECT_FALSE(frontend::deserialize_ir(bytes + "x").has_value());
}

}  // namespace
}  // namespace galias
