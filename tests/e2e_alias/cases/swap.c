#include "alias_assert.h"
static void swap(int **a, int **b) {
    int *t = *a;
    *a = *b;
    *b = t;
}
int main(void) {
    int x, y, z;
    int *p = &x, *q = &y, *r = &z;
    swap(&p, &q);
    MAYALIAS(p, &y);
    MAYALIAS(q, &x);
    NOALIAS(p, r);
    return 0;
}
