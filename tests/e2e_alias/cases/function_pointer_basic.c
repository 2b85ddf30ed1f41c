#include "alias_assert.h"
static int *same(int *p) { return p; }
int main(void) {
    int x, y;
    int *(*fp)(int *) = same;
    int *r = fp(&x);
    MAYALIAS(r, &x);
    NOALIAS(r, &y);
    return 0;
}
