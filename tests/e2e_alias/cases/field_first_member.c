// Reading a struct's first field through a pointer to the struct converted to a pointer to
// pointer: the object's node is not its first field's (docs/FACTS.md, "Soundness limits").
#include "alias_assert.h"
struct list { struct list *next; int *value; };
int main(void) {
    struct list a, b;
    struct list *pa = &a;
    pa->next = &b;
    void **raw = (void **)pa;
    MAYALIAS(pa->next, &b);
    EXPECTEDFAIL_MAYALIAS(*raw, &b);
    return 0;
}
