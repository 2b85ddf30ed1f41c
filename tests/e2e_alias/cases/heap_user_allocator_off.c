// RUN: --context-k=0
// heap_user_allocator.c without --allocator: xalloc's body is analysed, one heap object.
#include <stdlib.h>
#include "alias_assert.h"
static void *xalloc(size_t n) { return malloc(n); }
int main(void) {
    char *a = xalloc(1);
    char *b = xalloc(2);
    EXPECTEDFAIL_NOALIAS(a, b);
    return 0;
}
