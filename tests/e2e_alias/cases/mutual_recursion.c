// Mutual recursion is one component: calls inside it share the caller's context, while the
// two calls from main still get their own.
#include "alias_assert.h"
static void *odd(void *p, int n);
static void *even(void *p, int n) { return n ? odd(p, n - 1) : p; }
static void *odd(void *p, int n) { return n ? even(p, n - 1) : p; }
int main(void) {
    int x, y;
    void *a = even(&x, 4);
    void *b = even(&y, 3);
    MAYALIAS(a, &x);
    NOALIAS(a, b);
    return 0;
}
