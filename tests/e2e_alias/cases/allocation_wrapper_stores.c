// RUN: --context-k=0
// Allocation wrappers are detected only where treating their calls like malloc's loses
// nothing: `remember` keeps the pointer in a global, `fill` writes into the object through
// a plain dereference (which the caller's own object would miss), so both stay functions
// whose body makes one object for all callers.
#include <stdlib.h>
#include "alias_assert.h"
static void *kept;
static void *remember(size_t n) {
    void *p = malloc(n);
    kept = p;
    return p;
}
static int **fill(int *value) {
    int **p = malloc(sizeof *p);
    *p = value;
    return p;
}
static struct cell { int *value; } *make(int *value) {
    struct cell *c = malloc(sizeof *c);
    c->value = value;  /* a field: fine under the types model, make is a wrapper */
    return c;
}
int main(void) {
    int x, y;
    void *a = remember(1);
    void *b = remember(1);
    int **p = fill(&x);
    int **q = fill(&y);
    struct cell *c = make(&x);
    struct cell *d = make(&y);
    MAYALIAS(kept, a);
    EXPECTEDFAIL_NOALIAS(a, b);
    MAYALIAS(*p, &x);
    EXPECTEDFAIL_NOALIAS(p, q);
    NOALIAS(c, d);
    MAYALIAS(c->value, &x);
    return 0;
}
