// Under --field-model=variables, two compound literals are two objects, fields and all.
// RUN: --field-model=variables
#include "alias_assert.h"
struct box { int *p; };
int main(void) {
    int x, y;
    struct box *b = &(struct box){&x};
    struct box *c = &(struct box){&y};
    MAYALIAS(b->p, &x);
    NOALIAS(b->p, c->p);
    NOALIAS(b, c);
    return 0;
}
