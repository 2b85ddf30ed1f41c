// Under --field-model=variables, fields reached through a pointer are not told apart: p->a
// and p->b share *p.
// RUN: --field-model=variables
#include "alias_assert.h"
struct pair { int *a; int *b; };
int main(void) {
    int x, y, z;
    struct pair s;
    struct pair *p = &s;
    p->a = &x;
    p->b = &y;
    MAYALIAS(s.a, &x);
    MAYALIAS(p->b, &y);
    EXPECTEDFAIL_NOALIAS(p->a, p->b);
    NOALIAS(p->a, &z);
    return 0;
}
