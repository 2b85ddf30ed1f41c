// RUN: --field-insensitive
#include "alias_assert.h"
struct pair { int *a; int *b; };
void keep(struct pair *p);
int main(void) {
    int x, y;
    struct pair s;
    s.a = &x;
    s.b = &y;
    // Read right after their stores, the fields are the values stored (forwarded), whatever
    // the field model.
    NOALIAS(s.a, s.b);
    keep(&s);
    // After a call that may write them, they are read from their nodes: one node for the
    // whole struct without fields.
    EXPECTEDFAIL_NOALIAS(s.a, s.b);
    MAYALIAS(s.b, &y);
    return 0;
}
