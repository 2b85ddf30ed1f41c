// RUN: --context-k=2
// A wrapper of a wrapper: k=2 separates the four call sites' objects.
#include <stdlib.h>
#include "alias_assert.h"
static void *xmalloc(size_t n) { return malloc(n); }
static int *new_int(void) { return xmalloc(sizeof(int)); }
int main(void) {
    int *a = new_int();
    int *b = new_int();
    char *c = xmalloc(1);
    NOALIAS(a, b);
    NOALIAS(a, c);
    return 0;
}
