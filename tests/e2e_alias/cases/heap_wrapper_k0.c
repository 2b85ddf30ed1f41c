// RUN: --context-k=0
// heap_wrapper_k1.c without contexts: one heap object for all calls.
#include <stdlib.h>
#include "alias_assert.h"
static void *xmalloc(size_t n) { return malloc(n); }
int main(void) {
    char *a = xmalloc(8);
    char *b = xmalloc(8);
    EXPECTEDFAIL_NOALIAS(a, b);
    return 0;
}
