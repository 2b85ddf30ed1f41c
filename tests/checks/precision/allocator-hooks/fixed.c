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

int main(void) {
    char *a = dup_bytes("abc", 4);
    char *b = dup_bytes(a, 4);
    NOALIAS(a, b);
    free(a);
    free(b);
    return 0;
}
