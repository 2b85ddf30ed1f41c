// A function-static variable is shared by all calls: what one call stores, another returns.
#include "alias_assert.h"
static int *remember(int *p) {
    static int *last;
    int *previous = last;
    last = p;
    return previous;
}
int main(void) {
    int x, y;
    remember(&x);
    int *r = remember(&y);
    MAYALIAS(r, &x);
    return 0;
}
