#include "alias_assert.h"
int main(void) {
    int x, y, z;
    int *p = &x;
    int **pp = &p;
    *pp = &y;
    int *w = &z;
    MAYALIAS(p, &y);
    MAYALIAS(p, &x);
    NOALIAS(p, w);
    return 0;
}
