/* The same variable holds the destination and, on a join, the source. */
#include <string.h>

static char buf[64];
static char other[64];

void join(int c, size_t n) {
    char *p = other;
    if (c) p = buf;
    memcpy(buf, p, n); /* expect: overlapping-copy warning */
}

void shift(void) {
    char *p = buf;
    char *q = p + 4;
    memcpy(q, p, 8); /* expect: overlapping-copy error */
}

int main(int argc, char **argv) {
    (void)argv;
    join(argc, 8);
    shift();
    return 0;
}
