#include "alias_assert.h"
int main(void) {
    int x, y;
    int *p = &x, *q = &x, *r = &y;
    MAYALIAS(p, q);
    MUSTALIAS(p, &x);
    NOALIAS(p, r);
    NOALIAS(&x, &y);
    return 0;
}
