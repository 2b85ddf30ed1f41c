/* The variables the copies meet are told apart: the cursor never takes the caller's
 * buffer, and the scalars are two different variables. */
#include <string.h>
#include "alias_assert.h"

struct reader {
    char *next;
    unsigned have;
};

static char storage[16];

void read_bytes(struct reader *r, char *buf, unsigned len) {
    if (r->have != 0) {
        memcpy(buf, r->next, len < r->have ? len : r->have);
        NOALIAS(buf, r->next);
    }
}

void copy_long(long *dst, const long *src) {
    memcpy(dst, src, sizeof *dst);
    NOALIAS(dst, src);
}

int main(void) {
    struct reader r = {storage, 16};
    char byte[1];
    read_bytes(&r, byte, 1);
    long value = 7;
    long copy = 0;
    copy_long(&copy, &value);
    return 0;
}
