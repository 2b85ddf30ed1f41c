#include "reports/progress_line.hpp"

#include <unistd.h>

namespace galias::reports {

ProgressLine::ProgressLine(bool enabled, std::FILE* stream) : enabled_(enabled), stream_(stream) {}

ProgressLine::~ProgressLine() {
    clear();
}

bool ProgressLine::on_tty(bool quiet, std::FILE* stream) {
    return !quiet && ::isatty(::fileno(stream)) != 0;
}

void ProgressLine::update(const std::string& text, bool force) {
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    if (!force && shown_ && now - last_ < std::chrono::milliseconds(50)) return;
    last_ = now;
    std::fprintf(stream_, "\r\033[K%s", text.c_str());
    std::fflush(stream_);
    shown_ = true;
}

void ProgressLine::clear() {
    if (!enabled_ || !shown_) return;
    std::fprintf(stream_, "\r\033[K");
    std::fflush(stream_);
    shown_ = false;
}

}  // namespace galias::reports
