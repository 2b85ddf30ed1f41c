#include "alias_assert.h"
int main(void) {
    int x, y;
    int *p = &x;
    int **pp = &p;
    int *q = *pp;
    int *r = &y;
    MAYALIAS(q, &x);
    NOALIAS(q, r);
    return 0;
}
