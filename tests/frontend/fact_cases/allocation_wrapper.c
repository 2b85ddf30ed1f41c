// RUN: --context-k=0
// An allocation wrapper (a function that returns only fresh memory from an allocator and
// lets it go nowhere else) is called like malloc: each call site gets a heap object of its
// own; its body is analysed with its arguments as usual (allocation_wrappers.hpp). Wrappers
// of wrappers too.
void *malloc(unsigned long size);
void abort(void);
void *xmalloc(unsigned long n) {
    void *p = malloc(n);
    if (!p) abort();
    return p;
}
int *new_int(void) { return xmalloc(sizeof(int)); }
void f(void) {
    char *a = xmalloc(1);
    int *b = new_int();
}

// CSPA-EXACT
// CSPA: assign(&heap@allocation_wrapper.c:13:29, new_int::$call@13:29)
// CSPA: assign(&heap@allocation_wrapper.c:15:15, f::$call@15:15)
// CSPA: assign(&heap@allocation_wrapper.c:16:14, f::$call@16:14)
// CSPA: assign(&heap@allocation_wrapper.c:9:15, xmalloc::$call@9:15)
// CSPA: assign(f::$call@15:15, f::a)
// CSPA: assign(f::$call@16:14, f::b)
// CSPA: assign(new_int::$call@13:29, new_int::return)
// CSPA: assign(xmalloc::$call@9:15, xmalloc::p)
// CSPA: assign(xmalloc::p, xmalloc::return)
// CSPA: dereference(&heap@allocation_wrapper.c:13:29, heap@allocation_wrapper.c:13:29)
// CSPA: dereference(&heap@allocation_wrapper.c:15:15, heap@allocation_wrapper.c:15:15)
// CSPA: dereference(&heap@allocation_wrapper.c:16:14, heap@allocation_wrapper.c:16:14)
// CSPA: dereference(&heap@allocation_wrapper.c:9:15, heap@allocation_wrapper.c:9:15)
// STAT: allocation_wrappers 2
