// memcpy copies the pointers stored in the source into the destination.
#include <string.h>
#include "alias_assert.h"
int main(void) {
    int x, y;
    int *src = &x;
    int *dst = &y;
    int *keep = &y;
    memcpy(&dst, &src, sizeof src);
    MAYALIAS(dst, &x);
    NOALIAS(keep, &x);
    return 0;
}
