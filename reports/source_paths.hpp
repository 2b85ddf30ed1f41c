#pragma once
// Paths as reports show them: relative to the source root (the repository), with '/'.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace galias::reports {

// `file` relative to `root` ("src/a.c"), or nullopt when it lies outside the root.
// Relative inputs are taken relative to the current directory.
std::optional<std::string> relative_to_root(const std::string& file, const std::filesystem::path& root);

// Glob over '/'-separated paths: `*` and `?` stay within one segment, `**` spans segments,
// a pattern ending in '/' matches everything below that folder.
bool glob_match(std::string_view pattern, std::string_view path);

// Why `pattern` is not a glob glob_match() understands (it would silently match nothing or
// not what it says): empty, absolute, with '..', with '\\' or the unsupported [..] and {..},
// or '**' that is not a whole segment ("a**", "***"). nullopt when it is fine.
std::optional<std::string> glob_problem(std::string_view pattern);

// RFC 3986 percent-encoding of a relative path (keeps '/').
std::string uri_encode_path(std::string_view path);

}  // namespace galias::reports
