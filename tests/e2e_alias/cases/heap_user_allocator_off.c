// RUN: --context-k=0
// heap_user_allocator.c without --allocator, with an xalloc that is no allocation wrapper
// (it remembers its last result): its body is analysed, one heap object for every caller.
#include <stdlib.h>
#include "alias_assert.h"
static void *last;
static void *xalloc(size_t n) {
    last = malloc(n);
    return last;
}
int main(void) {
    char *a = xalloc(1);
    char *b = xalloc(2);
    EXPECTEDFAIL_NOALIAS(a, b);
    MAYALIAS(a, last);
    return 0;
}
