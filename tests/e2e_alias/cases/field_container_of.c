// container_of: from a pointer to an embedded struct back to the enclosing one by
// subtracting the member's offset. Field-based, the enclosing struct's fields do not depend
// on the arithmetic.
#include <stddef.h>
#include "alias_assert.h"
struct link { struct link *next; };
struct item { int *value; struct link link; };
#define container_of(p, type, member) ((type *)((char *)(p) - offsetof(type, member)))
int main(void) {
    int x, y;
    struct item a, b;
    a.value = &x;
    b.value = &y;
    a.link.next = &b.link;
    struct item *second = container_of(a.link.next, struct item, link);
    struct item *first = container_of(&a.link, struct item, link);
    MAYALIAS(second->value, &y);
    MAYALIAS(first->value, &x);
    MAYALIAS(second, &b);
    MAYALIAS(&first->link, &a);
    return 0;
}
