#include <string.h>

static char buf[64];
static char other[64];

void shift(void) {
    char *src = buf;
    memmove(buf, src, 16);
}

void pick(int flag) {
    char *src = flag ? other : other;
    strcpy(buf, src);
}

int main(int argc, char **argv) {
    (void)argv;
    shift();
    pick(argc);
    return 0;
}
