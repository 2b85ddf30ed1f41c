/* A block an allocator returns at this call cannot overlap anything that existed before
 * it: the copy's source is an older object of the same allocation site. */
#include <stdlib.h>
#include <string.h>
#include "alias_assert.h"

struct node {
    struct node *next;
    int value;
};

/* The source came before the allocation: a parameter, reached through recursion. */
struct node *copy_list(const struct node *src) {
    if (src == NULL) return NULL;
    struct node *d = malloc(sizeof *d);
    if (d == NULL) return NULL;
    memcpy(d, src, sizeof *d);
    NOALIAS(d, (void *)src);
    d->next = copy_list(src->next);
    return d;
}

/* The source is loaded after the allocation, but the block went nowhere before the copy. */
struct holder {
    struct node *item;
};
struct node *detach(struct holder *h) {
    struct node *d = malloc(sizeof *d);
    if (d == NULL) return NULL;
    memcpy(d, h->item, sizeof *d);
    return d;
}

int main(void) {
    struct node a = {NULL, 1};
    struct node *c = copy_list(&a);
    struct holder h = {c};
    free(detach(&h));
    return 0;
}
