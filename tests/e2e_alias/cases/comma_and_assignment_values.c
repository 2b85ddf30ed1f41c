#include "alias_assert.h"
int main(void) {
    int x, y;
    int *p, *q, *r;
    r = (p = &x, &y);
    q = p = &x;
    MAYALIAS(r, &y);
    MAYALIAS(q, &x);
    NOALIAS(q, r);
    return 0;
}
