#include "alias_assert.h"
int main(void) {
    int x, y;
    int *p = &y, *other = &y;
    int **pp = &p;
    int ***ppp = &pp;
    **ppp = &x;
    MAYALIAS(p, &x);
    MAYALIAS(*pp, &x);
    NOALIAS(pp, &other);
    return 0;
}
