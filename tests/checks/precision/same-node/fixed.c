/* One node stands for the field `data` of every struct buf, but the stores into it tell
 * whose field holds what: dst->data and src->data of two different buffers hold two
 * different blocks. Never an error; here, nothing at all. */
#include <stdlib.h>
#include <string.h>
#include "alias_assert.h"

struct buf {
    char *data;
    size_t len;
};

void copy_buf(struct buf *dst, const struct buf *src) {
    memcpy(dst->data, src->data, src->len);
    NOALIAS(dst->data, src->data);
}

/* The same field of one object, reached through two pointers: it may well be one block. */
void copy_alias(struct buf *x, struct buf *y) {
    MAYALIAS(x->data, y->data);
}

int main(void) {
    struct buf a = {malloc(16), 16};
    struct buf b = {malloc(16), 16};
    copy_buf(&a, &b);
    copy_alias(&a, &a);
    return 0;
}
