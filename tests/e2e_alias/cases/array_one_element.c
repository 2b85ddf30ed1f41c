// An array is one abstract element: its slots may alias each other.
#include "alias_assert.h"
int main(void) {
    int x, y, z;
    int *slots[2];
    slots[0] = &x;
    slots[1] = &y;
    int *other[2];
    other[0] = &z;
    EXPECTEDFAIL_NOALIAS(slots[0], slots[1]);
    NOALIAS(slots[0], other[0]);
    NOALIAS(slots, other);
    MAYALIAS(&slots[0], &slots[1]);
    return 0;
}
