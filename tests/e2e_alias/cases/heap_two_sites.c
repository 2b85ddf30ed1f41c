#include <stdlib.h>
#include "alias_assert.h"
int main(void) {
    int *a = malloc(sizeof(int));
    int *b = malloc(sizeof(int));
    int *c = a;
    NOALIAS(a, b);
    MAYALIAS(a, c);
    return 0;
}
