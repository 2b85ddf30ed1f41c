#pragma once
// What calls to C library functions (which have no body in the program) do to pointers.
// A function that has no body and no model is reported as unmodelled at each call site; its
// pointer result is modelled as one unknown object per function.

#include <string>
#include <string_view>

namespace galias::frontend {

enum class ModelKind {
    NoEffect,       // printf, free, strlen, ...: moves no pointer
    Allocate,       // malloc, calloc, strdup, ...: returns a fresh heap object per call site
    Reallocate,     // realloc: a fresh heap object, or argument 0 itself
    StoreAllocate,  // posix_memalign(&p, ...): stores a fresh heap object into *argument
    CopyPointees,   // memcpy(d, s, n), strcpy, ...: *d = *s; returns d
    ReturnArg,      // strchr(s, c), fgets(buf, ...): returns (a pointer into) argument `arg`
    ReturnStatic,   // getenv, strerror, localtime: returns a library-owned object
};

struct LibraryModel {
    ModelKind kind = ModelKind::NoEffect;
    unsigned arg = 0;  // ReturnArg, StoreAllocate: which argument; CopyPointees: the destination
    unsigned src = 1;  // CopyPointees: the source argument
};

// `name` without a `__builtin_` prefix: `__builtin_alloca` is the C library's `alloca`.
std::string without_builtin_prefix(std::string_view name);

// The model for `name` (a `__builtin_` prefix is ignored), or nullptr.
const LibraryModel* find_library_model(std::string_view name);

// The model table is sorted by name (for the test).
bool library_models_sorted();

}  // namespace galias::frontend
