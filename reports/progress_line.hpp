#pragma once
// The one-line progress display on a terminal ("parsed 12/40 TUs", "cspa: iteration 7,
// delta 1234"): rewritten in place on stderr, only when stderr is a TTY and not --quiet.

#include <chrono>
#include <cstdio>
#include <string>

namespace galias::reports {

class ProgressLine {
public:
    // enabled: the caller's decision (use ProgressLine::on_tty(quiet)).
    explicit ProgressLine(bool enabled, std::FILE* stream = stderr);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    static bool on_tty(bool quiet, std::FILE* stream = stderr);

    // Shows `text` (throttled to ~20 updates a second unless `force`).
    void update(const std::string& text, bool force = false);
    // Erases the line.
    void clear();
    [[nodiscard]] bool enabled() const { return enabled_; }

private:
    bool enabled_;
    std::FILE* stream_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace galias::reports
