#pragma once
// Inputs checked before they are used: a file galias reads must be a regular file or a
// readable stream (a pipe, a FIFO, /dev/stdin), read to its end without asking its size; a
// directory galias reads from must be a directory. Anything else is bad input: a
// DiagnosticError naming the path (exit 2), never an empty input or a crash.

#include <cstddef>
#include <filesystem>
#include <limits>
#include <string>
#include <string_view>

namespace galias::facts {

// Reads the whole of `file`. `what` names it in messages ("fact file", "configuration
// file"). Throws DiagnosticError when it does not exist, is a directory, cannot be read,
// or holds more than `max_bytes`.
std::string read_input_file(const std::filesystem::path& file, std::string_view what,
                            std::size_t max_bytes = std::numeric_limits<std::size_t>::max());

// Throws DiagnosticError unless `file` exists and is a regular file or a stream that can
// be opened for reading (the same checks as read_input_file, without reading).
void check_input_file(const std::filesystem::path& file, std::string_view what);

// Throws DiagnosticError unless `dir` is an existing directory.
void check_input_directory(const std::filesystem::path& dir, std::string_view what);

}  // namespace galias::facts
