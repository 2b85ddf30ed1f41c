#include "alias_assert.h"
int main(void) {
    int x, y;
    int *p = &x;
    int *q = p;
    int *r = q;
    int *s = &y;
    MAYALIAS(p, r);
    NOALIAS(r, s);
    return 0;
}
