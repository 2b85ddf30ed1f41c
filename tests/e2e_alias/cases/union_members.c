#include "alias_assert.h"
union either { int *i; char *c; };
int main(void) {
    int x;
    char other;
    union either u;
    u.i = &x;
    MAYALIAS(u.c, &x);
    NOALIAS(u.c, &other);
    return 0;
}
