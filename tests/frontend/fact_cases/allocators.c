// calloc, realloc, strdup and aligned_alloc are allocators; realloc may also return its argument.
void *calloc(unsigned long n, unsigned long size);
void *realloc(void *p, unsigned long size);
char *strdup(const char *s);
void *aligned_alloc(unsigned long alignment, unsigned long size);
void f(const char *s) {
    int *a = calloc(4, 4);
    int *b = realloc(a, 32);
    char *c = strdup(s);
    void *d = aligned_alloc(16, 64);
}

// CSPA-EXACT
// CSPA: assign(&heap@allocators.c:10:15, f::$call@10:15)
// CSPA: assign(&heap@allocators.c:7:14, f::$call@7:14)
// CSPA: assign(&heap@allocators.c:8:14, f::$call@8:14)
// CSPA: assign(&heap@allocators.c:9:15, f::$call@9:15)
// CSPA: assign(f::$call@10:15, f::d)
// CSPA: assign(f::$call@7:14, f::a)
// CSPA: assign(f::$call@8:14, f::b)
// CSPA: assign(f::$call@9:15, f::c)
// CSPA: assign(f::a, f::$call@8:14)
// CSPA: dereference(&heap@allocators.c:10:15, heap@allocators.c:10:15)
// CSPA: dereference(&heap@allocators.c:7:14, heap@allocators.c:7:14)
// CSPA: dereference(&heap@allocators.c:8:14, heap@allocators.c:8:14)
// CSPA: dereference(&heap@allocators.c:9:15, heap@allocators.c:9:15)
