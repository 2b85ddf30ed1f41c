// The shape of a restrict violation: both arguments point into one buffer.
#include <string.h>
#include "alias_assert.h"
static void shift(char *buf, size_t n) { memcpy(buf, buf + 1, n); }
int main(void) {
    char data[16], other[16];
    shift(data, 4);
    MAYALIAS(data, data + 1);
    NOALIAS(data, other);
    return 0;
}
