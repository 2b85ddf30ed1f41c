/* One node stands for the field `data` of every struct buf: two such fields are not one
 * run-time pointer. At most a warning, never an error. */
#include <stdlib.h>
#include <string.h>

struct buf {
    char *data;
    size_t len;
};

void copy_buf(struct buf *dst, const struct buf *src) {
    memcpy(dst->data, src->data, src->len); /* expect: overlapping-copy warning */
}

int main(void) {
    struct buf a = {malloc(16), 16};
    struct buf b = {malloc(16), 16};
    copy_buf(&a, &b);
    return 0;
}
