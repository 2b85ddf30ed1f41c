#pragma once
// The jobs file of `galias run --batch FILE`: one analysis per line,
//
//     # program   facts directory   [output directory, or - for sizes only (default)]
//     reach       graphs/fe_body
//     cspa        out/zlib/k1/facts/cspa   results/zlib
//
// fields separated by blanks, `#` starts a comment, relative paths are relative to the
// jobs file's directory. A program is a .dl file or a built-in name (cspa, andersen,
// reach, sg). Errors name FILE:LINE.

#include <filesystem>
#include <string>
#include <vector>

#include "facts/diagnostic.hpp"

namespace galias::tool {

struct BatchJobLine {
    SourceLocation location;  // FILE:LINE of the job
    std::string program;      // as written (a built-in name or a resolved .dl path)
    std::filesystem::path facts_dir;
    std::string output_dir = "-";  // "-" = print sizes only
};

// Throws DiagnosticError for an unreadable file, a line with too few or too many fields,
// or a file with no jobs.
std::vector<BatchJobLine> read_batch_jobs(const std::filesystem::path& file);

}  // namespace galias::tool
