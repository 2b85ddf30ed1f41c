// RUN: --context-k=1
// Heap cloning: the allocation site inside a function gets one object per calling context
// (xmalloc remembers its result, so it is no allocation wrapper: allocation_wrapper.c).
void *malloc(unsigned long size);
void *last;
void *xmalloc(unsigned long n) { return last = malloc(n); }
void f(void) {
    char *a = xmalloc(1);
    char *b = xmalloc(2);
}

// CSPA: assign(&heap@heap_wrapper.c:6:48#1, xmalloc::$call@6:48#1)
// CSPA: assign(&heap@heap_wrapper.c:6:48#2, xmalloc::$call@6:48#2)
// CSPA: assign(f::$call@8:15, f::a)
// CSPA: assign(f::$call@9:15, f::b)
// CSPA: assign(xmalloc::return#1, f::$call@8:15)
// CSPA: assign(xmalloc::return#2, f::$call@9:15)
// NODE: heap@heap_wrapper.c:6:48#1 heap
// NODE: heap@heap_wrapper.c:6:48#2 heap
// STAT: allocation_wrappers 0
