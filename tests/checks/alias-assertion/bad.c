#include "alias_assert.h"

static int x;
static int y;

int main(void) {
    int *p = &x;
    int *q = p;
    int *r = &y;
    NOALIAS(p, q); /* expect: alias-assertion error */
    MAYALIAS(p, r); /* expect: alias-assertion error */
    MAYALIAS(p, q);
    NOALIAS(q, r);
    return 0;
}
