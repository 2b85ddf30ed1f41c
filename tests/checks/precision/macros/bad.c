/* Two calls a macro's body spells are two findings at the macro's invocation, each linking
 * where the macro spells it; a call written as a macro's argument is reported where it is
 * written. */
#include <string.h>

#define TWO(d, s)          \
    do {                   \
        memcpy(d, s, 4);   \
        strcpy(d, s);      \
    } while (0)
#define WRAP(x) x

static char buf[16];

int main(void) {
    char *p = buf;
    TWO(p, p + 1); /* expect: overlapping-copy error */ /* expect: overlapping-copy warning */
    WRAP(memcpy(p + 2, p, 4)); /* expect: overlapping-copy error */
    return 0;
}
