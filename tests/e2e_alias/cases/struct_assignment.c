#include "alias_assert.h"
struct rec { int *a; int n; int *b; };
int main(void) {
    int x, y;
    struct rec s1, s2;
    s1.a = &x;
    s1.b = &y;
    s2 = s1;
    MAYALIAS(s2.a, &x);
    MAYALIAS(s2.b, s1.b);
    NOALIAS(s2.a, s2.b);
    return 0;
}
