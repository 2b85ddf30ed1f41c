// Under the types field model one field of every object of a type is one node: the value
// fields of two heap nodes are not told apart (the cost of field-based analysis; the
// variables model keeps objects apart, struct_heap_objects_variables.c). The objects
// themselves stay apart.
#include <stdlib.h>
#include "alias_assert.h"
struct node { int *value; struct node *next; };
int main(void) {
    int x, y, z;
    struct node *n1 = malloc(sizeof *n1);
    struct node *n2 = malloc(sizeof *n2);
    n1->value = &x;
    n2->value = &y;
    n1->next = n2;
    EXPECTEDFAIL_NOALIAS(n1->value, n2->value);
    NOALIAS(n1->value, &z);
    NOALIAS(n1, n2);
    MAYALIAS(n1->next, n2);
    NOALIAS(n1->next, n1);
    return 0;
}
