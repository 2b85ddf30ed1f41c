/* Within an API function, one parameter at two offsets is one buffer. */
#include <string.h>

void api_shift(char *p) {
    memcpy(p + 1, p, 4); /* expect: overlapping-copy error */
}
