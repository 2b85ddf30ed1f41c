#pragma once
// The source lines a report page shows: a SARIF artifact (a URI relative to a base such as
// %SRCROOT%) resolved to a file on this machine, read once and cached, and the lines of a
// region with some context around them. A file that is not there, or a line past its end,
// is not an error: the snippet says why it has no lines, and the page says so.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "reports/html/sarif_log.hpp"

namespace galias::reports::html {

struct SnippetLine {
    std::uint32_t number = 0;
    std::string text;  // valid UTF-8, without the line break
    bool in_region = false;
    // Code points [mark_begin, mark_end) of the line (0-based) are the region's columns
    // (a one-column region at the start of a name: the name); both 0 when the region is
    // whole lines.
    std::uint32_t mark_begin = 0;
    std::uint32_t mark_end = 0;
};

struct Snippet {
    std::string path;  // the file it was read from (or looked for)
    std::vector<SnippetLine> lines;
    std::string missing;  // why there are no lines; empty when there are
};

// How a file is named in the report: the URI as written (percent-decoded), a path
// relative to the source root for galias's logs.
std::string display_name(const ArtifactRef& artifact);

// A percent-encoded URI path decoded ("a%20b.c" -> "a b.c"); "file://" URIs to their path.
std::string decode_uri_path(std::string_view uri);

class SourceFiles {
public:
    // `source_root` (--source-root) stands for %SRCROOT% and for URIs with no base; when
    // unset, the log's originalUriBaseIds say where each base is.
    SourceFiles(const SarifLog& log, std::optional<std::filesystem::path> source_root);

    // The file `artifact` of run `run` names on this machine, or why it cannot be said.
    struct Resolved {
        std::optional<std::filesystem::path> path;
        std::string problem;
    };
    [[nodiscard]] Resolved resolve(std::size_t run, const ArtifactRef& artifact) const;

    // The lines of `location`'s region and `context` lines on each side. Thread-safe.
    [[nodiscard]] Snippet snippet(std::size_t run, const Location& location, std::uint32_t context) const;

    // How many files the snippets asked for were not there or could not be read, and
    // which (sorted).
    [[nodiscard]] std::size_t files_missing() const;
    [[nodiscard]] std::vector<std::string> missing_files() const;

private:
    struct FileLines {
        std::vector<std::string> lines;
        std::string problem;  // why it could not be read; empty when it was
    };
    [[nodiscard]] std::shared_ptr<const FileLines> lines_of(const std::filesystem::path& path) const;

    std::vector<std::map<std::string, std::string, std::less<>>> base_uris_;  // per run
    std::optional<std::filesystem::path> source_root_;
    mutable std::mutex mutex_;
    mutable std::unordered_map<std::string, std::shared_ptr<const FileLines>> cache_;
};

}  // namespace galias::reports::html
