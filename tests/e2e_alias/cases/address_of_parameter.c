#include "alias_assert.h"
static int *addr(int *p) {
    int **pp = &p;
    return *pp;
}
int main(void) {
    int x, y;
    int *a = addr(&x);
    MAYALIAS(a, &x);
    NOALIAS(a, &y);
    return 0;
}
