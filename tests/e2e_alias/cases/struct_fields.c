#include "alias_assert.h"
struct pair { int *a; int *b; };
int main(void) {
    int x, y;
    struct pair s;
    s.a = &x;
    s.b = &y;
    NOALIAS(s.a, s.b);
    MAYALIAS(s.a, &x);
    return 0;
}
