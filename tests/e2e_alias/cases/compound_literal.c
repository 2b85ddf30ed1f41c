// A compound literal is an object of its own; its fields (its address is taken) are the
// fields of its type, shared with every other box.
#include "alias_assert.h"
struct box { int *p; };
int main(void) {
    int x, y, z;
    struct box *b = &(struct box){&x};
    struct box *c = &(struct box){&y};
    MAYALIAS(b->p, &x);
    EXPECTEDFAIL_NOALIAS(b->p, c->p);
    NOALIAS(b->p, &z);
    NOALIAS(b, c);
    return 0;
}
