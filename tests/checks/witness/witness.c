#include <string.h>

static char buf[32];

int main(void) {
    char *p = buf;
    char *q = p;
    char *r = q;
    char *s = buf;
    memcpy(r, s, 4); /* expect: overlapping-copy error */
    /* witness: 3 6 7 8 9 (buf declared, p = buf, q = p, r = q, s = buf) */
    return 0;
}
