// Fields reached through a pointer are the fields of the struct type: p->a and p->b are
// told apart, and s.a (s escapes through p) is p->a.
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
    NOALIAS(p->a, p->b);
    NOALIAS(p->a, &z);
    return 0;
}
