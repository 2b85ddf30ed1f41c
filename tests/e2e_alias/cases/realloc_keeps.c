#include <stdlib.h>
#include "alias_assert.h"
int main(void) {
    int *p = malloc(4);
    int *q = realloc(p, 8);
    int *other = calloc(1, 4);
    MAYALIAS(q, p);
    NOALIAS(q, other);
    return 0;
}
