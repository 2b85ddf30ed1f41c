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

/* The new block is stored into an element at a run-time index, and the source is read from
 * an element afterwards: it may be the block. Only the allocation site relates the two (the
 * site stands for every block allocated there), so galias reports a note. */
struct entry {
    char *name;
};
void rename_all(struct entry *entries, int n, int j) {
    char *fresh = malloc(16);
    if (fresh == NULL) return;
    entries[j].name = fresh;
    for (int i = 0; i < n; i++) {
        const char *name = entries[i].name;
        memcpy(fresh, name, 16); /* expect: overlapping-copy note */
    }
}

int main(void) {
    static char old[16];
    struct entry entries[2] = {{old}, {old}};
    rename_all(entries, 2, 1);
    struct node *slot = NULL;
    free(publish(&slot));
    return 0;
}
