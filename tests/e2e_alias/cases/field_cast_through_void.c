// A struct read as another struct through a void pointer (no cast between the two types in
// sight) is not followed (docs/FACTS.md, "Soundness limits"); a direct cast is
// (field_cast_between_structs.c).
#include "alias_assert.h"
struct a { int *first; };
struct b { int *one; };
static void *erase(void *p) { return p; }
int main(void) {
    int x;
    struct a s;
    s.first = &x;
    struct b *pb = erase(&s);
    EXPECTEDFAIL_MAYALIAS(pb->one, &x);
    return 0;
}
