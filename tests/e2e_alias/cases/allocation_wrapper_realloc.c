// RUN: --context-k=0
// A wrapper of realloc returns a fresh object or its argument, at each call site.
#include <stdlib.h>
#include "alias_assert.h"
static void *xrealloc(void *p, size_t n) {
    p = realloc(p, n);
    if (!p) abort();
    return p;
}
int main(void) {
    char *a = malloc(4);
    char *b = malloc(4);
    char *c = xrealloc(a, 8);
    char *d = xrealloc(b, 8);
    MAYALIAS(c, a);
    MAYALIAS(d, b);
    NOALIAS(c, d);
    NOALIAS(c, b);
    return 0;
}
