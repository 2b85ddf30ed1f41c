// RUN: --context-k=1
// k=1 clones a function only if its call sites pass different points-to sets by the
// context-insensitive pre-analysis (or it allocates): `second` gets a and b, which that
// analysis sees both pointing to x and y (it merges id's two calls), so `second` keeps one
// copy and c and d alias. clone_selection_all.c clones everything and tells them apart.
#include "alias_assert.h"
static int *id(int *p) { return p; }
static int *second(int *p) { return p; }
int main(void) {
    int x, y;
    int *a = id(&x);
    int *b = id(&y);
    int *c = second(a);
    int *d = second(b);
    NOALIAS(a, b);
    MAYALIAS(c, &x);
    EXPECTEDFAIL_NOALIAS(c, d);
    return 0;
}
