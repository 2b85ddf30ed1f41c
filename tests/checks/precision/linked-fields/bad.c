/* A buffer and a cursor of one object: the cursor is set from the buffer, so copying from
 * the cursor into the buffer may overlap, although the buffer's node stands for every block
 * of its allocation site. A warning, not a note. */
#include <stdlib.h>
#include <string.h>

struct reader {
    char *cursor;    /* the bytes not consumed yet */
    char *coalesce;  /* where they are moved before the next read */
    size_t loaded;
};

void refill(struct reader *r) {
    if (r->loaded > 0) {
        memcpy(r->coalesce, r->cursor, r->loaded); /* expect: overlapping-copy warning */
        r->cursor = r->coalesce;
    }
}

int main(void) {
    struct reader *r = malloc(sizeof *r);
    if (r == NULL) return 1;
    r->coalesce = malloc(64);
    r->cursor = malloc(64);
    r->loaded = 8;
    refill(r);
    refill(r);
    return 0;
}
