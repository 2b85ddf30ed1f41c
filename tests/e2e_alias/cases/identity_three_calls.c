#include "alias_assert.h"
static int *pick(int *p) { return p; }
int main(void) {
    int x, y, z;
    int *a = pick(&x), *b = pick(&y), *c = pick(&z);
    NOALIAS(a, b);
    NOALIAS(b, c);
    NOALIAS(a, c);
    int *d = pick(a);
    MAYALIAS(d, &x);
    NOALIAS(d, &y);
    return 0;
}
