// Copy reduction (on by default) merges cycles of copies and single-source copies; the
// answers are those of the unreduced facts (copy_cycles_unreduced.c).
#include "alias_assert.h"
static int *pass(int *p) { return p; }
int main(int argc, char **argv) {
    int x, y, z;
    int *a = &x, *b = &y, *t;
    int **pa = &a;
    for (int i = 0; i < argc; ++i) {
        t = a;
        a = b;
        b = t;
    }
    int *c = pass(a);
    int *d = pass(c);
    *pa = d;
    int *e = *pa;
    int *f = &z;
    MAYALIAS(a, &x);
    MAYALIAS(b, &y);
    MAYALIAS(e, &y);
    MAYALIAS(d, c);
    NOALIAS(e, f);
    NOALIAS(d, &z);
    (void)argv;
    return 0;
}
