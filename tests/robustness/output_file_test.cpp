// facts/output_file.hpp and facts/input_file.hpp: every output is all new or all old, a
// failed write is an error, temporaries never stay behind; inputs are checked for what
// they are (a directory is no file) and streams are read without asking their size.
#include "facts/output_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <thread>

#include "facts/diagnostic.hpp"
#include "facts/input_file.hpp"
#include "temp_dir.hpp"

namespace galias::facts {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Every name in `dir`, recursively, relative to it.
std::vector<std::string> listing(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        names.push_back(entry.path().lexically_relative(dir));
    std::sort(names.begin(), names.end());
    return names;
}

TEST(OutputFile, ReplacesTheTargetOnlyOnCommit) {
    test::TempDir dir;
    const fs::path report = dir.path() / "report.txt";
    write_output_file(report, "old\n");
    {
        OutputFile out(report);
        out.write("new ");
        EXPECT_EQ(read(report), "old\n");  // readers see the old file until the commit
        out.write("report\n");
        out.commit();
    }
    EXPECT_EQ(read(report), "new report\n");
    EXPECT_EQ(listing(dir.path()), std::vector<std::string>{"report.txt"});
    EXPECT_EQ(TemporaryFiles::instance().size(), 0u);
}

TEST(OutputFile, AnAbandonedWriteLeavesTheOldFileAndNoTemporary) {
    test::TempDir dir;
    const fs::path report = dir.path() / "report.txt";
    write_output_file(report, "old\n");
    {
        OutputFile out(report);
        out.write(std::string(3 << 20, 'x'));  // past the buffer: some of it is on disk
        EXPECT_EQ(TemporaryFiles::instance().size(), 1u);
    }  // no commit: an exception unwound past it, say
    EXPECT_EQ(read(report), "old\n");
    EXPECT_EQ(listing(dir.path()), std::vector<std::string>{"report.txt"});
    EXPECT_EQ(TemporaryFiles::instance().size(), 0u);
}

TEST(OutputFile, AFullDeviceIsAnError) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    OutputFile out("/dev/full");
    out.write("x");
    try {
        out.commit();
        FAIL() << "writing /dev/full succeeded";
    } catch (const OutputError& e) {
        EXPECT_STREQ(e.what(), "cannot write /dev/full: No space left on device");
    }
}

TEST(OutputFile, StreamsAreWrittenInPlace) {
    write_output_file("/dev/null", "nothing");  // a character device: nothing to rename
    test::TempDir dir;
    const fs::path fifo = dir.path() / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] { got = read_input_file(fifo, "fifo"); });
    write_output_file(fifo, "through a pipe");
    reader.join();
    EXPECT_EQ(got, "through a pipe");
}

TEST(OutputFile, CheckedBeforeTheWork) {
    test::TempDir dir;
    EXPECT_NO_THROW(check_output_file(dir.path() / "new.sarif"));
    EXPECT_NO_THROW(check_output_file("-"));
    EXPECT_THROW(check_output_file(dir.path()), DiagnosticError);
    EXPECT_THROW(check_output_file(dir.path() / "missing" / "x.sarif"), DiagnosticError);
    EXPECT_THROW(check_output_file(""), DiagnosticError);
}

TEST(StagedDirectory, ANewDirectoryAppearsOnlyWhenCommitted) {
    test::TempDir dir;
    const fs::path out = dir.path() / "deep" / "out";
    {
        StagedDirectory staged(out);
        write_output_file(staged.staging() / "A.csv", "1\n");
        EXPECT_FALSE(fs::exists(out));
    }  // a failed run: nothing
    EXPECT_FALSE(fs::exists(out));
    EXPECT_EQ(listing(dir.path()), std::vector<std::string>{"deep"});
    StagedDirectory staged(out);
    write_output_file(staged.staging() / "A.csv", "1\n");
    fs::create_directories(staged.staging() / "sub");
    write_output_file(staged.staging() / "sub" / "B.csv", "2\n");
    staged.commit();
    EXPECT_EQ(listing(out), (std::vector<std::string>{"A.csv", "sub", "sub/B.csv"}));
    EXPECT_EQ(TemporaryFiles::instance().size(), 0u);
}

TEST(StagedDirectory, AnExistingDirectoryGetsTheWholeSetOrNothing) {
    test::TempDir dir;
    write_output_file(dir.path() / "A.csv", "old A\n");
    write_output_file(dir.path() / "B.csv", "old B\n");
    write_output_file(dir.path() / "keep.txt", "not ours\n");
    {
        StagedDirectory staged(dir.path());
        write_output_file(staged.staging() / "A.csv", "new A\n");
        // The run fails before B is written: A stays old as well.
    }
    EXPECT_EQ(read(dir.path() / "A.csv"), "old A\n");
    EXPECT_EQ(listing(dir.path()), (std::vector<std::string>{"A.csv", "B.csv", "keep.txt"}));
    StagedDirectory staged(dir.path());
    write_output_file(staged.staging() / "A.csv", "new A\n");
    write_output_file(staged.staging() / "B.csv", "new B\n");
    staged.commit();
    EXPECT_EQ(read(dir.path() / "A.csv"), "new A\n");
    EXPECT_EQ(read(dir.path() / "B.csv"), "new B\n");
    EXPECT_EQ(read(dir.path() / "keep.txt"), "not ours\n");
    EXPECT_EQ(listing(dir.path()), (std::vector<std::string>{"A.csv", "B.csv", "keep.txt"}));
}

TEST(StagedDirectory, AFileOrAnUnwritablePlaceIsBadInput) {
    test::TempDir dir;
    write_output_file(dir.path() / "file", "x");
    EXPECT_THROW(StagedDirectory(dir.path() / "file"), DiagnosticError);
    EXPECT_THROW(StagedDirectory(dir.path() / "file" / "below"), DiagnosticError);
    if (::geteuid() != 0) {  // root writes anywhere
        fs::create_directories(dir.path() / "locked");
        fs::permissions(dir.path() / "locked", fs::perms::owner_read | fs::perms::owner_exec);
        EXPECT_THROW(StagedDirectory(dir.path() / "locked" / "out"), DiagnosticError);
        fs::permissions(dir.path() / "locked", fs::perms::owner_all);
    }
    EXPECT_THROW(StagedDirectory("/proc/galias-out"), DiagnosticError);
}

TEST(InputFile, ADirectoryIsNoFile) {
    test::TempDir dir;
    try {
        read_input_file(dir.path(), "configuration file");
        FAIL();
    } catch (const DiagnosticError& e) {
        EXPECT_EQ(e.diagnostic().message, "cannot read the configuration file: it is a directory");
        EXPECT_EQ(e.diagnostic().location.file, dir.path().string());
    }
    EXPECT_THROW(read_input_file(dir.path() / "missing", "x"), DiagnosticError);
    EXPECT_THROW(check_input_file(dir.path(), "x"), DiagnosticError);
    EXPECT_THROW(check_input_directory(dir.path() / "missing", "x"), DiagnosticError);
    write_output_file(dir.path() / "f", "x");
    EXPECT_THROW(check_input_directory(dir.path() / "f", "x"), DiagnosticError);
}

TEST(InputFile, StreamsAreReadToTheirEndAndLimitsHold) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    std::thread writer([&] {
        const std::string chunk(1 << 16, 'z');
        for (int i = 0; i < 40; ++i) (void)!::write(fds[1], chunk.data(), chunk.size());  // 2.5 MiB
        ::close(fds[1]);
    });
    const std::string text = read_input_file("/dev/fd/" + std::to_string(fds[0]), "pipe");
    writer.join();
    ::close(fds[0]);
    EXPECT_EQ(text.size(), 40u << 16);
    test::TempDir dir;
    write_output_file(dir.path() / "big", std::string(100, 'a'));
    EXPECT_EQ(read_input_file(dir.path() / "big", "x", 100).size(), 100u);
    EXPECT_THROW(read_input_file(dir.path() / "big", "x", 99), DiagnosticError);
}

TEST(Messages, InputBytesArePrintable) {
    EXPECT_EQ(printable(std::string("a\0b\x1b[31m\xff\xc3\xa9\n", 12)), "a\\x00b\\x1b[31m\\xff\xc3\xa9\\x0a");
    Diagnostic diagnostic{
        Severity::Error, SourceLocation{std::string("f\xfe.facts"), 2, 0}, std::string("bad '\0'", 7), {}};
    EXPECT_EQ(diagnostic.str(), "f\\xfe.facts:2: error: bad '\\x00'");
    EXPECT_EQ(excerpt("short"), "short");
    const std::string field(10 << 20, '7');
    const std::string quoted = excerpt(field);
    EXPECT_EQ(quoted, std::string(64, '7') + "... (10485760 bytes)");
    // Never half a UTF-8 character.
    EXPECT_EQ(excerpt("\xc3\xa9\xc3\xa9", 3), "\xc3\xa9... (4 bytes)");
}

}  // namespace
}  // namespace galias::facts
