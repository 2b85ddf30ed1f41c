/* The same load twice is the same pointer: a certain overlap. Two objects whose fields were
 * given one block: a possible one. */
#include <stdlib.h>
#include <string.h>

struct buf {
    char *data;
    size_t len;
};

void self_copy(struct buf *b) {
    memcpy(b->data, b->data, 8); /* expect: overlapping-copy error */
}

void copy_buf(struct buf *dst, const struct buf *src) {
    memcpy(dst->data, src->data, src->len); /* expect: overlapping-copy warning */
}

int main(void) {
    static char storage[16];
    struct buf b = {storage, 16};
    self_copy(&b);
    char *shared = malloc(16);
    struct buf x = {shared, 16};
    struct buf y = {shared, 16};
    copy_buf(&x, &y);
    return 0;
}
