// A pointer cast between two struct types: fields at the same offsets (of the same kind)
// are one location, whichever type reads them.
#include "alias_assert.h"
struct a { int *first; int *second; };
struct b { int *one; int *two; int *three; };
int main(void) {
    int x, y;
    struct a s;
    struct a *pa = &s;
    pa->second = &x;
    struct b *pb = (struct b *)pa;
    pb->one = &y;
    MAYALIAS(pb->two, &x);
    MAYALIAS(pa->first, &y);
    NOALIAS(pb->two, &y);
    return 0;
}
