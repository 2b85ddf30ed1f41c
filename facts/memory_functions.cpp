#include "facts/memory_functions.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace galias::facts {

namespace {

using Family = MemoryFamily;

// Sorted by name (memory_tables_sorted), searched by binary search. The frontend's library
// models (frontend/library_models.cpp) give each of these its heap object; a test checks
// that every allocator here has a model that allocates.
constexpr std::array<std::pair<std::string_view, Family>, 33> kAllocators{{
    {"aligned_alloc", Family::Malloc},
    {"alloca", Family::Stack},
    {"alloca_with_align", Family::Stack},
    {"asctime", Family::Library},
    {"asprintf", Family::Malloc},
    {"calloc", Family::Malloc},
    {"canonicalize_file_name", Family::Malloc},
    {"ctime", Family::Library},
    {"fdopen", Family::Stream},
    {"fdopendir", Family::Directory},
    {"fmemopen", Family::Stream},
    {"fopen", Family::Stream},
    {"get_current_dir_name", Family::Malloc},
    {"getaddrinfo", Family::AddrInfo},
    {"getenv", Family::Library},
    {"gmtime", Family::Library},
    {"localtime", Family::Library},
    {"malloc", Family::Malloc},
    {"memalign", Family::Malloc},
    {"open_memstream", Family::Stream},
    {"opendir", Family::Directory},
    {"popen", Family::Pipe},
    {"posix_memalign", Family::Malloc},
    {"pvalloc", Family::Malloc},
    {"readdir", Family::Library},
    {"realloc", Family::Malloc},
    {"reallocarray", Family::Malloc},
    {"strdup", Family::Malloc},
    {"strerror", Family::Library},
    {"strndup", Family::Malloc},
    {"tmpfile", Family::Stream},
    {"valloc", Family::Malloc},
    {"vasprintf", Family::Malloc},
}};

constexpr std::array<ReleaseFunction, 9> kReleases{{
    {"closedir", Family::Directory, ReleaseTarget::Block, 0},
    {"fclose", Family::Stream, ReleaseTarget::Block, 0},
    {"free", Family::Malloc, ReleaseTarget::Block, 0},
    {"freeaddrinfo", Family::AddrInfo, ReleaseTarget::Block, 0},
    {"globfree", std::nullopt, ReleaseTarget::Contents, 0},
    {"pclose", Family::Pipe, ReleaseTarget::Block, 0},
    {"realloc", Family::Malloc, ReleaseTarget::Block, 0},
    {"reallocarray", Family::Malloc, ReleaseTarget::Block, 0},
    {"regfree", std::nullopt, ReleaseTarget::Contents, 0},
}};

std::string_view without_builtin(std::string_view name) {
    constexpr std::string_view kBuiltin = "__builtin_";
    if (name.starts_with(kBuiltin)) name.remove_prefix(kBuiltin.size());
    return name;
}

}  // namespace

const char* memory_family_name(MemoryFamily family) {
    switch (family) {
        case Family::Malloc:
            return "malloc";
        case Family::Stream:
            return "stream";
        case Family::Pipe:
            return "pipe";
        case Family::Directory:
            return "directory";
        case Family::AddrInfo:
            return "addrinfo";
        case Family::Stack:
            return "stack";
        case Family::Library:
            return "library";
    }
    return "?";
}

const char* family_release_hint(MemoryFamily family) {
    switch (family) {
        case Family::Malloc:
            return "free";
        case Family::Stream:
            return "fclose";
        case Family::Pipe:
            return "pclose";
        case Family::Directory:
            return "closedir";
        case Family::AddrInfo:
            return "freeaddrinfo";
        case Family::Stack:
        case Family::Library:
            return "";
    }
    return "";
}

std::optional<MemoryFamily> allocator_family(std::string_view name) {
    name = without_builtin(name);
    const auto it =
        std::lower_bound(kAllocators.begin(), kAllocators.end(), name,
                         [](const auto& entry, std::string_view key) { return entry.first < key; });
    if (it == kAllocators.end() || it->first != name) return std::nullopt;
    return it->second;
}

const ReleaseFunction* find_release_function(std::string_view name) {
    name = without_builtin(name);
    const auto it =
        std::lower_bound(kReleases.begin(), kReleases.end(), name,
                         [](const ReleaseFunction& entry, std::string_view key) { return entry.name < key; });
    if (it == kReleases.end() || it->name != name) return nullptr;
    return &*it;
}

bool memory_tables_sorted() {
    return std::is_sorted(kAllocators.begin(), kAllocators.end(),
                          [](const auto& a, const auto& b) { return a.first < b.first; }) &&
           std::is_sorted(kReleases.begin(), kReleases.end(),
                          [](const ReleaseFunction& a, const ReleaseFunction& b) { return a.name < b.name; });
}

}  // namespace galias::facts
