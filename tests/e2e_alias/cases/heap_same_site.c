// One allocation site is one abstract object: two iterations' blocks may alias.
#include <stdlib.h>
#include "alias_assert.h"
int main(void) {
    int *first = 0, *last = 0;
    for (int i = 0; i < 2; ++i) {
        int *p = malloc(sizeof(int));
        if (i == 0) first = p;
        last = p;
    }
    EXPECTEDFAIL_NOALIAS(first, last);
    return 0;
}
