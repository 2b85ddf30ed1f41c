#pragma once
// The one way galias writes an output (reports, SARIF, fact tables, relations): into a
// temporary file in the target's directory, every write checked, then closed (checked) and
// renamed over the target. A run that fails or is interrupted leaves the old file as it
// was and no temporary behind (temporary_files.hpp); a reader never sees half a file.
//
// A target that exists and is not a regular file (a pipe, /dev/stdout, /dev/null, a
// terminal) cannot be replaced: it is written directly, with the same checks.
//
// A set of files that belong together (the relations of `galias run -D DIR`, a fact
// directory) is staged as a whole: StagedDirectory below.
//
// Files are not synced to disk before the rename: an output survives a killed process,
// not necessarily a power cut.

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

#include "facts/temporary_files.hpp"

namespace galias::facts {

// An output could not be written (disk full, I/O error, file size limit). The tool reports
// "cannot write FILE: reason" and exits 3 (docs/FAILURES.md).
class OutputError : public std::runtime_error {
public:
    OutputError(const std::filesystem::path& file, const std::string& reason);
};

class OutputFile {
public:
    // Creates the temporary (or opens a non-regular target). Throws OutputError.
    explicit OutputFile(std::filesystem::path target);
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    // Not committed: the temporary is removed, the target untouched.
    ~OutputFile();

    // Buffered; throws OutputError on the first failed write.
    void write(std::string_view bytes);
    // Flushes, closes and renames the temporary over the target. Throws OutputError.
    void commit();

    [[nodiscard]] const std::filesystem::path& target() const { return target_; }

private:
    void flush();
    void discard() noexcept;

    std::filesystem::path target_;
    std::filesystem::path temporary_;  // empty when the target is written directly
    TemporaryFiles::Id registration_ = 0;
    int fd_ = -1;
    std::string buffer_;
};

// Writes `text` to `target` as above.
void write_output_file(const std::filesystem::path& target, std::string_view text);

// Writes `text` to stdout and flushes it; throws OutputError ("standard output") when that
// fails (a closed pipe, a full disk, past `ulimit -f`).
void write_stdout(std::string_view text);
// Flushes stdout and checks that nothing written to it failed; throws OutputError.
void flush_stdout();

// A directory of outputs committed as a whole. Files are written under staging(); commit()
// then moves each into the target at the same relative path, with interrupts held off, and
// removes the staging directory. When the target does not exist yet, the staging directory
// is created beside it and renamed into place in one step (so a failed run creates no
// directory). Files of the target that the set does not contain are left alone.
class StagedDirectory {
public:
    // Throws DiagnosticError (bad input, exit 2) when the target exists and is not a
    // directory, or cannot be created or written (the staging directory is made here).
    explicit StagedDirectory(std::filesystem::path target);
    StagedDirectory(const StagedDirectory&) = delete;
    StagedDirectory& operator=(const StagedDirectory&) = delete;
    ~StagedDirectory();  // not committed: the staging directory and its files are removed

    [[nodiscard]] const std::filesystem::path& staging() const { return staging_; }
    [[nodiscard]] const std::filesystem::path& target() const { return target_; }
    void commit();

private:
    std::filesystem::path target_;
    std::filesystem::path staging_;
    bool target_existed_ = false;
    TemporaryFiles::Id registration_ = 0;
};

// Checks, before any work, that `file` can be written as above: not a directory; a
// non-regular file that is writable, or a place in a writable directory (the temporary is
// made there). "-" (stdout) passes. Throws DiagnosticError (exit 2) otherwise.
void check_output_file(const std::filesystem::path& file);

// Checks, before any work, that `dir` can hold outputs: an existing directory that is
// writable, or a path whose nearest existing ancestor is a writable directory. Throws
// DiagnosticError naming `what` ("-D", "the fact directory") otherwise.
void check_output_directory(const std::filesystem::path& dir, std::string_view what);

}  // namespace galias::facts
