/* Memory from an allocator reached through a function pointer (a library's allocation hook)
 * is fresh memory of each call, like malloc's. */
#include <stdlib.h>
#include <string.h>
#include "alias_assert.h"

struct allocator {
    void *(*alloc)(void *opaque, size_t n);
    void *opaque;
};

static void *default_alloc(void *opaque, size_t n) {
    (void)opaque;
    return malloc(n);
}

static struct allocator hooks = {default_alloc, NULL};

/* The library's own allocation function calls the hook. */
static void *lib_malloc(size_t n) {
    return hooks.alloc(hooks.opaque, n);
}

static char *dup_bytes(const char *src, size_t n) {
    char *d = lib_malloc(n);
    if (d != NULL) memcpy(d, src, n);
    return d;
}

/* A realloc-like hook, called with no block: each call allocates (Lua's lua_Alloc). A library
 * hook nothing in the program sets, beside malloc (zstd's custom allocator). */
typedef void *(*realloc_fn)(void *ud, void *block, size_t old_size, size_t new_size);
static void *std_realloc(void *ud, void *block, size_t old_size, size_t new_size) {
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(block);
        return NULL;
    }
    return realloc(block, new_size);
}
struct state {
    realloc_fn frealloc;
    void *ud;
    void *(*custom_alloc)(void *opaque, size_t n);
};
static struct state global = {std_realloc, NULL, NULL};

static void *state_malloc(size_t n) {
    return global.frealloc(global.ud, NULL, 0, n);
}

static void *custom_malloc(size_t n) {
    if (global.custom_alloc != NULL) return global.custom_alloc(global.ud, n);
    return malloc(n);
}

static char *copy_with(const char *src, size_t n, int custom) {
    char *d = custom ? custom_malloc(n) : state_malloc(n);
    if (d != NULL) memcpy(d, src, n);
    return d;
}

int main(void) {
    char *x = copy_with("xyz", 4, 0);
    char *y = copy_with(x, 4, 1);
    NOALIAS(x, y);
    char *a = dup_bytes("abc", 4);
    char *b = dup_bytes(a, 4);
    NOALIAS(a, b);
    free(a);
    free(b);
    return 0;
}
