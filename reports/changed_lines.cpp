#include "reports/changed_lines.hpp"

#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

#include "facts/diagnostic.hpp"

extern char** environ;

namespace galias::reports {

namespace fs = std::filesystem;

namespace {

std::string normal(const fs::path& path) {
    std::error_code ec;
    return fs::weakly_canonical(path, ec).lexically_normal().string();
}

// "12" or "12,3" (start, count; count 1 when left out).
bool parse_range(std::string_view text, std::uint32_t& start, std::uint32_t& count) {
    const std::size_t comma = text.find(',');
    const std::string_view first = text.substr(0, comma);
    auto [end, error] = std::from_chars(first.data(), first.data() + first.size(), start);
    if (error != std::errc() || end != first.data() + first.size()) return false;
    count = 1;
    if (comma == std::string_view::npos) return true;
    const std::string_view second = text.substr(comma + 1);
    auto [end2, error2] = std::from_chars(second.data(), second.data() + second.size(), count);
    return error2 == std::errc() && end2 == second.data() + second.size();
}

// Runs `argv` and returns its standard output; `status` gets its exit status (-1 when it did
// not start), `errors` what it wrote on standard error.
std::string run_capture(const std::vector<std::string>& argv, int& status, std::string& errors) {
    int out[2];
    int err[2];
    status = -1;
    if (pipe(out) != 0) return {};
    if (pipe(err) != 0) {
        close(out[0]);
        close(out[1]);
        return {};
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addclose(&actions, err[0]);
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    close(err[1]);
    std::string output;
    if (spawned == 0) {
        // Standard error is small; read standard output to its end first, then it.
        char buffer[1 << 16];
        ssize_t got = 0;
        while ((got = read(out[0], buffer, sizeof buffer)) > 0 || (got < 0 && errno == EINTR)) {
            if (got > 0) output.append(buffer, static_cast<std::size_t>(got));
        }
        while ((got = read(err[0], buffer, sizeof buffer)) > 0 || (got < 0 && errno == EINTR)) {
            if (got > 0) errors.append(buffer, static_cast<std::size_t>(got));
        }
        int wait_status = 0;
        while (waitpid(pid, &wait_status, 0) < 0 && errno == EINTR) {
        }
        status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    }
    close(out[0]);
    close(err[0]);
    return output;
}

std::string first_line(std::string text) {
    const std::size_t end = text.find('\n');
    if (end != std::string::npos) text.resize(end);
    return text;
}

}  // namespace

void ChangedLines::add(const std::string& file, std::uint32_t first, std::uint32_t last) {
    if (first == 0) first = 1;
    if (last < first) return;
    auto& ranges = ranges_[file];
    ranges.emplace_back(first, last);
    std::sort(ranges.begin(), ranges.end());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> merged;
    for (const auto& range : ranges) {
        if (!merged.empty() && range.first <= merged.back().second + 1) {
            merged.back().second = std::max(merged.back().second, range.second);
        } else {
            merged.push_back(range);
        }
    }
    ranges = std::move(merged);
}

ChangedLines ChangedLines::from_diff(std::string_view diff, const fs::path& root, const std::string& name) {
    ChangedLines changed;
    std::string file;  // the new file of the current diff, absolute; "" for /dev/null
    bool have_file = false;
    std::uint32_t number = 0;
    std::size_t pos = 0;
    while (pos < diff.size()) {
        std::size_t end = diff.find('\n', pos);
        if (end == std::string_view::npos) end = diff.size();
        std::string_view line = diff.substr(pos, end - pos);
        pos = end + 1;
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.starts_with("+++ ")) {
            std::string_view path = line.substr(4);
            const std::size_t tab = path.find('\t');  // diff -u puts the time after a tab
            if (tab != std::string_view::npos) path = path.substr(0, tab);
            have_file = true;
            if (path == "/dev/null") {
                file.clear();
                continue;
            }
            if (path.starts_with("b/")) path.remove_prefix(2);
            file = normal(root / fs::path(std::string(path)));
            continue;
        }
        if (!line.starts_with("@@ ")) continue;
        if (!have_file)
            throw DiagnosticError(SourceLocation{name, number, 1}, "a hunk before any `+++` file header");
        // @@ -a[,b] +c[,d] @@
        const std::size_t plus = line.find(" +");
        const std::size_t close = plus == std::string_view::npos ? plus : line.find(" @@", plus + 2);
        std::uint32_t start = 0;
        std::uint32_t count = 0;
        if (close == std::string_view::npos ||
            !parse_range(line.substr(plus + 2, close - plus - 2), start, count))
            throw DiagnosticError(SourceLocation{name, number, 1},
                                  fmt::format("cannot read the hunk header '{}' (expected @@ -A,B +C,D @@)",
                                              first_line(std::string(line.substr(0, 80)))));
        if (file.empty()) continue;
        if (count > 0) {
            changed.add(file, start, start + count - 1);
        } else {
            changed.add(file, start, start + 1);  // lines removed after line `start`
        }
    }
    return changed;
}

ChangedLines ChangedLines::from_git(const fs::path& source_root, const std::string& ref) {
    const std::string where = normal(fs::absolute(source_root));
    int status = 0;
    std::string errors;
    const std::string top =
        first_line(run_capture({"git", "-C", where, "rev-parse", "--show-toplevel"}, status, errors));
    if (status == -1)
        throw DiagnosticError(SourceLocation{}, "--changed-since needs git, which could not be run");
    if (status != 0 || top.empty())
        throw DiagnosticError(SourceLocation{where, 0, 0},
                              "--changed-since: not in a git repository (" + first_line(errors) + ")");
    errors.clear();
    run_capture({"git", "-C", top, "rev-parse", "--verify", "--quiet", ref + "^{commit}"}, status, errors);
    if (status != 0)
        throw DiagnosticError(
            SourceLocation{top, 0, 0},
            fmt::format("--changed-since: '{}' does not name a commit of this repository", ref));
    errors.clear();
    const std::string diff = run_capture(
        {"git", "-C", top, "diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-renames", ref, "--"},
        status, errors);
    if (status != 0)
        throw DiagnosticError(SourceLocation{top, 0, 0},
                              "--changed-since: git diff failed: " + first_line(errors));
    return from_diff(diff, top, fmt::format("git diff {}", ref));
}

bool ChangedLines::touches(const std::string& file, std::uint32_t line) const {
    if (file.empty() || line == 0) return false;
    const auto it = ranges_.find(normal(fs::path(file)));
    if (it == ranges_.end()) return false;
    const auto& ranges = it->second;
    auto after = std::upper_bound(ranges.begin(), ranges.end(), std::make_pair(line, ~std::uint32_t{0}));
    return after != ranges.begin() && std::prev(after)->second >= line;
}

bool ChangedLines::touches(const Finding& finding) const {
    const auto region = [&](const SourceRegion& r) {
        if (!r.known()) return false;
        const std::uint32_t last = std::max(r.line, r.end_line);
        for (std::uint32_t line = r.line; line <= last; ++line) {
            if (touches(r.file, line)) return true;
        }
        return false;
    };
    if (region(finding.region)) return true;
    if (std::any_of(finding.related.begin(), finding.related.end(),
                    [&](const RelatedLocation& r) { return region(r.region); }))
        return true;
    return std::any_of(finding.witness.begin(), finding.witness.end(),
                       [&](const FlowStep& step) { return region(step.region); });
}

std::size_t ChangedLines::lines() const {
    std::size_t total = 0;
    for (const auto& [file, ranges] : ranges_) {
        for (const auto& [first, last] : ranges) total += last - first + 1;
    }
    return total;
}

}  // namespace galias::reports
