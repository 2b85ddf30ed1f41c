#pragma once
// What the checks know about C library functions: which parameters are restrict-qualified
// (C11 7.24, 7.21) and which functions copy from a source into a destination that must not
// overlap it (CWE-475).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace galias::reports {

// How a copy function's length bounds what it touches: the bytes it writes through its
// destination and reads through its source, given its length argument n.
enum class CopyShape : std::uint8_t {
    None,         // not a copy
    Bytes,        // memcpy(d, s, n): n bytes each
    WideChars,    // wmemcpy(d, s, n): n wide characters each
    String,       // strcpy(d, s): a string, at least its terminator, each
    WideString,   // wcscpy(d, s)
    StringN,      // strncpy(d, s, n): n bytes written, at most n read (at least one if n > 0)
    WideStringN,  // wcsncpy
    Append,       // strcat(d, s): at least one byte of each, no bound
    AppendN,      // strncat(d, s, n): the source read up to n bytes
    WideAppend,   // wcscat
    WideAppendN,  // wcsncat
    UpToN,        // memccpy(d, s, c, n): at most n bytes each, at least one if n > 0
    Transform,    // strxfrm(d, s, n): at most n bytes written, a string read
};

struct LibraryFunction {
    std::string_view name;
    // The restrict-qualified parameters the function accesses (0-based): pthread_create's
    // `arg` is restrict-qualified but never dereferenced by it, dlsym's handle is opaque.
    std::vector<unsigned> restrict_params;
    bool is_copy = false;  // copies argument 1 (source) into argument 0 (destination)
    CopyShape shape = CopyShape::None;
    int length_arg = -1;  // the argument holding n, for the shapes that have one
    // Of those, the ones the function only reads through (a format, a path): two of them
    // may share memory without breaking restrict's rule (C11 6.7.3.1 needs a write).
    std::vector<unsigned> read_only = {};
    // Pointer arguments the function never dereferences (pthread_create's arg, handed to the
    // new thread): they share memory with nothing the function accesses.
    std::vector<unsigned> unaccessed = {};
};

// The function's name with fortification wrappers removed:
// "__builtin___memcpy_chk" -> "memcpy", "__builtin_strcpy" -> "strcpy", "__strcpy_chk" -> "strcpy".
std::string normalize_callee(std::string_view callee);

// Known library function by (normalized) name, or null.
const LibraryFunction* find_library_function(std::string_view normalized_name);

std::span<const LibraryFunction> library_functions();

}  // namespace galias::reports
