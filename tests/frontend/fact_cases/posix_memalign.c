// posix_memalign stores a fresh heap object through its first argument.
int posix_memalign(void **out, unsigned long alignment, unsigned long size);
void f(void) {
    void *p;
    posix_memalign(&p, 16, 64);
}

// CSPA-EXACT
// CSPA: assign(&heap@posix_memalign.c:5:5, f::p)
// CSPA: dereference(&f::p, f::p)
// CSPA: dereference(&heap@posix_memalign.c:5:5, heap@posix_memalign.c:5:5)
