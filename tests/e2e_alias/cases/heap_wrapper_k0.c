// RUN: --context-k=0
// Context-insensitive, an allocation wrapper still gives each call site its own object: it
// returns only what malloc returned and lets it go nowhere else (allocation_wrappers.hpp).
#include <stdlib.h>
#include "alias_assert.h"
static void *xmalloc(size_t n) { return malloc(n); }
int main(void) {
    char *a = xmalloc(8);
    char *b = xmalloc(8);
    NOALIAS(a, b);
    MAYALIAS(a, a + 1);
    return 0;
}
