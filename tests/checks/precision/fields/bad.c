/* A copy that runs past its field into the next one, and a field copied onto itself. */
#include <string.h>
#include "alias_assert.h"

struct two {
    char a[8];
    char b[8];
};

void spill(struct two *t) {
    char *whole = (char *)t;
    memcpy(whole + 4, whole, 8); /* expect: overlapping-copy error */
    MUSTALIAS(t->a, t);
}

void onto_itself(struct two *t) {
    strcpy(t->b, t->b); /* expect: overlapping-copy error */
}

int main(void) {
    struct two t = {{0}, {0}};
    spill(&t);
    onto_itself(&t);
    return 0;
}
