#include "alias_assert.h"
static void *first(void *p, void *q) { return p; }
int main(void) {
    int x, y;
    void *(*fp)(void *, void *) = &first;
    void *r = (*fp)(&x, &y);
    MAYALIAS(r, &x);
    NOALIAS(r, &y);
    return 0;
}
