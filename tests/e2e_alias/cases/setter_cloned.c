// A setter writing through its argument is cloned per call site too.
#include "alias_assert.h"
static void set(int **slot, int *value) { *slot = value; }
int main(void) {
    int x, y;
    int *p, *q;
    set(&p, &x);
    set(&q, &y);
    NOALIAS(p, q);
    MAYALIAS(p, &x);
    return 0;
}
