#include <stdlib.h>
#include "alias_assert.h"
struct node { struct node *next; };
static struct node *build(int n) {
    if (n == 0) return 0;
    struct node *head = malloc(sizeof *head);
    head->next = build(n - 1);
    return head;
}
int main(void) {
    struct node *a = build(3);
    struct node *b = build(2);
    int unrelated;
    NOALIAS(a, a->next);  /* build is an allocation wrapper: a heap object per call site */
    NOALIAS(a, b);
    NOALIAS(a, &unrelated);
    return 0;
}
