#pragma once
// Findings for people, in the compiler's format:
//   src/copy.c:12:5: warning: source and destination of `memcpy` may overlap ... [overlapping-copy]
//   src/copy.c:4:10: note: `buf` is declared here
//   src/copy.c:9:5: note: witness: `buf` flows into `p`

#include <filesystem>
#include <ostream>
#include <span>

#include "reports/finding.hpp"

namespace galias::reports {

struct TextOptions {
    std::filesystem::path source_root = ".";  // paths are shown relative to it
    bool show_witness = true;
};

void write_text(std::ostream& out, std::span<const Finding> findings, const TextOptions& options);

// "3 findings (1 error, 2 warnings)" / "no findings".
std::string summary_line(std::span<const Finding> findings, std::size_t suppressed);

}  // namespace galias::reports
