#pragma once
// The C library's functions that hand out memory and take it back, by family: which
// release function takes back what which allocator hands out (C11 7.22.3, POSIX). The
// frontend uses it to know which calls release a block (their arguments' addresses are
// recorded, docs/FACTS.md "Argument addresses"); the memory checks use it to tell a
// release of the wrong family (`free` of a `FILE *`) and memory no release function may
// take back (`alloca`, what `getenv` returns).

#include <cstdint>
#include <optional>
#include <string_view>

namespace galias::facts {

enum class MemoryFamily : std::uint8_t {
    Malloc,     // malloc, calloc, realloc, strdup, ...: released by free or realloc
    Stream,     // fopen, fdopen, tmpfile, ...: released by fclose
    Pipe,       // popen: released by pclose
    Directory,  // opendir, fdopendir: released by closedir
    AddrInfo,   // getaddrinfo's list: released by freeaddrinfo
    Stack,      // alloca: the caller's frame, released when it returns
    Library,    // getenv, strerror, localtime, ...: the C library's own storage, never released
};

// "malloc", "stream", ... (for messages and tests).
const char* memory_family_name(MemoryFamily family);
// The function that releases the family's memory, for messages: "free", "fclose", ...;
// "" for the families no function releases.
const char* family_release_hint(MemoryFamily family);

// What a release function takes back through its argument `arg`:
//   Block     the block the argument points to (free(p), fclose(f)): it must point to the
//             start of memory of the function's family;
//   Contents  what a structure the caller owns holds (globfree(&g), regfree(&re)): the
//             structure itself may live anywhere, on the stack too.
enum class ReleaseTarget : std::uint8_t { Block, Contents };

struct ReleaseFunction {
    std::string_view name;
    std::optional<MemoryFamily> family;  // none for Contents releases
    ReleaseTarget target = ReleaseTarget::Block;
    unsigned arg = 0;
};

// The C library's allocator `name` (a `__builtin_` prefix ignored) and its family, or nullopt.
std::optional<MemoryFamily> allocator_family(std::string_view name);
// The C library's release function `name` (a `__builtin_` prefix ignored), or nullptr.
const ReleaseFunction* find_release_function(std::string_view name);

// Both tables are sorted by name (for the tests).
bool memory_tables_sorted();

}  // namespace galias::facts
