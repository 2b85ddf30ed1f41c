#include "alias_assert.h"
int main(int argc, char **argv) {
    int x, y, z;
    int *p = argc > 1 ? &x : &y;
    MAYALIAS(p, &x);
    MAYALIAS(p, &y);
    NOALIAS(p, &z);
    int *q = argc ? p : 0;
    MAYALIAS(q, &x);
    return 0;
}
