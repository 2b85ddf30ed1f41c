#include "alias_assert.h"
int main(void) {
    int x;
    int *p = &x;
    int *n1 = 0, *n2 = (int *)0;
    MUSTALIAS(p, p);
    NOALIAS(n1, n2);
    NOALIAS(p, n1);
    NOALIAS(0, 0);
    return 0;
}
