#include "alias_assert.h"
struct inner { int *p; int *q; };
struct outer { struct inner in; int *r; };
int main(void) {
    int x, y, z;
    struct outer o;
    o.in.p = &x;
    o.in.q = &y;
    o.r = &z;
    NOALIAS(o.in.p, o.in.q);
    NOALIAS(o.in.p, o.r);
    MAYALIAS(o.in.q, &y);
    return 0;
}
