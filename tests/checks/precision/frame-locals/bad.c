/* A variable of the function reached through a pointer the function computed itself. */
#include <string.h>

static void fill(char *dst, const char *src, size_t n) {
    memcpy(dst, src, n); /* expect: overlapping-copy warning */
}

void pad(size_t n) {
    char buffer[16] = {0};
    fill(buffer, buffer + 2, n);
}

int main(void) {
    pad(8);
    return 0;
}
