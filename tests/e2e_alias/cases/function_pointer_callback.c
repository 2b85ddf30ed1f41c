// A callback passed as an argument.
#include "alias_assert.h"
typedef int *(*transform)(int *);
static int *keep(int *p) { return p; }
static int *apply(transform f, int *arg) { return f(arg); }
int main(void) {
    int x, y;
    int *r = apply(keep, &x);
    MAYALIAS(r, &x);
    NOALIAS(r, &y);
    return 0;
}
