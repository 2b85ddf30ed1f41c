// RUN: --context-k=1
// The program of identity_k2_nested.c with k=1: id has one context (its one call site),
// so the results of the two wrap calls meet there.
#include "alias_assert.h"
static void *id(void *p) { return p; }
static void *wrap(void *p) { return id(p); }
int main(void) {
    int x, y;
    void *a = wrap(&x);
    void *b = wrap(&y);
    EXPECTEDFAIL_NOALIAS(a, b);
    MAYALIAS(b, &y);
    return 0;
}
