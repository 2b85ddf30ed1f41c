// RUN: --context-k=1
// Heap cloning: an allocation wrapper returns a distinct object per call site.
#include <stdlib.h>
#include "alias_assert.h"
static void *xmalloc(size_t n) {
    void *p = malloc(n);
    if (!p) abort();
    return p;
}
int main(void) {
    char *a = xmalloc(8);
    char *b = xmalloc(8);
    NOALIAS(a, b);
    MAYALIAS(a, a + 1);
    return 0;
}
