// RUN: --context-k=2
// Two levels of wrappers need call strings of length 2.
#include "alias_assert.h"
static void *id(void *p) { return p; }
static void *wrap(void *p) { return id(p); }
int main(void) {
    int x, y;
    void *a = wrap(&x);
    void *b = wrap(&y);
    NOALIAS(a, b);
    MAYALIAS(a, &x);
    return 0;
}
