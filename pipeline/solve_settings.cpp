#include "pipeline/solve_settings.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cctype>
#include <charconv>
#include <iterator>

namespace galias::pipeline {

std::optional<SolveMode> parse_solve_mode(std::string_view text) {
    if (text == "auto") return SolveMode::Auto;
    if (text == "demand") return SolveMode::Demand;
    if (text == "full") return SolveMode::Full;
    return std::nullopt;
}

const char* solve_mode_name(SolveMode mode) {
    switch (mode) {
        case SolveMode::Auto:
            return "auto";
        case SolveMode::Demand:
            return "demand";
        case SolveMode::Full:
            return "full";
    }
    return "auto";
}

engine::RunLimits SolveBounds::limits() const {
    engine::RunLimits limits;
    limits.max_derived_tuples = memory_bytes / kBytesPerDerivedTuple;
    if (memory_bytes != 0 && limits.max_derived_tuples == 0) limits.max_derived_tuples = 1;
    limits.max_seconds = seconds;
    return limits;
}

std::string SolveBounds::memory_text() const {
    static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = static_cast<double>(memory_bytes);
    std::size_t unit = 0;
    while (value >= 1024 && unit + 1 < std::size(kUnits)) {
        value /= 1024;
        ++unit;
    }
    const std::uint64_t tuples = limits().max_derived_tuples;
    const std::string size =
        unit == 0 ? fmt::format("{} B", memory_bytes) : fmt::format("{:.1f} {}", value, kUnits[unit]);
    return fmt::format("{} ({} derived tuple{})", size, tuples, tuples == 1 ? "" : "s");
}

std::string SolveBounds::seconds_text() const {
    return fmt::format("{:g} s", seconds);
}

std::uint64_t default_solve_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;  // unknown: no bound rather than a wrong one
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) / 2;
}

std::optional<std::uint64_t> parse_memory_size(std::string_view text) {
    std::uint64_t number = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc() || end == text.data()) return std::nullopt;
    std::string unit(end, text.data() + text.size());
    for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    // A letter of the power, then nothing, "B" or "IB"; or "B" or nothing for bytes.
    int shift = 0;
    if (!unit.empty() && unit != "B") {
        static constexpr std::string_view kPowers = "KMGT";
        const std::size_t power = kPowers.find(unit.front());
        const std::string_view rest = std::string_view(unit).substr(1);
        if (power == std::string_view::npos || !(rest.empty() || rest == "B" || rest == "IB"))
            return std::nullopt;
        shift = 10 * static_cast<int>(power + 1);
    }
    if (shift != 0 && number > (~std::uint64_t{0} >> shift)) return std::nullopt;
    return number << shift;
}

}  // namespace galias::pipeline
