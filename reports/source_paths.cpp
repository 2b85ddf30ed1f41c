#include "reports/source_paths.hpp"

#include <system_error>

namespace galias::reports {

namespace fs = std::filesystem;

std::optional<std::string> relative_to_root(const std::string& file, const fs::path& root) {
    if (file.empty()) return std::nullopt;
    std::error_code ec;
    fs::path absolute = fs::weakly_canonical(fs::absolute(fs::path(file), ec), ec);
    if (ec) return std::nullopt;
    fs::path base = fs::weakly_canonical(fs::absolute(root, ec), ec);
    if (ec) return std::nullopt;
    fs::path relative = absolute.lexically_relative(base);
    if (relative.empty()) return std::nullopt;
    std::string text = relative.generic_string();
    if (text == ".." || text.rfind("../", 0) == 0) return std::nullopt;
    return text;
}

bool glob_match(std::string_view pattern, std::string_view path) {
    if (!pattern.empty() && pattern.back() == '/') {
        return path.substr(0, pattern.size()) == pattern || glob_match(std::string(pattern) + "**", path);
    }
    if (pattern.empty()) return path.empty();
    if (pattern.substr(0, 2) == "**") {
        std::string_view rest = pattern.substr(2);
        if (!rest.empty() && rest.front() == '/') {
            // "**/x" also matches "x" at the top.
            if (glob_match(rest.substr(1), path)) return true;
        }
        for (std::size_t i = 0; i <= path.size(); ++i) {
            if (glob_match(rest, path.substr(i))) return true;
        }
        return false;
    }
    if (pattern.front() == '*') {
        for (std::size_t i = 0; i <= path.size(); ++i) {
            if (glob_match(pattern.substr(1), path.substr(i))) return true;
            if (i < path.size() && path[i] == '/') break;
        }
        return false;
    }
    if (path.empty()) return false;
    if (pattern.front() == '?') return path.front() != '/' && glob_match(pattern.substr(1), path.substr(1));
    return pattern.front() == path.front() && glob_match(pattern.substr(1), path.substr(1));
}

std::optional<std::string> glob_problem(std::string_view pattern) {
    if (pattern.empty()) return "it is empty";
    if (pattern.front() == '/') return "paths are relative to the source root, so it can never match";
    if (pattern.find_first_of("[]{}") != std::string_view::npos)
        return "character classes ([...]) and alternatives ({...}) are not supported";
    if (pattern.find('\\') != std::string_view::npos) return "'\\' is not supported (paths use '/')";
    std::size_t start = 0;
    while (start <= pattern.size()) {
        const std::size_t stop = std::min(pattern.find('/', start), pattern.size());
        const std::string_view segment = pattern.substr(start, stop - start);
        if (segment == "..") return "'..' cannot match a path inside the source root";
        if (segment != "**" && segment.find("**") != std::string_view::npos)
            return "'**' must be a whole path segment ('**/x', 'a/**')";
        start = stop + 1;
    }
    return std::nullopt;
}

std::string uri_encode_path(std::string_view path) {
    constexpr std::string_view kHex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '.' || c == '_' || c == '~' || c == '/';
        if (keep) {
            out.push_back(static_cast<char>(c));
        } else {
            out.push_back('%');
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 15]);
        }
    }
    return out;
}

}  // namespace galias::reports
