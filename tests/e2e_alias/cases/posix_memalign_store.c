#include <stdlib.h>
#include "alias_assert.h"
int main(void) {
    void *p = 0, *q = 0;
    posix_memalign(&p, 64, 128);
    posix_memalign(&q, 64, 128);
    NOALIAS(p, q);
    MAYALIAS(p, p);
    return 0;
}
