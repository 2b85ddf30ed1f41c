// RUN: --context-k=0 --allocator=xalloc
// Context-insensitive, xalloc's one malloc would be one object for every caller; naming it
// with --allocator gives each call site its own object.
#include <stdlib.h>
#include "alias_assert.h"
static void *xalloc(size_t n) { return malloc(n); }
int main(void) {
    char *a = xalloc(1);
    char *b = xalloc(2);
    NOALIAS(a, b);
    MAYALIAS(a, a);
    return 0;
}
