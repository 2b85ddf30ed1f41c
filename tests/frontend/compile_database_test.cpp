// Loading compile_commands.json: both entry forms, relative paths, and bad input reported
// with a position (JSON syntax errors) or the entry's index.
#include "frontend/compile_database.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "facts/diagnostic.hpp"

namespace galias::frontend {
namespace {

std::string parse_error(const std::string& text) {
    try {
        (void)parse_compile_database(text, "db.json");
    } catch (const DiagnosticError& e) {
        return e.diagnostic().str();
    }
    return "no error";
}

TEST(CompileDatabase, ReadsArgumentsAndCommandForms) {
    const auto jobs = parse_compile_database(R"([
      {"directory": "/src", "file": "a.c", "arguments": ["cc", "-DX=1", "-c", "a.c"]},
      {"directory": "/src/sub", "file": "/abs/b.c", "command": "gcc -DMSG=\"two words\" -I 'my dir' -c /abs/b.c"}
    ])",
                                             "db.json");
    ASSERT_EQ(jobs.size(), 2u);
    EXPECT_EQ(jobs[0].file, "/src/a.c");
    EXPECT_EQ(jobs[0].directory, "/src");
    EXPECT_EQ(jobs[0].arguments, (std::vector<std::string>{"cc", "-DX=1", "-c", "a.c"}));
    EXPECT_EQ(jobs[1].file, "/abs/b.c");
    EXPECT_EQ(jobs[1].arguments,
              (std::vector<std::string>{"gcc", "-DMSG=two words", "-I", "my dir", "-c", "/abs/b.c"}));
    EXPECT_EQ(jobs[1].entry, 1u);
}

TEST(CompileDatabase, NormalizesRelativeFiles) {
    const auto jobs = parse_compile_database(
        R"([{"directory": "/src/build", "file": "../lib/./x.c", "arguments": ["cc", "x.c"]}])", "db.json");
    EXPECT_EQ(jobs.at(0).file, "/src/lib/x.c");
}

TEST(CompileDatabase, SyntaxErrorsHaveLineAndColumn) {
    const std::string message = parse_error("[\n  {\"directory\": \"/x\",\n   \"file\" \"a.c\"}\n]");
    EXPECT_NE(message.find("db.json:3:"), std::string::npos) << message;
    EXPECT_NE(message.find("error: malformed compilation database"), std::string::npos) << message;
    EXPECT_NE(parse_error("[{\"directory\": \"/x\"").find("db.json:1:"), std::string::npos);
    EXPECT_NE(parse_error("").find("malformed"), std::string::npos);
}

TEST(CompileDatabase, ANumberOutOfRangeIsBadInput) {
    // nlohmann throws out_of_range, not parse_error, for it (found by tests/fuzz).
    EXPECT_NE(parse_error("[1e99999]")
                  .find("db.json: error: malformed compilation database: a number is out of range"),
              std::string::npos)
        << parse_error("[1e99999]");
}

TEST(CompileDatabase, ErrorPositionsCountOriginalBytes) {
    // The invalid UTF-8 byte before the error must not shift the reported column.
    const std::string message = parse_error("[{\"file\": \"caf\xe9\", }]");
    EXPECT_NE(message.find("db.json:1:19"), std::string::npos) << message;
}

TEST(CompileDatabase, ChecksEachEntry) {
    EXPECT_NE(parse_error(R"({"file": "a.c"})").find("must be a JSON array"), std::string::npos);
    EXPECT_NE(parse_error(R"([{"directory": "/x", "arguments": ["cc"]}])")
                  .find("entry 0 of the compilation "
                        "database: missing \"file\""),
              std::string::npos);
    EXPECT_NE(
        parse_error(R"([{"directory": "/x", "file": "a.c"}])").find("needs \"arguments\" or \"command\""),
        std::string::npos);
    EXPECT_NE(parse_error(R"([{"directory": "/x", "file": "a.c", "arguments": ["cc"]}, 3])").find("entry 1"),
              std::string::npos);
    EXPECT_NE(parse_error(R"([{"directory": "/x", "file": 7, "arguments": ["cc"]}])")
                  .find("\"file\" must be a string"),
              std::string::npos);
    EXPECT_NE(
        parse_error(R"([{"directory": "/x", "file": "a.c", "arguments": []}])").find("empty command line"),
        std::string::npos);
}

TEST(CompileDatabase, KeepsPathsThatAreNotUtf8) {
    const std::string dir = "/src/caf\xe9";
    const auto jobs = parse_compile_database("[{\"directory\": \"" + dir +
                                                 "\", \"file\": \"x\xff.c\", \"arguments\": "
                                                 "[\"cc\", \"-I" +
                                                 dir + "\"]}]",
                                             "db.json");
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].directory, dir);
    EXPECT_EQ(jobs[0].file, dir + "/x\xff.c");
    EXPECT_EQ(jobs[0].arguments.at(1), "-I" + dir);
}

TEST(CompileDatabase, LoadsFromDirectoryOrFile) {
    const auto dir = std::filesystem::temp_directory_path() / ("galias-cdb-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "compile_commands.json")
        << R"([{"directory": "/s", "file": "a.c", "arguments": ["cc", "a.c"]}])";
    EXPECT_EQ(load_compile_database(dir).size(), 1u);
    EXPECT_EQ(load_compile_database(dir / "compile_commands.json").size(), 1u);
    try {
        (void)load_compile_database(dir / "nope");
        FAIL() << "no error";
    } catch (const DiagnosticError& e) {
        EXPECT_NE(std::string(e.what()).find("compilation database not found"), std::string::npos);
    }
    std::filesystem::remove(dir / "compile_commands.json");
    try {
        (void)load_compile_database(dir);
        FAIL() << "no error";
    } catch (const DiagnosticError& e) {
        EXPECT_NE(std::string(e.what()).find("no compile_commands.json in this directory"),
                  std::string::npos);
    }
    std::filesystem::remove_all(dir);
}

TEST(CompileDatabase, TellsCxxFromC) {
    EXPECT_FALSE(is_cxx_job(CompileJob{"/", "/a.c", {"cc", "-c", "/a.c"}, 0}));
    EXPECT_TRUE(is_cxx_job(CompileJob{"/", "/a.cpp", {"c++", "-c", "/a.cpp"}, 0}));
    EXPECT_TRUE(is_cxx_job(CompileJob{"/", "/a.cc", {"c++", "-c", "/a.cc"}, 0}));
    EXPECT_TRUE(is_cxx_job(CompileJob{"/", "/a.c", {"clang", "-x", "c++", "/a.c"}, 0}));
    EXPECT_FALSE(is_cxx_job(CompileJob{"/", "/a.h", {"clang", "-xc", "/a.h"}, 0}));
}

TEST(CompileDatabase, FlagSetsIgnoreOutputsAndTheFileItself) {
    const CompileJob a{"/src", "/src/a.c", {"cc", "-DX", "-c", "a.c", "-o", "a.o"}, 0};
    const CompileJob renamed{
        "/src", "/src/a.c", {"gcc", "-DX", "-MD", "-MF", "a.d", "-c", "/src/a.c", "-oa2.o"}, 1};
    const CompileJob shared{"/src", "/src/a.c", {"cc", "-DX", "-fPIC", "-c", "a.c", "-o", "a.lo"}, 2};
    const CompileJob elsewhere{"/obj", "/src/a.c", {"cc", "-DX", "-c", "/src/a.c", "-o", "a.o"}, 3};
    EXPECT_EQ(flag_set(a), flag_set(renamed));
    EXPECT_NE(flag_set(a), flag_set(shared));
    EXPECT_NE(flag_set(a), flag_set(elsewhere));  // relative include paths resolve elsewhere
}

}  // namespace
}  // namespace galias::frontend
