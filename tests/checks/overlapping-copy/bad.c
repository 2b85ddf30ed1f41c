#include <string.h>

static char buf[64];
static char other[64];

void shift(void) {
    char *src = buf;
    memcpy(buf, src, 16); /* expect: overlapping-copy error */
}

void pick(int flag) {
    char *src = flag ? buf : other;
    strcpy(buf, src); /* expect: overlapping-copy warning */
}

int main(int argc, char **argv) {
    (void)argv;
    shift();
    pick(argc);
    return 0;
}
