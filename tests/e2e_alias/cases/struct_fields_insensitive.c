// RUN: --field-insensitive
#include "alias_assert.h"
struct pair { int *a; int *b; };
int main(void) {
    int x, y;
    struct pair s;
    s.a = &x;
    s.b = &y;
    EXPECTEDFAIL_NOALIAS(s.a, s.b);
    MAYALIAS(s.b, &y);
    return 0;
}
