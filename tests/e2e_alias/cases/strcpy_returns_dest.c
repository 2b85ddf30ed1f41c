#include <string.h>
#include "alias_assert.h"
int main(void) {
    char d[8], s[8] = "abc";
    char *r = strcpy(d, s);
    char *c = strcat(d, "x");
    MAYALIAS(r, d);
    MAYALIAS(c, d);
    NOALIAS(r, s);
    return 0;
}
