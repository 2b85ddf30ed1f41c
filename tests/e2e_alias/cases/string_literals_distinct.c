// RUN: --distinct-string-literals
// One object per string literal.
#include "alias_assert.h"
int main(void) {
    const char *a = "alpha";
    const char *b = "beta";
    const char *c = a;
    NOALIAS(a, b);
    MAYALIAS(c, a);
    return 0;
}
