#include "alias_assert.h"
struct pair { int *a; int *b; };
static int *second(struct pair s) { return s.b; }
int main(void) {
    int x, y;
    struct pair v = {&x, &y};
    int *r = second(v);
    MAYALIAS(r, &y);
    NOALIAS(r, &x);
    return 0;
}
