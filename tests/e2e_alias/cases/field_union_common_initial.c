// A tagged union of structs that share a header: a list linked through one member's `next`
// is walked through another member's (C's common initial sequence). Fields past the header
// are the member's own.
#include "alias_assert.h"
struct header { struct header *next; int tag; };
struct text { struct header *next; int tag; char *chars; };
struct number { struct header *next; int tag; double *value; };
union object { struct header h; struct text t; struct number n; };
int main(void) {
    char c;
    double d;
    union object a, b;
    union object *pa = &a, *pb = &b;
    pb->t.next = &pa->h;
    pb->t.chars = &c;
    pa->n.value = &d;
    MAYALIAS(pb->h.next, pa);
    MAYALIAS(pb->n.next, &a.h);
    MAYALIAS(pb->t.chars, &c);
    NOALIAS(pb->t.chars, pa->n.value);
    return 0;
}
