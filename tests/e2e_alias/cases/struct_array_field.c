#include "alias_assert.h"
struct table { int *slots[4]; int *extra; };
int main(void) {
    int x, y, z;
    struct table t;
    t.slots[0] = &x;
    t.slots[3] = &y;
    t.extra = &z;
    MAYALIAS(t.slots[3], &y);
    EXPECTEDFAIL_NOALIAS(t.slots[1], &y);  /* slots[1] was never set: one abstract element */
    NOALIAS(t.slots[0], t.extra);
    return 0;
}
