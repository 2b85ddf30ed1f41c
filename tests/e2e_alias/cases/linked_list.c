#include <stdlib.h>
#include "alias_assert.h"
struct node { struct node *next; int *item; };
static struct node *push(struct node *head, int *item) {
    struct node *n = malloc(sizeof *n);
    n->next = head;
    n->item = item;
    return n;
}
int main(void) {
    int a, b, c;
    struct node *list = push(push(0, &a), &b);
    int *found = 0;
    for (struct node *n = list; n; n = n->next) found = n->item;
    MAYALIAS(found, &a);
    MAYALIAS(found, &b);
    NOALIAS(found, &c);
    return 0;
}
