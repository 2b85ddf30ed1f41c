#include <string.h>
#include "alias_assert.h"
int main(void) {
    const char *s = "text";
    char *a = strdup(s);
    char *b = strdup(s);
    NOALIAS(a, b);
    NOALIAS(a, s);
    return 0;
}
