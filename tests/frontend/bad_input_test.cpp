// What the frontend does with input that is partly bad: a TU that does not compile, a file
// that is listed but missing, C++ entries, paths that are not UTF-8, GCC-only flags. The
// good TUs are always analysed, and every problem is reported.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "facts/diagnostic.hpp"
#include "frontend/extract.hpp"

namespace galias::frontend {
namespace {

class BadInput : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (std::filesystem::temp_directory_path() / "galias-bad-XXXXXX").string();
        dir_ = mkdtemp(pattern.data());
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::string write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name) << text;
        return (dir_ / name).string();
    }
    CompileJob job(const std::string& file, std::vector<std::string> extra = {}) {
        CompileJob j{dir_.string(), file, {"gcc", "-c", file}, 0};
        j.arguments.insert(j.arguments.end(), extra.begin(), extra.end());
        return j;
    }
    static bool has_node(const ExtractResult& r, const std::string& name) {
        return !r.program.find_by_name(name).empty();
    }

    std::filesystem::path dir_;
};

TEST_F(BadInput, ATranslationUnitThatDoesNotCompileIsReportedAndTheOthersAnalysed) {
    FrontendOptions options;
    options.jobs = {job(write("good.c", "int x; int *p = &x;\n")),
                    job(write("bad.c", "int *q = &y;\nvoid f(void) { undefined(); return 1 }\n"))};
    const ExtractResult r = extract_facts(options);
    EXPECT_EQ(r.units.total, 2u);
    EXPECT_EQ(r.units.analysed, 1u);
    EXPECT_EQ(r.units.failed, 1u);
    EXPECT_FALSE(r.all_units_ok());
    EXPECT_TRUE(has_node(r, "p"));
    EXPECT_FALSE(has_node(r, "q"));
    EXPECT_EQ(r.program.counter("tu.failed"), 1u);
    ASSERT_FALSE(r.diagnostics.empty());
    const Diagnostic& d = r.diagnostics.front();
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_NE(d.message.find("does not compile"), std::string::npos) << d.str();
    ASSERT_FALSE(d.notes.empty());
    EXPECT_NE(d.notes.front().location.str().find("bad.c:1:11"), std::string::npos) << d.str();
    EXPECT_NE(d.notes.front().message.find("undeclared identifier 'y'"), std::string::npos) << d.str();
}

TEST_F(BadInput, AMissingFileIsAFailureNotACrash) {
    FrontendOptions options;
    options.jobs = {job((dir_ / "gone.c").string()), job(write("here.c", "int *h;\n"))};
    const ExtractResult r = extract_facts(options);
    EXPECT_EQ(r.units.failed, 1u);
    EXPECT_EQ(r.units.analysed, 1u);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_NE(
        r.diagnostics.front().str().find("gone.c: error: source file listed in the compilation database does "
                                         "not exist"),
        std::string::npos)
        << r.diagnostics.front().str();
}

TEST_F(BadInput, CxxUnitsAreSkippedWithANote) {
    FrontendOptions options;
    options.jobs = {job(write("a.cpp", "template <class T> T id(T t) { return t; }\n")),
                    job(write("b.c", "int *b;\n"))};
    const ExtractResult r = extract_facts(options);
    EXPECT_EQ(r.units.skipped, 1u);
    EXPECT_EQ(r.units.analysed, 1u);
    EXPECT_EQ(r.units.failed, 0u);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics.front().severity, Severity::Note);
    EXPECT_NE(r.diagnostics.front().message.find("C++"), std::string::npos);
}

TEST_F(BadInput, PathsThatAreNotUtf8Work) {
    const std::filesystem::path odd = dir_ / "caf\xe9 dir";
    std::filesystem::create_directories(odd);
    const std::string file = (odd / "m\xf6.c").string();
    std::ofstream(file) << "int v; int *pv = &v;\n";
    // Through a compile_commands.json, as a build system would write it (raw bytes).
    std::ofstream(dir_ / "compile_commands.json")
        << "[{\"directory\": \"" << odd.string()
        << "\", \"file\": \"m\xf6.c\", \"arguments\": [\"cc\", \"-c\", \"m\xf6.c\"]}]";
    FrontendOptions options;
    options.compile_database = dir_;
    const ExtractResult r = extract_facts(options);
    ASSERT_EQ(r.units.analysed, 1u) << (r.diagnostics.empty() ? "" : r.diagnostics.front().str());
    const auto ids = r.program.find_by_name("pv");
    ASSERT_EQ(ids.size(), 1u);
    EXPECT_EQ(r.program.nodes[ids[0]].pos.file, file);
    // ... and through the fact directory.
    write_fact_directory(r, dir_ / "facts");
    EXPECT_EQ(facts::ProgramFacts::read(dir_ / "facts").nodes[ids[0]].pos.file, file);
}

TEST_F(BadInput, UnknownCompilerFlagsAreDroppedWithAWarning) {
    FrontendOptions options;
    options.jobs = {job(write("g.c", "int *g;\n"), {"-fgcc-only-nonsense", "-O2"})};
    const ExtractResult r = extract_facts(options);
    EXPECT_EQ(r.units.analysed, 1u) << (r.diagnostics.empty() ? "" : r.diagnostics.front().str());
    bool warned = false;
    for (const Diagnostic& d : r.diagnostics) {
        warned = warned || (d.severity == Severity::Warning &&
                            d.message.find("-fgcc-only-nonsense") != std::string::npos);
    }
    EXPECT_TRUE(warned);
}

TEST_F(BadInput, DuplicateEntriesAreAnalysedOnce) {
    // The same compilation recorded twice, with other output names.
    FrontendOptions options;
    const std::string file = write("d.c", "int *d;\n");
    options.jobs = {job(file, {"-o", "d.o"}), job(file, {"-o", "d2.o", "-MD", "-MF", "d2.d"})};
    const ExtractResult r = extract_facts(options);
    EXPECT_EQ(r.units.analysed, 1u);
    EXPECT_EQ(r.units.skipped, 1u);
}

TEST_F(BadInput, EachFlagSetOfAFileIsAnalysed) {
    // A static and a shared library's object of one file: other code, each its own program.
    FrontendOptions options;
    const std::string file =
        write("d.c", "static int x;\n#ifdef PIC\nint *shared_only = &x;\n#endif\nint *d = &x;\n");
    options.jobs = {job(file), job(file, {"-fPIC", "-DPIC"})};
    const ExtractResult r = extract_facts(options);
    EXPECT_EQ(r.units.analysed, 2u);
    EXPECT_EQ(r.units.skipped, 0u);
    EXPECT_TRUE(has_node(r, "shared_only"));
    EXPECT_EQ(r.program.find_by_name("d").size(), 2u);  // one per program
    bool noted = false;
    for (const Diagnostic& d : r.diagnostics) {
        noted = noted || (d.severity == Severity::Note && d.message.find("2 programs") != std::string::npos);
    }
    EXPECT_TRUE(noted);
}

TEST_F(BadInput, ProgramsOverTheLinkBudgetAreAnalysedAsOneWithAWarning) {
    // Three tools linking one library: 6 units linked for 4 in the database.
    FrontendOptions options;
    options.jobs = {job(write("lib.c", "int *lib_p;\nvoid lib(int *p) { lib_p = p; }\n"))};
    for (const char* tool : {"t1.c", "t2.c", "t3.c"}) {
        options.jobs.push_back(
            job(write(tool, "void lib(int *);\nint main(void) { static int x; lib(&x); }\n")));
    }
    const auto programs_of = [](const ExtractResult& r) {
        for (const auto& [name, value] : r.program.counters) {
            if (name == "programs") return value;
        }
        return std::uint64_t{0};
    };
    options.max_links_per_unit = 2;
    EXPECT_EQ(programs_of(extract_facts(options)), 3u);
    options.max_links_per_unit = 1;
    const ExtractResult r = extract_facts(options);
    EXPECT_EQ(programs_of(r), 1u);
    bool warned = false;
    for (const Diagnostic& d : r.diagnostics) {
        warned = warned || (d.severity == Severity::Warning &&
                            d.message.find("analysed as one program instead") != std::string::npos);
    }
    EXPECT_TRUE(warned);
}

TEST_F(BadInput, SourceFilterSelectsAndABadRegexIsAnError) {
    FrontendOptions options;
    options.jobs = {job(write("keep.c", "int *k;\n")), job(write("drop.c", "int *d;\n"))};
    options.source_filters = {"keep\\.c$"};
    const ExtractResult r = extract_facts(options);
    EXPECT_EQ(r.units.total, 1u);
    EXPECT_TRUE(has_node(r, "k") || r.program.nodes.empty());
    options.source_filters = {"nothing-matches"};
    EXPECT_THROW((void)extract_facts(options), DiagnosticError);
    options.source_filters = {"(unclosed"};
    EXPECT_THROW((void)extract_facts(options), DiagnosticError);
}

TEST_F(BadInput, NoCompilationDatabaseIsAnError) {
    FrontendOptions options;
    options.compile_database = dir_ / "missing";
    EXPECT_THROW((void)extract_facts(options), DiagnosticError);
    write("compile_commands.json", "[{\"directory\": 3}");
    options.compile_database = dir_;
    try {
        (void)extract_facts(options);
        FAIL() << "no error";
    } catch (const DiagnosticError& e) {
        EXPECT_NE(std::string(e.what()).find("compile_commands.json:1:"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace galias::frontend
