// RUN: --context-k=1 --clone-all
// clone_selection_loss.c with every function cloned: c and d are told apart.
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
    NOALIAS(c, d);
    return 0;
}
