// Every error of the Datalog front names its place: file:line:col for program errors,
// file:line for fact files. Messages are checked for substance, not just for failure.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "facts/diagnostic.hpp"
#include "gpu_engine/engine.hpp"

namespace galias::engine {
namespace {

struct BadProgram {
    const char* name;
    const char* text;
    const char* message;  // substring of the diagnostic
    std::uint32_t line;
    std::uint32_t column;
};

const BadProgram kBadPrograms[] = {
    {"syntax", ".decl e(a: number)\ne(1", "expected ')', found end of file", 2, 4},
    {"missing dot", ".decl e(a: number)\ne(1)", "expected '.' at the end", 2, 5},
    {"unknown relation", ".decl a(x: number)\na(x) :- b(x).", "unknown relation 'b'", 2, 9},
    {"unknown relation in directive", ".output nope", "unknown relation 'nope'", 1, 9},
    {"arity", ".decl a(x: number)\n.decl b(x: number, y: number)\na(x) :- b(x).",
     "has 2 columns but is used with 1", 3, 9},
    {"head arity", ".decl a(x: number)\n.decl b(x: number)\na(x, x) :- b(x).", "the head has 2", 3, 1},
    {"type of variable", ".decl a(x: number)\n.decl s(x: symbol)\na(x) :- s(x).",
     "variable 'x' has type symbol", 3, 3},
    {"string in number column", ".decl a(x: number)\na(\"s\").", "string constant \"s\" used in column 1", 2,
     3},
    {"number in symbol column", ".decl s(x: symbol)\ns(1).",
     "number 1 used in column 1 of 's' of type symbol", 2, 3},
    {"number out of range", ".decl a(x: number)\na(3000000000).", "does not fit", 2, 3},
    {"unbound head variable", ".decl a(x: number, y: number)\n.decl b(x: number)\na(x, y) :- b(x).",
     "head variable 'y' is not bound", 3, 6},
    {"wildcard in head", ".decl a(x: number)\n.decl b(x: number)\na(_) :- b(_).",
     "'_' cannot appear in a rule head", 3, 3},
    {"unsafe comparison", ".decl a(x: number)\n.decl b(x: number)\na(x) :- b(x), y < 3.",
     "unsafe comparison: variable 'y'", 3, 15},
    {"symbol ordering", ".decl s(x: symbol)\n.decl t(x: symbol)\nt(x) :- s(x), x < \"a\".",
     "on symbols is not supported", 3, 15},
    {"duplicate declaration", ".decl a(x: number)\n.decl a(y: number)", "declared twice", 2, 7},
    {"unknown type", ".decl a(x: float)", "unsupported type 'float'", 1, 12},
    {"negation", ".decl a(x: number)\n.decl b(x: number)\na(x) :- b(x), !b(x).", "negation", 3, 15},
    {"arithmetic", ".decl a(x: number)\n.decl b(x: number)\na(x) :- b(y), x = y + 1.", "arithmetic", 3, 21},
    {"unterminated string", ".decl s(x: symbol)\ns(\"abc).", "unterminated string", 2, 3},
    // Read one byte past the text under AddressSanitizer (found by tests/fuzz).
    {"backslash ending the text", ".decl s(x: symbol)\ns(\"abc\\", "unterminated string", 2, 3},
    {"backslash ending the line", ".decl s(x: symbol)\ns(\"abc\\\n\").", "unterminated string", 2, 3},
    {"unknown directive", ".type T <: number", "unsupported directive '.type'", 1, 1},
    {"bad IO", ".decl a(x: number)\n.input a(IO=sqlite)", "IO=sqlite is not supported", 2, 8},
};

void PrintTo(const BadProgram& bad, std::ostream* out) {
    *out << bad.name;
}

class BadProgramTest : public ::testing::TestWithParam<BadProgram> {};

TEST_P(BadProgramTest, ReportsLocationAndMessage) {
    const BadProgram& bad = GetParam();
    try {
        compile_program(bad.text, "bad.dl");
        FAIL() << "accepted: " << bad.text;
    } catch (const DiagnosticError& e) {
        const Diagnostic& d = e.diagnostic();
        EXPECT_EQ(d.location.file, "bad.dl");
        EXPECT_EQ(d.location.line, bad.line) << d.str();
        EXPECT_EQ(d.location.column, bad.column) << d.str();
        EXPECT_NE(d.message.find(bad.message), std::string::npos) << d.str();
        // One line: "bad.dl:L:C: error: ..." (notes, if any, follow on their own lines).
        EXPECT_EQ(
            d.str().rfind(
                "bad.dl:" + std::to_string(bad.line) + ":" + std::to_string(bad.column) + ": error: ", 0),
            0u)
            << d.str();
    }
}

INSTANTIATE_TEST_SUITE_P(Datalog, BadProgramTest, ::testing::ValuesIn(kBadPrograms), [](const auto& info) {
    std::string name = info.param.name;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
});

class FactFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() / ("galias_fact_test_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name) << text; }
    Diagnostic run_expecting_error(const std::string& program_text) {
        Program program = compile_program(program_text, "p.dl");
        Inputs inputs;
        inputs.facts_dir = dir_;
        EngineOptions options;
        options.backend = BackendKind::Cpu;
        try {
            run(program, inputs, options);
        } catch (const DiagnosticError& e) {
            return e.diagnostic();
        }
        ADD_FAILURE() << "no error";
        return {};
    }
    std::filesystem::path dir_;
};

TEST_F(FactFileTest, MissingInputFileNamesTheDirective) {
    const Diagnostic d = run_expecting_error(".decl e(a: number, b: number)\n.input e\n");
    EXPECT_EQ(d.location.file, "p.dl");
    EXPECT_EQ(d.location.line, 2u);
    EXPECT_NE(d.message.find("e.facts"), std::string::npos) << d.str();
    EXPECT_NE(d.message.find("does not exist"), std::string::npos) << d.str();
}

TEST_F(FactFileTest, MalformedLineHasItsLineNumber) {
    write("e.facts", "1\t2\n3\t4\n5\n");
    const Diagnostic d = run_expecting_error(".decl e(a: number, b: number)\n.input e\n");
    EXPECT_NE(d.location.file.find("e.facts"), std::string::npos);
    EXPECT_EQ(d.location.line, 3u);
    EXPECT_NE(d.message.find("expected 2 columns, found 1"), std::string::npos) << d.str();
}

TEST_F(FactFileTest, NonNumberHasColumnAndLine) {
    write("e.facts", "1\t2\n3\tx4\n");
    const Diagnostic d = run_expecting_error(".decl e(a: number, b: number)\n.input e\n");
    EXPECT_EQ(d.location.line, 2u);
    EXPECT_NE(d.message.find("column 2: 'x4' is not a number"), std::string::npos) << d.str();
}

TEST_F(FactFileTest, CrlfBlankLinesAndDuplicatesCountOnce) {
    write("edge.facts", "1\t2\r\n2\t3\r\n1\t2\r\n\r\n");
    Program program = compile_program(
        ".decl edge(a: number, b: number)\n.input edge\n.decl r(a: number, b: number)\n"
        "r(x, y) :- edge(x, y).\nr(x, y) :- edge(x, z), r(z, y).\n",
        "p.dl");
    Inputs inputs;
    inputs.facts_dir = dir_;
    EngineOptions options;
    options.backend = BackendKind::Cpu;
    const Result result = run(program, inputs, options);
    EXPECT_EQ(result.relation("edge").size(), 2u);
    EXPECT_EQ(result.relation("r").size(), 3u);
}

TEST_F(FactFileTest, SymbolsRoundTrip) {
    write("name.facts", "alice\tbob\nbob\tcarol\n");
    Program program = compile_program(
        ".decl name(a: symbol, b: symbol)\n.input name\n.decl r(a: symbol, b: symbol)\n"
        ".output r\nr(x, y) :- name(x, y).\nr(x, z) :- r(x, y), name(y, z).\n"
        "r(\"zed\", \"zed\").\n",
        "p.dl");
    Inputs inputs;
    inputs.facts_dir = dir_;
    EngineOptions options;
    options.backend = BackendKind::Cpu;
    options.output_dir = dir_;
    const Result result = run(program, inputs, options);
    EXPECT_EQ(result.relation("r").size(), 4u);
    std::ifstream in(dir_ / "r.csv");
    std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(all.find("alice\tcarol\n"), std::string::npos) << all;
    EXPECT_NE(all.find("zed\tzed\n"), std::string::npos) << all;
}

}  // namespace
}  // namespace galias::engine
