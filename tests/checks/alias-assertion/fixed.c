#include "alias_assert.h"

static int x;
static int y;

int main(void) {
    int *p = &x;
    int *q = p;
    int *r = &y;
    MAYALIAS(p, q);
    NOALIAS(p, r);
    NOALIAS(q, r);
    return 0;
}
