// String literals are one object by default (docs/FACTS.md, "String literals"): two
// pointers to different literals may alias; string_literals_distinct.c tells them apart.
#include "alias_assert.h"
int main(void) {
    int x;
    const char *a = "alpha";
    const char *b = "beta";
    const char *c = a;
    EXPECTEDFAIL_NOALIAS(a, b);
    MAYALIAS(c, a);
    NOALIAS(a, &x);
    return 0;
}
