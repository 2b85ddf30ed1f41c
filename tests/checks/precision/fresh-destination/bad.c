/* The new block is stored where the source is read back from before the copy: the source is
 * the block itself. */
#include <stdlib.h>
#include <string.h>

struct node {
    struct node *next;
    int value;
};

struct node *publish(struct node **slot) {
    struct node *d = malloc(sizeof *d);
    if (d == NULL) return NULL;
    *slot = d;
    struct node *s = *slot;
    memcpy(d, s, sizeof *d); /* expect: overlapping-copy error */
    return d;
}

int main(void) {
    struct node *slot = NULL;
    free(publish(&slot));
    return 0;
}
