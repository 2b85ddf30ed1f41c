// A function pointer stored in a heap object and called later.
#include <stdlib.h>
#include "alias_assert.h"
struct handler { int *(*fn)(int *); };
static int *pass(int *p) { return p; }
int main(void) {
    int x, y;
    struct handler *h = malloc(sizeof *h);
    h->fn = pass;
    int *r = h->fn(&x);
    MAYALIAS(r, &x);
    NOALIAS(r, &y);
    return 0;
}
