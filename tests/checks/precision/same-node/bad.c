/* The same load twice is the same pointer: a certain overlap. Two objects whose fields were
 * given one buffer: a possible one, a warning when that buffer is one variable, a note when
 * it is only known as an allocation site (which stands for every block allocated there). */
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

void copy_block(struct buf *dst, const struct buf *src) {
    memcpy(dst->data, src->data, src->len); /* expect: overlapping-copy note */
}

int main(void) {
    static char storage[16];
    struct buf b = {storage, 16};
    self_copy(&b);
    struct buf tail = {storage + 4, 12};
    copy_buf(&b, &tail);
    char *shared = malloc(16);
    struct buf x = {shared, 16};
    struct buf y = {shared, 16};
    copy_block(&x, &y);
    return 0;
}
