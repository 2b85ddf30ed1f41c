// RUN: --context-k=0
// The same program as identity_k1.c, context-insensitive: the two calls merge in id.
#include "alias_assert.h"
static void *id(void *p) { return p; }
int main(void) {
    int x, y;
    void *a = id(&x);
    void *b = id(&y);
    EXPECTEDFAIL_NOALIAS(a, b);
    MAYALIAS(a, &x);
    MAYALIAS(b, &y);
    return 0;
}
