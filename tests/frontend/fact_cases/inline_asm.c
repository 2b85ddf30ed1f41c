// Inline assembly is reported as unmodelled.
void f(int *p) {
    __asm__ volatile("" : : "r"(p) : "memory");
}
// UNMODELLED: inline-asm 1
// STAT: unmodelled 1
