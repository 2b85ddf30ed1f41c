#include "alias_assert.h"
int a, b, c;
static int *get_a(void) { return &a; }
static int *get_b(void) { return &b; }
int main(int argc, char **argv) {
    int *(*fp)(void) = argc > 1 ? get_a : get_b;
    int *r = fp();
    MAYALIAS(r, &a);
    MAYALIAS(r, &b);
    NOALIAS(r, &c);
    return 0;
}
