// RUN: --integer-pointers
// With --integer-pointers, a pointer-wide integer keeps the pointer's value through casts
// and arithmetic (alignment masks, offsets), and nothing is reported as unmodelled.
typedef unsigned long uintptr_t;
void f(int *p) {
    uintptr_t u = (uintptr_t)p;
    uintptr_t aligned = (u + 7) & ~7UL;
    int *q = (int *)aligned;
    int small = (int)(long)p;
}
// CSPA-EXACT
// CSPA: assign(f::aligned, f::q)
// CSPA: assign(f::p, f::u)
// CSPA: assign(f::u, f::aligned)
// UNMODELLED: pointer-to-int-cast 0
// STAT: unmodelled 0
