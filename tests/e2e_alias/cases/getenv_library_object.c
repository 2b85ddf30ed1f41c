// getenv returns memory owned by the C library: one object for every call.
#include <stdlib.h>
#include "alias_assert.h"
int main(void) {
    char *home = getenv("HOME");
    char *path = getenv("PATH");
    char mine[4];
    MAYALIAS(home, path);
    NOALIAS(home, mine);
    return 0;
}
