#pragma once
// The per-unit fact cache (`--cache DIR`, docs/FRONTEND.md "Unit cache"): each translation
// unit's IR as the translator left it, before linking, so that a re-run parses only the
// units whose inputs changed. Linking, call resolution, cloning, emitting facts and solving
// stay whole-program and run every time.
//
// An entry is found by a key over the unit's compile command (file, directory, arguments,
// the extra arguments, --integer-pointers), the Clang resource directory, the galias build
// and the IR format; it holds every file the compiler opened for the unit (the source and
// all its headers) with a content hash, and is used only while each still has that hash
// (like ccache's direct mode). A header that appears earlier on the include path than the
// one used is not noticed; nor is a change to the environment the compiler reads.
//
// Only units that compiled are stored: a failing unit is compiled (and reported) again.
// Entries are written through a temporary and a rename, so concurrent runs and interrupts
// leave whole entries or none; a damaged entry is a miss, not an error.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/compile_database.hpp"
#include "frontend/tu_runner.hpp"

namespace galias::frontend {

class UnitCache {
public:
    UnitCache(std::filesystem::path dir, std::string tool_identity, std::vector<std::string> extra_args,
              TranslateOptions options);

    // The unit's outcome (Ok, with its IR and dropped flags) when a valid entry exists.
    std::optional<TuOutcome> find(const CompileJob& job);
    // Stores an Ok outcome that lists its dependencies; others are ignored. A failed write
    // is counted (write_failures()), not thrown: the run does not need the cache.
    void store(const CompileJob& job, const TuOutcome& outcome);

    [[nodiscard]] std::size_t write_failures() const { return write_failures_; }

private:
    [[nodiscard]] std::filesystem::path entry_path(const CompileJob& job) const;
    // A file's content hash, computed once per run (units share their headers).
    std::optional<std::uint64_t> file_hash(const std::string& path);

    std::filesystem::path dir_;
    std::string tool_identity_;
    std::vector<std::string> extra_args_;
    TranslateOptions options_;  // those that change a unit's IR
    std::mutex mutex_;
    std::unordered_map<std::string, std::optional<std::uint64_t>> hashes_;
    std::atomic<std::size_t> write_failures_{0};
};

}  // namespace galias::frontend
