#include "frontend/library_models.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace galias::frontend {

namespace {

using Entry = std::pair<std::string_view, LibraryModel>;

constexpr LibraryModel kNoEffect{ModelKind::NoEffect};
constexpr LibraryModel kAllocate{ModelKind::Allocate};
constexpr LibraryModel kStatic{ModelKind::ReturnStatic};
constexpr LibraryModel returns_arg(unsigned arg) {
    return {ModelKind::ReturnArg, arg};
}
constexpr LibraryModel copies(unsigned dst, unsigned src) {
    return {ModelKind::CopyPointees, dst, src};
}

// Sorted by name (checked by a test), searched by binary search.
constexpr std::array kModels = {
    // _FORTIFY_SOURCE turns these into __builtin___X_chk calls.
    Entry{"__fprintf_chk", kNoEffect},
    Entry{"__memcpy_chk", copies(0, 1)},
    Entry{"__memmove_chk", copies(0, 1)},
    Entry{"__memset_chk", returns_arg(0)},
    Entry{"__printf_chk", kNoEffect},
    Entry{"__snprintf_chk", kNoEffect},
    Entry{"__sprintf_chk", kNoEffect},
    Entry{"__stpcpy_chk", copies(0, 1)},
    Entry{"__strcat_chk", copies(0, 1)},
    Entry{"__strcpy_chk", copies(0, 1)},
    Entry{"__strncat_chk", copies(0, 1)},
    Entry{"__strncpy_chk", copies(0, 1)},
    Entry{"__vfprintf_chk", kNoEffect},
    Entry{"__vsnprintf_chk", kNoEffect},
    Entry{"__vsprintf_chk", kNoEffect},
    Entry{"abort", kNoEffect},
    Entry{"abs", kNoEffect},
    Entry{"aligned_alloc", kAllocate},
    Entry{"alloca", kAllocate},
    Entry{"alloca_with_align", kAllocate},
    Entry{"asctime", kStatic},
    Entry{"asprintf", {ModelKind::StoreAllocate, 0}},
    Entry{"assert", kNoEffect},
    Entry{"atexit", kNoEffect},
    Entry{"atof", kNoEffect},
    Entry{"atoi", kNoEffect},
    Entry{"atol", kNoEffect},
    Entry{"atoll", kNoEffect},
    Entry{"bcopy", copies(1, 0)},
    Entry{"bzero", kNoEffect},
    Entry{"calloc", kAllocate},
    Entry{"canonicalize_file_name", kAllocate},
    Entry{"clock", kNoEffect},
    Entry{"close", kNoEffect},
    Entry{"closedir", kNoEffect},
    Entry{"ctime", kStatic},
    Entry{"dirname", returns_arg(0)},
    Entry{"exit", kNoEffect},
    Entry{"explicit_bzero", kNoEffect},
    Entry{"fclose", kNoEffect},
    Entry{"fdopen", kAllocate},
    Entry{"fdopendir", kAllocate},
    Entry{"feof", kNoEffect},
    Entry{"ferror", kNoEffect},
    Entry{"fflush", kNoEffect},
    Entry{"fgetc", kNoEffect},
    Entry{"fgets", returns_arg(0)},
    Entry{"fileno", kNoEffect},
    Entry{"fmemopen", kAllocate},
    Entry{"fopen", kAllocate},
    Entry{"fprintf", kNoEffect},
    Entry{"fputc", kNoEffect},
    Entry{"fputs", kNoEffect},
    Entry{"fread", kNoEffect},
    Entry{"free", kNoEffect},
    Entry{"freeaddrinfo", kNoEffect},
    Entry{"freopen", returns_arg(2)},
    Entry{"fscanf", kNoEffect},
    Entry{"fseek", kNoEffect},
    Entry{"ftell", kNoEffect},
    Entry{"fwrite", kNoEffect},
    Entry{"get_current_dir_name", kAllocate},
    Entry{"getaddrinfo", {ModelKind::StoreAllocate, 3}},
    Entry{"getc", kNoEffect},
    Entry{"getchar", kNoEffect},
    Entry{"getenv", kStatic},
    Entry{"globfree", kNoEffect},
    Entry{"gmtime", kStatic},
    Entry{"isalnum", kNoEffect},
    Entry{"isalpha", kNoEffect},
    Entry{"isdigit", kNoEffect},
    Entry{"islower", kNoEffect},
    Entry{"isspace", kNoEffect},
    Entry{"isupper", kNoEffect},
    Entry{"isxdigit", kNoEffect},
    Entry{"labs", kNoEffect},
    Entry{"localtime", kStatic},
    Entry{"longjmp", kNoEffect},
    Entry{"malloc", kAllocate},
    Entry{"malloc_usable_size", kNoEffect},
    Entry{"memalign", kAllocate},
    Entry{"memchr", returns_arg(0)},
    Entry{"memcmp", kNoEffect},
    Entry{"memcpy", copies(0, 1)},
    Entry{"memmove", copies(0, 1)},
    Entry{"mempcpy", copies(0, 1)},
    Entry{"memrchr", returns_arg(0)},
    Entry{"memset", returns_arg(0)},
    Entry{"open", kNoEffect},
    Entry{"open_memstream", kAllocate},
    Entry{"opendir", kAllocate},
    Entry{"pclose", kNoEffect},
    Entry{"perror", kNoEffect},
    Entry{"popen", kAllocate},
    Entry{"posix_memalign", {ModelKind::StoreAllocate, 0}},
    Entry{"printf", kNoEffect},
    Entry{"putc", kNoEffect},
    Entry{"putchar", kNoEffect},
    Entry{"puts", kNoEffect},
    Entry{"pvalloc", kAllocate},
    Entry{"qsort", kNoEffect},
    Entry{"rand", kNoEffect},
    Entry{"read", kNoEffect},
    Entry{"readdir", kStatic},
    Entry{"realloc", {ModelKind::Reallocate, 0}},
    Entry{"reallocarray", {ModelKind::Reallocate, 0}},
    Entry{"regfree", kNoEffect},
    Entry{"rindex", returns_arg(0)},
    Entry{"setjmp", kNoEffect},
    Entry{"snprintf", kNoEffect},
    Entry{"sprintf", kNoEffect},
    Entry{"srand", kNoEffect},
    Entry{"sscanf", kNoEffect},
    Entry{"stpcpy", copies(0, 1)},
    Entry{"stpncpy", copies(0, 1)},
    Entry{"strcasecmp", kNoEffect},
    Entry{"strcat", copies(0, 1)},
    Entry{"strchr", returns_arg(0)},
    Entry{"strcmp", kNoEffect},
    Entry{"strcoll", kNoEffect},
    Entry{"strcpy", copies(0, 1)},
    Entry{"strcspn", kNoEffect},
    Entry{"strdup", kAllocate},
    Entry{"strerror", kStatic},
    Entry{"strftime", kNoEffect},
    Entry{"strlcat", kNoEffect},
    Entry{"strlcpy", kNoEffect},
    Entry{"strlen", kNoEffect},
    Entry{"strncasecmp", kNoEffect},
    Entry{"strncat", copies(0, 1)},
    Entry{"strncmp", kNoEffect},
    Entry{"strncpy", copies(0, 1)},
    Entry{"strndup", kAllocate},
    Entry{"strnlen", kNoEffect},
    Entry{"strpbrk", returns_arg(0)},
    Entry{"strrchr", returns_arg(0)},
    Entry{"strsep", kNoEffect},
    Entry{"strspn", kNoEffect},
    Entry{"strstr", returns_arg(0)},
    Entry{"strtod", kNoEffect},
    Entry{"strtok", returns_arg(0)},
    Entry{"strtok_r", returns_arg(0)},
    Entry{"strtol", kNoEffect},
    Entry{"strtoul", kNoEffect},
    Entry{"time", kNoEffect},
    Entry{"tmpfile", kAllocate},
    Entry{"tolower", kNoEffect},
    Entry{"toupper", kNoEffect},
    Entry{"valloc", kAllocate},
    Entry{"vasprintf", {ModelKind::StoreAllocate, 0}},
    Entry{"vfprintf", kNoEffect},
    Entry{"vprintf", kNoEffect},
    Entry{"vsnprintf", kNoEffect},
    Entry{"vsprintf", kNoEffect},
    Entry{"wcslen", kNoEffect},
    Entry{"write", kNoEffect},
};

}  // namespace

std::string without_builtin_prefix(std::string_view name) {
    constexpr std::string_view kBuiltin = "__builtin_";
    if (name.starts_with(kBuiltin)) name.remove_prefix(kBuiltin.size());
    return std::string(name);
}

const LibraryModel* find_library_model(std::string_view name) {
    constexpr std::string_view kBuiltin = "__builtin_";
    if (name.substr(0, kBuiltin.size()) == kBuiltin) name.remove_prefix(kBuiltin.size());
    auto it = std::lower_bound(kModels.begin(), kModels.end(), name,
                               [](const Entry& entry, std::string_view key) { return entry.first < key; });
    if (it == kModels.end() || it->first != name) return nullptr;
    return &it->second;
}

bool library_models_sorted() {
    return std::is_sorted(kModels.begin(), kModels.end(),
                          [](const Entry& a, const Entry& b) { return a.first < b.first; });
}

}  // namespace galias::frontend
