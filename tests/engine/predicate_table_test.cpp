// The predicate table (facts/predicates.hpp) against the rule sets: every rule set of
// analyses/ is parsed and checked with the engine's own Datalog front, and each relation it
// declares as an input or output must be in the table under its analysis, with the same
// arity and direction; each predicate of the table must be declared so by every rule set
// of its analysis.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "facts/input_file.hpp"
#include "facts/predicates.hpp"
#include "gpu_engine/datalog/checker.hpp"
#include "gpu_engine/datalog/parser.hpp"

namespace galias::test {
namespace {

namespace fs = std::filesystem;

// (name, arity, direction): one declared input or output relation.
using Declared = std::tuple<std::string, std::uint32_t, facts::Direction>;

// The input and output relations a rule set declares.
std::set<Declared> declared_io(const fs::path& file) {
    const std::string text = facts::read_input_file(file, "rule set");
    const engine::datalog::CheckedProgram checked =
        engine::datalog::check_program(engine::datalog::parse_program(text, file.string()));
    std::set<Declared> io;
    for (const engine::datalog::RelationInfo& relation : checked.relations) {
        const auto arity = static_cast<std::uint32_t>(relation.types.size());
        if (relation.is_input) io.emplace(relation.name, arity, facts::Direction::Input);
        if (relation.is_output) io.emplace(relation.name, arity, facts::Direction::Output);
    }
    return io;
}

// What the table says analysis `analysis` reads and derives.
std::set<Declared> table_io(facts::Analysis analysis) {
    std::set<Declared> io;
    for (const facts::Predicate& predicate : facts::predicates::kAll)
        if (predicate.analysis == analysis)
            io.emplace(std::string(predicate.name), predicate.arity, predicate.direction);
    return io;
}

std::string describe(const std::set<Declared>& io) {
    std::string text;
    for (const auto& [name, arity, direction] : io)
        text += " " + name + "/" + std::to_string(arity) +
                (direction == facts::Direction::Input ? " (input)" : " (output)");
    return text.empty() ? " nothing" : text;
}

// analyses/*.dl, by rule set name.
std::map<std::string, fs::path> rule_set_files() {
    std::map<std::string, fs::path> files;
    for (const fs::directory_entry& entry : fs::directory_iterator(GALIAS_ANALYSES_DIR))
        if (entry.path().extension() == ".dl") files.emplace(entry.path().stem().string(), entry.path());
    return files;
}

TEST(PredicateTable, EveryRuleSetDeclaresExactlyTheTablesRelations) {
    const std::map<std::string, fs::path> files = rule_set_files();
    ASSERT_FALSE(files.empty()) << "no rule sets in " << GALIAS_ANALYSES_DIR;
    for (const auto& [stem, file] : files) {
        const std::string& name = stem;  // a structured binding cannot be captured before C++20's clang 16
        const auto* rule_set =
            std::find_if(facts::predicates::kRuleSets.begin(), facts::predicates::kRuleSets.end(),
                         [&](const facts::RuleSet& r) { return r.name == name; });
        ASSERT_NE(rule_set, facts::predicates::kRuleSets.end())
            << file << " is not among the predicate table's rule sets (facts/predicates.hpp)";
        EXPECT_EQ(declared_io(file), table_io(rule_set->analysis))
            << file << " declares" << describe(declared_io(file)) << "; the table has"
            << describe(table_io(rule_set->analysis)) << " for " << facts::analysis_name(rule_set->analysis);
    }
    for (const facts::RuleSet& rule_set : facts::predicates::kRuleSets)
        EXPECT_TRUE(files.contains(std::string(rule_set.name)))
            << "the table's rule set " << rule_set.name << " has no file in analyses/";
}

TEST(PredicateTable, NamesArePairedWithTheirAnalysisOnce) {
    std::set<std::pair<facts::Analysis, std::string_view>> seen;
    for (const facts::Predicate& predicate : facts::predicates::kAll)
        EXPECT_TRUE(seen.emplace(predicate.analysis, predicate.name).second)
            << predicate.name << " is in the table twice for " << facts::analysis_name(predicate.analysis);
}

// The names a fact directory and its stats.tsv carry (docs/FACTS.md).
TEST(PredicateTable, GivesTheFactFilesAndCountersOfAnAnalysis) {
    std::vector<std::string> cspa;
    for (const facts::Predicate& p : facts::predicates_of(facts::Analysis::Cspa, facts::Direction::Input))
        cspa.emplace_back(p.name);
    EXPECT_EQ(cspa, (std::vector<std::string>{"assign", "dereference"}));
    std::vector<std::string> andersen;
    for (const facts::Predicate& p : facts::predicates_of(facts::Analysis::Andersen, facts::Direction::Input))
        andersen.push_back(facts::fact_counter_name(p));
    EXPECT_EQ(andersen, (std::vector<std::string>{"andersen.addressOf", "andersen.assign", "andersen.load",
                                                  "andersen.store"}));
    EXPECT_EQ(facts::analysis_name(facts::predicates::kPointsTo.analysis), "andersen");
}

}  // namespace
}  // namespace galias::test
