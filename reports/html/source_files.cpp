#include "reports/html/source_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

#include "reports/html/escape.hpp"

namespace galias::reports::html {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kSourceRootBase = "%SRCROOT%";

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool has_scheme(std::string_view uri) {
    const std::size_t colon = uri.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    for (std::size_t i = 0; i < colon; ++i) {
        const char c = uri[i];
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!letter && !(i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'))) return false;
    }
    return true;
}

bool is_file_uri(std::string_view uri) {
    return uri.starts_with("file:");
}

// Columns count code points (SARIF's columnKind unicodeCodePoints, what galias writes).
std::uint32_t code_points(std::string_view text) {
    std::uint32_t count = 0;
    for (char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0U) != 0x80U) ++count;
    return count;
}

bool is_identifier_byte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Clang gives many locations as one column (the start of a name, of a call): a mark of
// one character that starts a name covers the whole name, so that the page shows what
// the step is about (`rax_realloc`, not its `r`).
std::uint32_t mark_end_of_name(std::string_view line, std::uint32_t begin, std::uint32_t end) {
    if (end != begin + 1) return end;
    std::size_t byte = 0;
    for (std::uint32_t seen = 0; byte < line.size(); ++byte) {
        if ((static_cast<unsigned char>(line[byte]) & 0xC0U) == 0x80U) continue;
        if (seen++ == begin) break;
    }
    if (byte >= line.size() || !is_identifier_byte(line[byte])) return end;
    if (byte > 0 && is_identifier_byte(line[byte - 1])) return end;  // inside a name: as given
    while (byte + 1 < line.size() && is_identifier_byte(line[byte + 1])) {
        ++byte;
        ++end;
    }
    return end;
}

}  // namespace

std::string decode_uri_path(std::string_view uri) {
    if (is_file_uri(uri)) {
        uri.remove_prefix(5);
        // file:///path or file://localhost/path: the authority is this machine.
        if (uri.starts_with("//")) {
            uri.remove_prefix(2);
            const std::size_t slash = uri.find('/');
            uri.remove_prefix(slash == std::string_view::npos ? uri.size() : slash);
        }
    }
    std::string out;
    out.reserve(uri.size());
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size()) {
            const int high = hex_value(uri[i + 1]);
            const int low = hex_value(uri[i + 2]);
            if (high >= 0 && low >= 0) {
                out += static_cast<char>(high * 16 + low);
                i += 2;
                continue;
            }
        }
        out += uri[i];
    }
    return out;
}

std::string display_name(const ArtifactRef& artifact) {
    return valid_utf8(decode_uri_path(artifact.uri));
}

SourceFiles::SourceFiles(const SarifLog& log, std::optional<fs::path> source_root)
    : source_root_(std::move(source_root)) {
    for (const Run& run : log.runs) base_uris_.push_back(run.base_uris);
}

SourceFiles::Resolved SourceFiles::resolve(std::size_t run, const ArtifactRef& artifact) const {
    if (artifact.uri.empty()) return {std::nullopt, "the log gives no file"};
    if (has_scheme(artifact.uri)) {
        if (!is_file_uri(artifact.uri))
            return {std::nullopt, fmt::format("{} is not a local file", valid_utf8(artifact.uri))};
        return {fs::path(decode_uri_path(artifact.uri)), ""};
    }
    const fs::path relative = decode_uri_path(artifact.uri);
    const bool source_root_base = artifact.uri_base_id.empty() || artifact.uri_base_id == kSourceRootBase;
    if (source_root_ && source_root_base) return {*source_root_ / relative, ""};
    if (run < base_uris_.size()) {
        const auto base = base_uris_[run].find(artifact.uri_base_id);
        if (base != base_uris_[run].end()) {
            if (has_scheme(base->second) && !is_file_uri(base->second))
                return {std::nullopt,
                        fmt::format("{} is at {}, not a local directory", valid_utf8(artifact.uri_base_id),
                                    valid_utf8(base->second))};
            return {fs::path(decode_uri_path(base->second)) / relative, ""};
        }
    }
    if (source_root_) return {*source_root_ / relative, ""};
    if (artifact.uri_base_id.empty()) return {relative, ""};  // relative to the current directory
    return {std::nullopt, fmt::format("the log does not say where {} is; give --source-root DIR",
                                      valid_utf8(artifact.uri_base_id))};
}

std::shared_ptr<const SourceFiles::FileLines> SourceFiles::lines_of(const fs::path& path) const {
    const std::string key = path.lexically_normal().string();
    {
        const std::lock_guard lock(mutex_);
        const auto found = cache_.find(key);
        if (found != cache_.end()) return found->second;
    }
    auto file = std::make_shared<FileLines>();
    std::error_code error;
    if (!fs::is_regular_file(path, error)) {
        file->problem = fmt::format("{} is not there", valid_utf8(path.string()));
    } else if (std::ifstream in(path, std::ios::binary); !in) {
        file->problem = fmt::format("{} cannot be read", valid_utf8(path.string()));
    } else {
        std::string line;
        while (std::getline(in, line)) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            file->lines.push_back(std::move(line));
        }
    }
    const std::lock_guard lock(mutex_);
    return cache_.emplace(key, std::move(file)).first->second;
}

std::size_t SourceFiles::files_missing() const {
    const std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count_if(
        cache_.begin(), cache_.end(), [](const auto& entry) { return !entry.second->problem.empty(); }));
}

std::vector<std::string> SourceFiles::missing_files() const {
    std::vector<std::string> files;
    const std::lock_guard lock(mutex_);
    for (const auto& [path, lines] : cache_)
        if (!lines->problem.empty()) files.push_back(path);
    std::sort(files.begin(), files.end());
    return files;
}

Snippet SourceFiles::snippet(std::size_t run, const Location& location, std::uint32_t context) const {
    Snippet out;
    const Resolved resolved = resolve(run, location.artifact);
    if (!resolved.path) {
        out.missing = resolved.problem;
        return out;
    }
    out.path = valid_utf8(resolved.path->string());
    const Region& region = location.region;
    if (region.start_line == 0) {
        out.missing = "the log gives no line";
        return out;
    }
    const std::shared_ptr<const FileLines> file = lines_of(*resolved.path);
    if (!file->problem.empty()) {
        out.missing = file->problem;
        return out;
    }
    const auto count = static_cast<std::uint32_t>(file->lines.size());
    if (region.start_line > count) {
        out.missing =
            fmt::format("line {} is past the end of {} ({} lines): the file changed since the analysis?",
                        region.start_line, out.path, count);
        return out;
    }
    const std::uint32_t last_of_region = std::min(std::max(region.end_line, region.start_line), count);
    const std::uint32_t first = region.start_line > context ? region.start_line - context : 1;
    const std::uint32_t last = std::min(count, last_of_region + context);
    for (std::uint32_t number = first; number <= last; ++number) {
        SnippetLine line;
        line.number = number;
        line.text = valid_utf8(file->lines[number - 1]);
        line.in_region = number >= region.start_line && number <= last_of_region;
        const bool one_line = last_of_region == region.start_line;
        if (line.in_region && one_line && region.start_column != 0) {
            const std::uint32_t length = code_points(line.text);
            line.mark_begin = std::min(region.start_column - 1, length);
            line.mark_end = region.end_column > region.start_column ? std::min(region.end_column - 1, length)
                                                                    : std::min(region.start_column, length);
            if (line.mark_end <= line.mark_begin) line.mark_begin = line.mark_end = 0;
            line.mark_end = mark_end_of_name(line.text, line.mark_begin, line.mark_end);
        }
        out.lines.push_back(std::move(line));
    }
    return out;
}

}  // namespace galias::reports::html
