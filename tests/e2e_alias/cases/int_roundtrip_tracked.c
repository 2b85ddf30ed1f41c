// RUN: --integer-pointers
// int_roundtrip.c with pointer-wide integers tracked: the pointer keeps its target.
#include <stdint.h>
#include "alias_assert.h"
int main(void) {
    int x, y;
    uintptr_t bits = (uintptr_t)&x;
    int *back = (int *)(bits | 1);
    MAYALIAS(back, &x);
    NOALIAS(back, &y);
    return 0;
}
