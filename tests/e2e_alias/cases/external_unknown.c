// A function with no body and no model: its result is one unknown object per function.
#include "alias_assert.h"
char *lookup(const char *key);
char *other_lookup(const char *key);
int main(void) {
    char *a = lookup("a");
    char *b = lookup("b");
    char *c = other_lookup("c");
    MAYALIAS(a, b);
    NOALIAS(a, c);
    return 0;
}
