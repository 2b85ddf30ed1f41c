#include <string.h>
#include "alias_assert.h"
int main(void) {
    char buf[16], other[16];
    char *r = memmove(buf, buf + 1, 4);
    MAYALIAS(r, buf);
    MAYALIAS(buf, buf + 1);
    NOALIAS(r, other);
    return 0;
}
