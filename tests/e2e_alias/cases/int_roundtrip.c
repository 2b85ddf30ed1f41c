// A pointer cast to an integer and back loses what it points to (reported as unmodelled):
// a documented unsoundness.
#include "alias_assert.h"
int main(void) {
    int x;
    long bits = (long)&x;
    int *back = (int *)bits;
    EXPECTEDFAIL_MAYALIAS(back, &x);
    return 0;
}
