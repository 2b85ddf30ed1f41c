/* The same buffer and cursor, moved with memmove; and a copy between the fields of two
 * different objects, which the stores into each keep apart. */
#include <stdlib.h>
#include <string.h>

struct reader {
    char *cursor;
    char *coalesce;
    size_t loaded;
};

void refill(struct reader *r) {
    if (r->loaded > 0) {
        memmove(r->coalesce, r->cursor, r->loaded);
        r->cursor = r->coalesce;
    }
}

void take_over(struct reader *to, const struct reader *from) {
    memcpy(to->coalesce, from->cursor, 8);
}

int main(void) {
    struct reader a = {malloc(64), malloc(64), 8};
    refill(&a);
    struct reader b = {malloc(64), malloc(64), 8};
    struct reader c = {malloc(64), malloc(64), 8};
    take_over(&b, &c);
    return 0;
}
