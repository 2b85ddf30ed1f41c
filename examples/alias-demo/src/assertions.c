#include "alias_assert.h"
#include "demo.h"

static int left;
static int right;

void assertions_demo(void) {
    int *p = &left;
    int *q = p;
    int *r = &right;
    MAYALIAS(p, q);                   /* holds */
    NOALIAS(p, r);                    /* holds */
    NOALIAS(p, q);                    /* alias-assertion: fails, both point to `left` */
}
