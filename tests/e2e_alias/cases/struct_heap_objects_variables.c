// Under --field-model=variables, the fields of two heap objects stay apart (object by
// object), though the fields of one are one node.
// RUN: --field-model=variables
#include <stdlib.h>
#include "alias_assert.h"
struct node { int *value; struct node *next; };
int main(void) {
    int x, y;
    struct node *n1 = malloc(sizeof *n1);
    struct node *n2 = malloc(sizeof *n2);
    n1->value = &x;
    n2->value = &y;
    n1->next = n2;
    NOALIAS(n1->value, n2->value);
    NOALIAS(n1, n2);
    MAYALIAS(n1->next, n2);
    return 0;
}
