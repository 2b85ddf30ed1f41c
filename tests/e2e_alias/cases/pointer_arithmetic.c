#include "alias_assert.h"
int main(void) {
    char buf[16], other[16];
    char *p = buf;
    char *q = p + 4;
    char *r = q - 2;
    p++;
    MAYALIAS(p, q);
    MAYALIAS(r, buf);
    NOALIAS(q, other);
    return 0;
}
