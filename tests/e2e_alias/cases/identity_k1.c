// RUN: --context-k=1
// An identity function called twice: only context cloning keeps the two results apart.
#include "alias_assert.h"
static void *id(void *p) { return p; }
int main(void) {
    int x, y;
    void *a = id(&x);
    void *b = id(&y);
    NOALIAS(a, b);
    MAYALIAS(a, &x);
    MAYALIAS(b, &y);
    return 0;
}
