#include "alias_assert.h"
struct header { int tag; };
int main(void) {
    int x, y;
    char *c = (char *)&x;
    void *v = c;
    struct header *h = (struct header *)v;
    MAYALIAS(h, &x);
    NOALIAS(c, &y);
    return 0;
}
