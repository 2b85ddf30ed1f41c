#include "alias_assert.h"
#define FIRST(a, b) ({ __typeof__(a) _t = (a); (void)(b); _t; })
int main(void) {
    int x, y;
    int *p = FIRST(&x, &y);
    MAYALIAS(p, &x);
    NOALIAS(p, &y);
    return 0;
}
