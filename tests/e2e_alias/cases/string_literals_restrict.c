// Literals passed straight to restrict parameters keep objects of their own when literals
// are merged: the two arguments of fopen("data", "r") do not alias.
#include <stdio.h>
#include "alias_assert.h"
static void both(const char *restrict a, const char *restrict b) {
    NOALIAS(a, b);
    (void)a;
    (void)b;
}
int main(void) {
    both("data", "r");
    return 0;
}
