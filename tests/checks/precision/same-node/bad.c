/* The same load twice is the same pointer: a certain overlap. */
#include <string.h>

struct buf {
    char *data;
    size_t len;
};

void self_copy(struct buf *b) {
    memcpy(b->data, b->data, 8); /* expect: overlapping-copy error */
}

int main(void) {
    static char storage[16];
    struct buf b = {storage, 16};
    self_copy(&b);
    return 0;
}
