#include "alias_assert.h"
struct pair { int *a; int *b; };
static struct pair make(int *a, int *b) {
    struct pair s;
    s.a = a;
    s.b = b;
    return s;
}
int main(void) {
    int x, y;
    struct pair r = make(&x, &y);
    MAYALIAS(r.a, &x);
    NOALIAS(r.a, r.b);
    return 0;
}
