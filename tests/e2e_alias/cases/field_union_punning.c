// Reading a union member's bytes as another member beyond their common initial sequence is
// not followed by the types field model (docs/FACTS.md, "Soundness limits"): here `second`
// is written and read back as `other` at the same offset, after fields of different kinds.
#include "alias_assert.h"
struct pointers { int *first; int *second; };
struct tagged { long tag; int *other; };
union view { struct pointers p; struct tagged t; };
int main(void) {
    int x;
    union view v;
    union view *pv = &v;
    pv->p.second = &x;
    MAYALIAS(pv->p.second, &x);
    EXPECTEDFAIL_MAYALIAS(pv->t.other, &x);
    return 0;
}
